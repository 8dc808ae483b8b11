// The security table applied to one PreToolUse input, compiled once per worker for each
// (project, home, disabled rules) a hook uses.
import { homedir } from 'node:os';
import type { InWorkerHookContext } from '../run/in-worker-hook.js';
import { compileSecurityRules, type SecurityCheck, type SecurityViolation } from './match-security-rules.js';
import { objectField, textField } from './input-fields.js';

// Few distinct keys per worker (one per configured hook); never evicted.
const compiled = new Map<string, SecurityCheck>();

/**
 * The rule this tool call breaks, or null; a call that names no tool breaks none. Asynchronous
 * because the first Bash call a worker inspects imports the shell parser.
 */
export async function findSecurityViolation(input: Readonly<Record<string, unknown>>, context: InWorkerHookContext, disabledRules: readonly string[]): Promise<SecurityViolation | null> {
  const toolName = textField(input, 'tool_name', 'toolName');
  const toolInput = objectField(input, 'tool_input', 'toolInput');
  if (toolName === undefined || toolInput === undefined) return null;
  const anchors = { projectDir: context.projectDir, home: context.env.HOME ?? homedir() };
  const key = JSON.stringify([anchors.projectDir, anchors.home, disabledRules]);
  let check = compiled.get(key);
  if (check === undefined) {
    check = compileSecurityRules(anchors, disabledRules);
    compiled.set(key, check);
  }
  return check(toolName, toolInput, textField(input, 'cwd') ?? context.cwd);
}

/** The deny reason a model and a user read. */
export function describeViolation(guard: string, violation: SecurityViolation): string {
  return `${guard}: blocked ${violation.rule.description} (rule ${violation.rule.id}, matched ${violation.matchedBy})`;
}
