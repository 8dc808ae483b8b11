// Autohand's hook context, from a fire's wire-format input: its keys in the order of its
// buildJsonInput, each read from the wire format's field (or Autohand's own name, which an agent
// may pass as it is), null when the fire has no value for it.
import { sessionOf, type ProtocolFire } from './protocol.js';
import type { AutohandEvent } from './autohand.js';

// Keys whose value comes straight from the input: Autohand's key, then where the wire format has
// it, first present wins. The others are derived below.
const FROM_INPUT: Readonly<Record<string, readonly string[]>> = {
  tool_name: ['tool_name'],
  tool_input: ['tool_input'],
  tool_use_id: ['tool_use_id'],
  tool_response: ['tool_response'],
  change_type: ['change_type'],
  instruction: ['prompt', 'instruction'],
  mentioned_files: ['mentioned_files'],
  tokens_used: ['tokens_used'],
  tool_calls_count: ['tool_calls_count'],
  turn_tool_calls: ['turn_tool_calls'],
  turn_duration: ['turn_duration'],
  duration: ['duration_ms', 'duration'],
  error: ['error'],
  error_code: ['error_code'],
  session_type: ['source', 'session_type'],
  subagent_id: ['agent_id', 'subagent_id'],
  subagent_name: ['subagent_name'],
  subagent_type: ['agent_type', 'subagent_type'],
  subagent_success: ['subagent_success'],
  subagent_error: ['subagent_error'],
  subagent_duration: ['subagent_duration'],
  permission_type: ['permission_type'],
  notification_type: ['notification_type'],
  notification_message: ['message', 'notification_message'],
  tokens_usage_status: ['tokens_usage_status'],
  additional_workspaces: ['additional_workspaces'],
};

/** Every key of Autohand's stdin JSON, in its order. */
export const AUTOHAND_CONTEXT_KEYS: readonly string[] = [
  'session_id', 'cwd', 'hook_event_name',
  'tool_name', 'tool_input', 'tool_use_id', 'tool_response', 'tool_success',
  'file_path', 'change_type',
  'instruction', 'mentioned_files',
  'tokens_used', 'tool_calls_count', 'turn_tool_calls', 'turn_duration', 'duration',
  'error', 'error_code',
  'session_type', 'session_end_reason',
  'subagent_id', 'subagent_name', 'subagent_type', 'subagent_success', 'subagent_error', 'subagent_duration',
  'permission_type', 'notification_type', 'notification_message',
  'tokens_usage_status', 'additional_workspaces',
];

// Each key with where its value comes from, found once: the input fields to try, or null for a
// key derived per fire.
const DERIVED_KEYS: ReadonlySet<string> = new Set(['session_id', 'cwd', 'hook_event_name', 'tool_success', 'file_path', 'session_end_reason']);
const SOURCES: readonly (readonly [key: string, fields: readonly string[] | null])[] = AUTOHAND_CONTEXT_KEYS.map((key) => [
  key,
  DERIVED_KEYS.has(key) ? null : (FROM_INPUT[key] ?? [key]),
]);
const TOOL_SUCCESS = ['tool_success'];
const FILE_PATH = ['file_path'];
const TOOL_INPUT_PATH = ['file_path', 'path', 'notebook_path'];
const END_REASON = ['session_end_reason'];
const END_REASON_OR_REASON = ['reason', 'session_end_reason'];

/** The context of one fire for Autohand hooks, every key present (null when unused). */
export function autohandContext(fire: ProtocolFire, event: AutohandEvent): Record<string, unknown> {
  const { input } = fire;
  const toolInput = typeof input.tool_input === 'object' && input.tool_input !== null ? (input.tool_input as Record<string, unknown>) : {};
  const derived: Record<string, unknown> = {
    session_id: sessionOf(fire),
    cwd: typeof input.cwd === 'string' ? input.cwd : fire.context.cwd,
    hook_event_name: event.name,
    tool_success: firstGiven(input, TOOL_SUCCESS) ?? event.toolSuccess,
    file_path: firstGiven(input, FILE_PATH) ?? (event.pathFromToolInput ? firstGiven(toolInput, TOOL_INPUT_PATH) : undefined),
    session_end_reason: firstGiven(input, event.reasonEndsSession ? END_REASON_OR_REASON : END_REASON),
  };
  const context: Record<string, unknown> = {};
  for (const [key, fields] of SOURCES) context[key] = (fields === null ? derived[key] : firstGiven(input, fields)) ?? null;
  return context;
}

function firstGiven(source: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) {
    const value = source[name];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}
