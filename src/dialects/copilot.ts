// GitHub Copilot CLI's hook protocol (1.0: its hooks reference, checked against 1.0.102's runs):
// .github/hooks/*.json, `version: 1`. Events configured in camelCase get camelCase input
// (toolName, toolArgs as an object, sessionId) without the event's name, so hookpool is called
// with the event on its command line. Copilot reads JSON on stdout: preToolUse's
// `permissionDecision` (allow | deny | ask; ask refuses in -p mode) with `permissionDecisionReason`
// and `modifiedArgs`; agentStop/subagentStop's `decision: "block"` with `reason` (the next turn's
// prompt); permissionRequest's `behavior`, `message`, `interrupt`; `additionalContext`. A hook that
// errors (exit 1, a missing script) refuses the call; one that times out lets it run (there is no
// fail-closed setting). Copilot shows no hook text to the user: notices go to stderr, which it logs.
// Copilot also runs the Claude Code hooks in .claude/settings.json: a project wired for both runs
// hookpool twice per call under Copilot (hookpool doctor says so).
import { isRefusal } from '../events/decision-rank.js';
import type { FireResult } from '../model/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import { reasonGivenBy } from './claude/output-fields.js';
import { EXIT } from './exit-codes.js';
import type { EventName } from '../events/event-specs.js';
import { givenFields, hookpoolNotices, hooksStderr, joinLines } from './answer-text.js';
import type { AgentAnswer, Dialect } from './dialect.js';
import { commandAgentSettings } from './settings/command-agent-settings.js';
import { agentToolInput, AGENT_TOOL_NAME_FIELD, canonicalToolCall, type ToolTable } from './tools.js';
import { parsedJson, withMissingFields } from './tool-payload.js';

const EVENTS: Readonly<Record<string, EventName>> = {
  preToolUse: 'PreToolUse',
  postToolUse: 'PostToolUse',
  userPromptSubmitted: 'UserPromptSubmit',
  agentStop: 'Stop',
  subagentStop: 'SubagentStop',
  sessionStart: 'SessionStart',
  sessionEnd: 'SessionEnd',
  errorOccurred: 'Error',
};

// Copilot CLI 1.0's tools with the models that get `create`/`edit` (gpt-4.1); gpt-5 models get a freeform apply_patch instead.
const TOOLS: ToolTable = {
  bash: { tool: 'Bash' },
  edit: { tool: 'Edit', fields: { path: 'file_path', old_str: 'old_string', new_str: 'new_string' } },
  create: { tool: 'Write', fields: { path: 'file_path', file_text: 'content' } },
  view: { tool: 'Read', fields: { path: 'file_path' } },
  glob: { tool: 'Glob' },
  grep: { tool: 'Grep' },
  rg: { tool: 'Grep' },
  task: { tool: 'Task' },
  web_fetch: { tool: 'WebFetch' },
  web_search: { tool: 'WebSearch' },
};

// Copilot skips a hook that fails: on a guard, only a deny on stdout refuses the call.
const DENY_ON_FAILURE = `; s=$?; [ $s = 0 ] || printf '%s\\n' '{"permissionDecision":"deny","permissionDecisionReason":"hookpool could not run: refusing"}'; exit 0`;

function adaptPayload(_agentEvent: string, payload: Record<string, unknown>): Record<string, unknown> {
  return canonicalToolCall(TOOLS, withMissingFields(payload, {
    tool_name: payload.toolName,
    tool_input: parsedJson(payload.toolArgs),
    tool_response: payload.toolResult,
    session_id: payload.sessionId,
    transcript_path: payload.transcriptPath,
  }));
}

function answer(spec: EventSpec, result: FireResult, configNotices: readonly string[], input: Record<string, unknown>): AgentAnswer {
  const reason = reasonGivenBy(result) ?? result.reason ?? 'blocked by a hook';
  const refused = result.blocked || isRefusal(result.decision) || !result.continue;
  const why = refused ? (result.continue ? reason : (result.stopReason ?? reason)) : null;
  let output: Record<string, unknown> = {};
  if (spec.permissionAnswer === 'permissionDecision') {
    const permissionDecision = refused ? 'deny' : result.decision === 'allow' || result.decision === 'ask' ? result.decision : null;
    output = givenFields({ permissionDecision, permissionDecisionReason: why, modifiedArgs: refused ? null : agentToolInput(TOOLS, input[AGENT_TOOL_NAME_FIELD], result.updatedInput) });
  } else if (spec.permissionAnswer === 'decisionBehavior') {
    const behavior = refused ? 'deny' : result.decision === 'allow' ? 'allow' : null;
    output = givenFields({ behavior, message: why, interrupt: refused && (result.interrupt || !result.continue) });
  } else if (spec.blockKeepsAgentRunning) {
    output = refused && result.continue ? { decision: 'block', reason } : {};
  } else {
    output = givenFields({ additionalContext: result.additionalContext });
  }
  const stderr = joinLines([hooksStderr(result), result.systemMessage, ...hookpoolNotices(spec, result, configNotices)]);
  return { stdout: JSON.stringify(output), stderr, exitCode: EXIT.proceed };
}

export const copilotDialect: Dialect = {
  name: 'copilot',
  agent: 'GitHub Copilot CLI',
  events: EVENTS,
  tools: TOOLS,
  readInput: adaptPayload,
  answer,
  // Copilot shows no hook text: notices go to stderr, which it logs, every time.
  showsNotices: () => false,
  settings: commandAgentSettings({
    dialect: 'copilot',
    file: '.github/hooks/hookpool.json',
    emptyDocument: { version: 1 },
    events: EVENTS,
    tools: TOOLS,
    // {type, bash, timeoutSec, matcher}: Copilot loads every .github/hooks/*.json; the matcher is a regular expression that must match the whole tool name.
    item: ({ command, timeoutSeconds, agentTools }) => ({ type: 'command', bash: command, timeoutSec: timeoutSeconds, ...(agentTools === null ? {} : { matcher: agentTools.join('|') }) }),
    refuseOnFailure: (command, agentEvent) => (EVENTS[agentEvent] === 'PreToolUse' ? `${command}${DENY_ON_FAILURE}` : command),
    guardsProceedWhen: 'hookpool times out (Copilot CLI has no fail-closed setting)',
    enablingSteps: (projectDir) => [`Copilot CLI runs a project's hooks only in a trusted folder: trust ${projectDir} when Copilot asks on its first start there`],
  }),
};
