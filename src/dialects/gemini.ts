// Gemini CLI's hook protocol (its docs' hooks reference, checked against 0.61.0's code and runs):
// the input already uses Claude Code's field names (tool_name, tool_input, prompt, ...) with
// Gemini's own event and tool names (BeforeTool, run_shell_command, replace, ...), read here as
// hookpool's. The answer is always JSON on exit 0: `decision: "deny"` with `reason` refuses
// (BeforeTool: the call; BeforeAgent: the turn; AfterAgent: the reply, `reason` becoming the next
// prompt), `continue: false` stops the agent loop, `systemMessage` is shown to the user, and
// `hookSpecificOutput` carries additionalContext and BeforeTool's replacement `tool_input`.
// Gemini has no fail-closed setting: it runs a call whose hook exits 1, times out or dies by a
// signal, but refuses on any other exit with text. So the entries turn hookpool's own failures
// into exit 2 with the reason (see settings/entry-command.ts).
import { isRefusal } from '../events/decision-rank.js';
import type { FireResult } from '../model/fire-result.js';
import type { EventName, EventSpec } from '../events/event-specs.js';
import { givenFields, hookpoolNotices, hooksStderr } from './answer-text.js';
import { reasonGivenBy } from './claude/output-fields.js';
import type { Dialect } from './dialect.js';
import { EXIT } from './exit-codes.js';
import { commandAgentSettings } from './settings/command-agent-settings.js';
import { refuseOnOtherExit } from './settings/entry-command.js';
import { agentToolInput, AGENT_TOOL_NAME_FIELD, canonicalToolCall, type ToolTable } from './tools.js';

const EVENTS: Readonly<Record<string, EventName>> = {
  BeforeTool: 'PreToolUse',
  AfterTool: 'PostToolUse',
  BeforeAgent: 'UserPromptSubmit',
  AfterAgent: 'Stop',
  SessionStart: 'SessionStart',
  SessionEnd: 'SessionEnd',
  Notification: 'Notification',
  PreCompress: 'PreCompact',
};

// Gemini CLI 0.61's built-in tools (their argument names as the model sends them).
const TOOLS: ToolTable = {
  run_shell_command: { tool: 'Bash' },
  write_file: { tool: 'Write' },
  replace: { tool: 'Edit', fields: { allow_multiple: 'replace_all' } },
  read_file: { tool: 'Read' },
  read_many_files: { tool: 'Read' },
  list_directory: { tool: 'LS', fields: { dir_path: 'path' } },
  grep_search: { tool: 'Grep', fields: { dir_path: 'path', include_pattern: 'glob' } },
  search_file_content: { tool: 'Grep', fields: { dir_path: 'path', include_pattern: 'glob' } },
  glob: { tool: 'Glob', fields: { dir_path: 'path' } },
  web_fetch: { tool: 'WebFetch' },
  google_web_search: { tool: 'WebSearch' },
  write_todos: { tool: 'TodoWrite' },
  invoke_agent: { tool: 'Task', fields: { agent_name: 'subagent_type' } },
};

function answer(spec: EventSpec, result: FireResult, notices: readonly string[], input: Record<string, unknown>): ReturnType<Dialect['answer']> {
  // Gemini runs headless calls without asking anyone: a hook's `ask` reaches it as a refusal that says approval was wanted.
  const asked = result.continue && result.decision === 'ask';
  const reason = asked ? `a hook asks for approval, which Gemini CLI cannot ask here: ${result.reason ?? 'approve it by hand'}` : (reasonGivenBy(result) ?? result.reason ?? 'blocked by a hook');
  const refused = result.continue && (result.blocked || isRefusal(result.decision) || asked);
  // A refusal after the fact (AfterTool) becomes context for the model: Gemini's deny there would hide the tool's real output.
  const feedback = refused && spec.exit2 === 'feedback';
  const decision = refused && !feedback ? { decision: 'deny', reason } : result.decision === 'allow' ? { decision: 'allow' } : {};
  const replacement = spec.permissionAnswer === 'permissionDecision' && !refused ? agentToolInput(TOOLS, input[AGENT_TOOL_NAME_FIELD], result.updatedInput) : null;
  const specific = givenFields({
    additionalContext: [result.additionalContext, feedback ? reason : null].filter(Boolean).join('\n') || null,
    tool_input: replacement,
  });
  const output = {
    ...decision,
    ...(result.continue ? {} : givenFields({ continue: false, stopReason: result.stopReason })),
    ...givenFields({
      systemMessage: [result.systemMessage, ...hookpoolNotices(spec, result, notices)].filter(Boolean).join('\n') || null,
      suppressOutput: result.suppressOutput,
    }),
    ...(Object.keys(specific).length > 0 ? { hookSpecificOutput: specific } : {}),
  };
  return { stdout: JSON.stringify(output), stderr: hooksStderr(result), exitCode: EXIT.proceed };
}

export const geminiDialect: Dialect = {
  name: 'gemini',
  agent: 'Gemini CLI',
  events: EVENTS,
  tools: TOOLS,
  readInput: (_event, input) => canonicalToolCall(TOOLS, input),
  answer,
  showsNotices: () => true,
  settings: commandAgentSettings({
    dialect: 'gemini',
    file: '.gemini/settings.json',
    emptyDocument: {},
    events: EVENTS,
    tools: TOOLS,
    // {matcher?, hooks: [{type, name, command, timeout (milliseconds)}]}; the matcher is a regular expression on Gemini's tool name.
    item: ({ command, timeoutSeconds, agentTools }) => ({
      ...(agentTools === null ? {} : { matcher: `^(${agentTools.join('|')})$` }),
      hooks: [{ type: 'command', name: 'hookpool', command, timeout: timeoutSeconds * 1000 }],
    }),
    refuseOnFailure: refuseOnOtherExit,
    guardsProceedWhen: 'hookpool times out or is killed by a signal (Gemini CLI has no fail-closed setting)',
    enablingSteps: (projectDir) => [
      `Gemini CLI runs hooks only in a trusted folder: trust ${projectDir} when Gemini asks on its first start there (or add it to ~/.gemini/trustedFolders.json as "TRUST_FOLDER")`,
      'Gemini CLI has no fail-closed setting: a hookpool that times out (past the entry\'s timeout) lets the call through; keep hooks well under it',
    ],
  }),
};
