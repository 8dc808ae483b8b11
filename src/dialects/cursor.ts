// Cursor's hook protocol (cursor.com/docs/agent/hooks, .cursor/hooks.json `version: 1`). Payloads
// carry `hook_event_name`, `conversation_id` and `workspace_roots`; preToolUse/postToolUse give
// Cursor's tool names (Shell, Read, Write, ...) as `tool_name`, which stay as they are.
// beforeShellExecution gives only `command`: it is read as the Shell tool, beforeReadFile as Read.
// The answer is JSON on exit 0: `permission: allow | deny | ask` with `user_message` (shown to the
// user) and `agent_message` (sent to the model) on tool events, `continue: false` on
// beforeSubmitPrompt, `followup_message` on stop (the agent goes on with it), and
// `additional_context` where the event takes context.
import { isRefusal } from '../events/decision-rank.js';
import type { FireResult } from '../model/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import { reasonGivenBy } from './claude/output-fields.js';
import { EXIT } from './exit-codes.js';
import type { EventName } from '../events/event-specs.js';
import { givenFields, hookpoolNotices, hooksStderr, joinLines } from './answer-text.js';
import type { AgentAnswer, Dialect } from './dialect.js';
import { commandAgentSettings } from './settings/command-agent-settings.js';
import { failsClosed } from './settings/entry-command.js';
import { agentToolInput, AGENT_TOOL_NAME_FIELD, canonicalToolCall, type ToolTable } from './tools.js';
import { parsedJson, withMissingFields } from './tool-payload.js';

// The events init wires first: the generic tool events; the narrow ones are read too when a user wires them.
const EVENTS: Readonly<Record<string, EventName>> = {
  preToolUse: 'PreToolUse',
  postToolUse: 'PostToolUse',
  beforeSubmitPrompt: 'UserPromptSubmit',
  stop: 'Stop',
  sessionStart: 'SessionStart',
  sessionEnd: 'SessionEnd',
  preCompact: 'PreCompact',
  subagentStop: 'SubagentStop',
};
const NARROW_EVENTS: Readonly<Record<string, EventName>> = { beforeShellExecution: 'PreToolUse', beforeMCPExecution: 'PreToolUse', beforeReadFile: 'PreToolUse' };

const TOOLS: ToolTable = {
  Shell: { tool: 'Bash' },
  Read: { tool: 'Read' },
  Write: { tool: 'Write' },
  Edit: { tool: 'Edit' },
  Grep: { tool: 'Grep' },
  Glob: { tool: 'Glob' },
};

// Cursor's narrow tool events, read as its generic tool event with the tool it names.
const TOOL_OF_EVENT: Readonly<Record<string, (payload: Record<string, unknown>) => Record<string, unknown>>> = {
  beforeShellExecution: (payload) => ({ tool_name: 'Shell', tool_input: { command: payload.command, cwd: payload.cwd } }),
  beforeReadFile: (payload) => ({ tool_name: 'Read', tool_input: { file_path: payload.file_path } }),
  beforeMCPExecution: (payload) => ({ tool_input: parsedJson(payload.tool_input) }),
};

function adaptPayload(agentEvent: string, payload: Record<string, unknown>): Record<string, unknown> {
  const roots = Array.isArray(payload.workspace_roots) ? payload.workspace_roots : [];
  const tool = TOOL_OF_EVENT[agentEvent]?.(payload) ?? {};
  const base = agentEvent === 'beforeMCPExecution' ? { ...payload, ...tool } : withMissingFields(payload, tool);
  return canonicalToolCall(TOOLS, withMissingFields(base, { session_id: payload.conversation_id, cwd: roots[0] }));
}

function answer(spec: EventSpec, result: FireResult, configNotices: readonly string[], input: Record<string, unknown>): AgentAnswer {
  const reason = reasonGivenBy(result) ?? result.reason ?? 'blocked by a hook';
  const refused = result.continue && (result.blocked || isRefusal(result.decision));
  const notices = hookpoolNotices(spec, result, configNotices);
  const shown = joinLines([refused ? reason : null, result.systemMessage, result.continue ? null : result.stopReason, ...notices]);
  let decision: Record<string, unknown> = {};
  if (spec.permissionAnswer !== null) {
    const permission = refused || !result.continue ? 'deny' : result.decision === 'allow' || result.decision === 'ask' ? result.decision : null;
    decision = givenFields({ permission, agent_message: refused ? reason : null, updated_input: refused ? null : agentToolInput(TOOLS, input[AGENT_TOOL_NAME_FIELD], result.updatedInput) });
  } else if (spec.blockKeepsAgentRunning) {
    decision = givenFields({ followup_message: refused ? reason : null });
  } else if (refused || !result.continue) {
    decision = { continue: false };
  }
  const output = { ...decision, ...givenFields({ user_message: shown, additional_context: result.additionalContext }) };
  return { stdout: JSON.stringify(output), stderr: hooksStderr(result), exitCode: EXIT.proceed };
}

export const cursorDialect: Dialect = {
  name: 'cursor',
  agent: 'Cursor',
  events: { ...EVENTS, ...NARROW_EVENTS },
  tools: TOOLS,
  readInput: adaptPayload,
  answer,
  showsNotices: () => true,
  settings: commandAgentSettings({
    dialect: 'cursor',
    file: '.cursor/hooks.json',
    emptyDocument: { version: 1 },
    events: EVENTS,
    tools: TOOLS,
    // {command, timeout (seconds), failClosed}: failClosed makes Cursor refuse when the hook crashes, times out or answers nothing it can read.
    item: ({ command, timeoutSeconds, event }) => ({ command, timeout: timeoutSeconds, ...(failsClosed(event) ? { failClosed: true } : {}) }),
    refuseOnFailure: (command) => command,
    enablingSteps: () => ['restart Cursor so it reads .cursor/hooks.json again'],
  }),
};
