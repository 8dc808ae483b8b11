// Tests one tool call against the security table. Bash rules are read as a blocker reads them:
// a subcommand must match as written (a filter's "cannot tell, so run the guard" would deny every
// command holding a variable). The command is taken apart once per call and every rule tests the
// same readings. File rules use the `if` code unchanged, on calls that name a file.
import { HookpoolError } from '../errors.js';
import { commandPatternRegex, commandReadings } from '../plan/command-pattern.js';
import { compilePermissionRule, type PathAnchors } from '../plan/permission-rule.js';
import { SECURITY_RULES, type SecurityRule } from './security-rules.js';

/** A rule a tool call breaks, and the permission rule or regex that caught it. */
export interface SecurityViolation {
  readonly rule: SecurityRule;
  readonly matchedBy: string;
}

/** Checks one call: tool name, tool input and the fire's current directory. */
export type SecurityCheck = (toolName: string, toolInput: unknown, cwd: string) => SecurityViolation | null;

// One call as the rules see it; `readings` is computed on first use.
interface CallView {
  readonly toolName: string;
  readonly toolInput: Record<string, unknown>;
  readonly cwd: string;
  /** The Bash command line, when the call is a Bash call with one. */
  readonly line: string | undefined;
  readings(): readonly string[];
}

type CallTest = (call: CallView) => boolean;

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
export function compileSecurityRules(anchors: PathAnchors, disabledRules: readonly string[] = []): SecurityCheck {
  const unknown = disabledRules.filter((id) => !SECURITY_RULES.some((rule) => rule.id === id));
  if (unknown.length > 0) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', `unknown security rule id ${unknown.map((id) => JSON.stringify(id)).join(', ')}; known: ${SECURITY_RULES.map((rule) => rule.id).join(', ')}`);
  const compiled = SECURITY_RULES.filter((rule) => !disabledRules.includes(rule.id)).map((rule) => ({ rule, tests: compileRule(rule, anchors) }));
  return (toolName, toolInput, cwd) => {
    if (typeof toolInput !== 'object' || toolInput === null || Array.isArray(toolInput)) return null;
    const call = viewCall(TOOL_ALIASES[toolName] ?? toolName, toolInput as Record<string, unknown>, cwd);
    for (const { rule, tests } of compiled) {
      for (const { source, test } of tests) if (test(call)) return { rule, matchedBy: source };
    }
    return null;
  };
}

function viewCall(toolName: string, toolInput: Record<string, unknown>, cwd: string): CallView {
  const line = toolName === 'Bash' && typeof toolInput.command === 'string' ? toolInput.command : undefined;
  let readings: readonly string[] | undefined;
  return { toolName, toolInput, cwd, line, readings: () => (readings ??= line === undefined ? [] : commandReadings(line)) };
}

function compileRule(rule: SecurityRule, anchors: PathAnchors): { source: string; test: CallTest }[] {
  const tests = rule.rules.map((source) => ({ source, test: compileRuleString(source, anchors) }));
  if (rule.regex !== null) {
    const { pattern, on } = rule.regex;
    const test: CallTest = on === 'line'
      ? (call) => call.line !== undefined && pattern.test(call.line)
      : (call) => call.line !== undefined && call.readings().some((reading) => pattern.test(reading));
    tests.push({ source: `regex ${pattern.source}`, test });
  }
  return tests;
}

function compileRuleString(source: string, anchors: PathAnchors): CallTest {
  const bash = BASH_RULE.exec(source);
  if (bash !== null) {
    const regex = commandPatternRegex(bash[1]!, { ignoreCase: false });
    return (call) => call.line !== undefined && (regex.test(call.line.trim()) || call.readings().some((reading) => regex.test(reading)));
  }
  const matches = compilePermissionRule(source, anchors);
  return (call) => PATH_FIELDS.some((field) => typeof call.toolInput[field] === 'string') && matches(call.toolName, call.toolInput, call.cwd);
}
