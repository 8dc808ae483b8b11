// Wundr's dangerous-tool blocker: the shared security table, plus Wundr's own rules: tools that
// are destructive by name, and destructive SQL anywhere in a tool's input.
import type { InWorkerHook } from '../run/in-worker-hook.js';
import { dangerousToolBlockerOptions, readBuiltinOptions } from './builtin-options.js';
import { denyToolCall } from './hook-answers.js';
import { objectField, textField } from './input-fields.js';
import { describeViolation, findSecurityViolation } from './security-check.js';

// Wundr's statements: whole databases and tables emptied in one line.
const DESTRUCTIVE_SQL = /\b(?:drop\s+(?:database|schema)|truncate\s+table)\b/i;

/** Denies a PreToolUse call by tool name, security rule or destructive SQL; says nothing otherwise. */
const dangerousToolBlocker: InWorkerHook = async (input, context) => {
  const options = readBuiltinOptions('dangerous-tool-blocker', dangerousToolBlockerOptions, context.options);
  const toolName = textField(input, 'tool_name', 'toolName');
  if (toolName !== undefined && options.blockedTools.includes(toolName)) {
    return denyToolCall(context.event, `dangerous-tool blocker: tool "${toolName}" is destructive by policy and needs manual approval`);
  }
  const violation = await findSecurityViolation(input, context, options.disabledRules);
  if (violation !== null) return denyToolCall(context.event, describeViolation('dangerous-tool blocker', violation));
  if (options.blockDestructiveSql && someString(objectField(input, 'tool_input', 'toolInput'), (text) => DESTRUCTIVE_SQL.test(text))) {
    return denyToolCall(context.event, 'dangerous-tool blocker: the tool input drops a database or truncates a table; review and run it by hand');
  }
  return undefined;
};

// Any string in a JSON value, however deep (bounded: tool inputs are small).
function someString(value: unknown, test: (text: string) => boolean, depth = 0): boolean {
  if (typeof value === 'string') return test(value);
  if (depth > 8 || typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((item) => someString(item, test, depth + 1));
}

export default dangerousToolBlocker;
