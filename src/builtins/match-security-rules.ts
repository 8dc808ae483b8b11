// Tests one tool call against the security table. Bash rules are read as a blocker reads them:
// a subcommand must match as written (a filter's "cannot tell, so run the guard" would deny every
// command holding a variable). File rules use the `if` code unchanged, on calls that name a file.
import { HookpoolError } from '../errors.js';
import { compileDefiniteCommandPattern, someReadingMatches } from '../plan/command-pattern.js';
import { compilePermissionRule, type PathAnchors } from '../plan/permission-rule.js';
import { SECURITY_RULES, type SecurityRule } from './security-rules.js';

/** A rule a tool call breaks, and the permission rule or regex that caught it. */
export interface SecurityViolation {
  readonly rule: SecurityRule;
  readonly matchedBy: string;
}

type CallTest = (toolName: string, toolInput: Record<string, unknown>, cwd: string) => boolean;

interface CompiledRule {
  readonly rule: SecurityRule;
  readonly tests: readonly { readonly source: string; readonly test: CallTest }[];
}

// Other seeds' names for the same tools (Autohand's run_command, write_file, ...).
const TOOL_ALIASES: Readonly<Record<string, string>> = {
  run_command: 'Bash',
  shell: 'Bash',
  write_file: 'Write',
  edit_file: 'Edit',
  delete_path: 'Write',
  read_file: 'Read',
};

const BASH_RULE = /^Bash\((.*)\)$/s;
const PATH_FIELDS = ['file_path', 'notebook_path', 'path'] as const;

/** The table compiled once for these anchors, minus the rules whose ids are in `disabledRules`. */
export function compileSecurityRules(anchors: PathAnchors, disabledRules: readonly string[] = []): (toolName: string, toolInput: unknown, cwd: string) => SecurityViolation | null {
  const unknown = disabledRules.filter((id) => !SECURITY_RULES.some((rule) => rule.id === id));
  if (unknown.length > 0) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', `unknown security rule id ${unknown.map((id) => JSON.stringify(id)).join(', ')}; known: ${SECURITY_RULES.map((rule) => rule.id).join(', ')}`);
  const compiled = SECURITY_RULES.filter((rule) => !disabledRules.includes(rule.id)).map((rule) => compileRule(rule, anchors));
  return (toolName, toolInput, cwd) => {
    if (typeof toolInput !== 'object' || toolInput === null || Array.isArray(toolInput)) return null;
    const name = TOOL_ALIASES[toolName] ?? toolName;
    for (const { rule, tests } of compiled) {
      for (const { source, test } of tests) {
        if (test(name, toolInput as Record<string, unknown>, cwd)) return { rule, matchedBy: source };
      }
    }
    return null;
  };
}

function compileRule(rule: SecurityRule, anchors: PathAnchors): CompiledRule {
  const tests = rule.rules.map((source) => ({ source, test: compileRuleString(source, anchors) }));
  if (rule.regex !== null) {
    const { pattern, on } = rule.regex;
    const matches = on === 'line' ? (command: string) => pattern.test(command) : (command: string) => someReadingMatches(command, (text) => pattern.test(text));
    tests.push({ source: `regex ${pattern.source}`, test: (toolName, toolInput) => toolName === 'Bash' && typeof toolInput.command === 'string' && matches(toolInput.command) });
  }
  return { rule, tests };
}

function compileRuleString(source: string, anchors: PathAnchors): CallTest {
  const bash = BASH_RULE.exec(source);
  if (bash !== null) {
    const matches = compileDefiniteCommandPattern(bash[1]!, { ignoreCase: false });
    return (toolName, toolInput) => toolName === 'Bash' && typeof toolInput.command === 'string' && matches(toolInput.command);
  }
  const matches = compilePermissionRule(source, anchors);
  return (toolName, toolInput, cwd) => PATH_FIELDS.some((field) => typeof toolInput[field] === 'string') && matches(toolName, toolInput, cwd);
}
