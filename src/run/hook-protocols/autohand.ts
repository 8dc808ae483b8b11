// Autohand's protocol (autohandai/code-cli, src/core/HookManager.ts buildEnvironment and
// buildJsonInput; docs/hooks.md): a JSON context on stdin and HOOK_* variables, both named by
// Autohand and built from one "hook context" here.
//
// Null-filled stdin: Autohand's docs show every key of the context, unused ones as null; its code
// builds the object from undefined fields, which JSON.stringify drops. hookpool writes what the
// docs show (issue 10 asks for it), so a script can rely on every key being there.
import type { EventName } from '../../events/event-specs.js';
import { autohandContext } from './autohand-context.js';
import { isPresent, NO_HOOK_VARIABLES, startVariables, type ProtocolSpec } from './protocol.js';

/** How Autohand names a canonical event, and what its context says about it. */
export interface AutohandEvent {
  readonly name: string;
  /** `tool_success` of a finished tool call (Autohand fires `post-tool` for failures too). */
  readonly toolSuccess?: boolean;
  /** The payload's `reason` is why the session ended. */
  readonly reasonEndsSession?: boolean;
  /** `file_path` comes from the tool input (permission events), where the payload does not give one. */
  readonly pathFromToolInput?: boolean;
}

/** Autohand's own events (docs/hooks.md); an event Autohand lacks goes by its canonical name. */
export const AUTOHAND_EVENTS: Readonly<Partial<Record<EventName, AutohandEvent>>> = {
  PreToolUse: { name: 'pre-tool' },
  PostToolUse: { name: 'post-tool', toolSuccess: true },
  PostToolUseFailure: { name: 'post-tool', toolSuccess: false },
  FileModified: { name: 'file-modified' },
  UserPromptSubmit: { name: 'pre-prompt' },
  Stop: { name: 'stop' },
  Error: { name: 'session-error' },
  SubagentStart: { name: 'subagent-start' },
  SubagentStop: { name: 'subagent-stop' },
  SessionStart: { name: 'session-start' },
  SessionEnd: { name: 'session-end', reasonEndsSession: true },
  PermissionRequest: { name: 'permission-request', pathFromToolInput: true },
  PermissionDenied: { name: 'permission-denied', pathFromToolInput: true },
  Notification: { name: 'notification' },
  TaskCompleted: { name: 'task-completed' },
  TeammateIdle: { name: 'teammate-idle' },
};

/** Autohand cuts a subagent's error at 4,000 characters. */
export const AUTOHAND_SUBAGENT_ERROR_CHARS = 4000;

// Each context key and its variable (docs/hooks.md's table). HOOK_EVENT and HOOK_WORKSPACE are
// always set; the others only when their value is present, as Autohand does. Every value goes
// through ContextVariables: NUL bytes escaped, cut at 64 KiB with a marker (Autohand caps none
// but the subagent error).
const VARIABLES: readonly (readonly [key: string, variable: string])[] = [
  ['session_id', 'HOOK_SESSION_ID'],
  ['tool_name', 'HOOK_TOOL'],
  ['tool_input', 'HOOK_ARGS'],
  ['tool_use_id', 'HOOK_TOOL_CALL_ID'],
  ['tool_response', 'HOOK_OUTPUT'],
  ['tool_success', 'HOOK_SUCCESS'],
  ['file_path', 'HOOK_PATH'],
  ['change_type', 'HOOK_CHANGE_TYPE'],
  ['instruction', 'HOOK_INSTRUCTION'],
  ['mentioned_files', 'HOOK_MENTIONED_FILES'],
  ['tokens_used', 'HOOK_TOKENS'],
  ['tokens_usage_status', 'HOOK_TOKENS_USAGE_STATUS'],
  ['tool_calls_count', 'HOOK_TOOL_CALLS_COUNT'],
  ['turn_tool_calls', 'HOOK_TURN_TOOL_CALLS'],
  ['turn_duration', 'HOOK_TURN_DURATION'],
  ['duration', 'HOOK_DURATION'],
  ['error', 'HOOK_ERROR'],
  ['error_code', 'HOOK_ERROR_CODE'],
  ['session_type', 'HOOK_SESSION_TYPE'],
  ['session_end_reason', 'HOOK_SESSION_END_REASON'],
  ['subagent_id', 'HOOK_SUBAGENT_ID'],
  ['subagent_name', 'HOOK_SUBAGENT_NAME'],
  ['subagent_type', 'HOOK_SUBAGENT_TYPE'],
  ['subagent_success', 'HOOK_SUBAGENT_SUCCESS'],
  ['subagent_duration', 'HOOK_SUBAGENT_DURATION'],
  ['permission_type', 'HOOK_PERMISSION_TYPE'],
  ['notification_type', 'HOOK_NOTIFICATION_TYPE'],
  ['notification_message', 'HOOK_NOTIFICATION_MSG'],
  ['additional_workspaces', 'HOOK_ADDITIONAL_WORKSPACES'],
];

/** What Autohand gives a hook: its context JSON on stdin and its HOOK_* variables. */
export const AUTOHAND_PROTOCOL: ProtocolSpec = {
  view(fire) {
    const row = AUTOHAND_EVENTS[fire.spec.name];
    const context = autohandContext(fire, row ?? { name: fire.spec.name });
    const env = startVariables(fire);
    env.set(['HOOK_EVENT'], context.hook_event_name);
    env.set(['HOOK_WORKSPACE'], context.cwd);
    for (const [key, variable] of VARIABLES) {
      if (isPresent(context[key])) env.set([variable], context[key]);
    }
    if (isPresent(context.subagent_error)) env.set(['HOOK_SUBAGENT_ERROR'], context.subagent_error, { maxChars: AUTOHAND_SUBAGENT_ERROR_CHARS });
    return { stdin: JSON.stringify(context), variables: env.variables };
  },
  hookVariables: NO_HOOK_VARIABLES,
};
