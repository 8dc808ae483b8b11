import type { EventSpec } from '../events/event-specs.js';

export interface InputContext {
  sessionId: string;
  cwd: string;
  transcriptPath: string | undefined;
  permissionMode: string | undefined;
}

/**
 * The JSON a hook reads on stdin: Claude Code's common fields, then the event's own fields as
 * the agent gave them (which may override the common ones), and the canonical event name.
 */
export function buildHookInput(spec: EventSpec, payload: Record<string, unknown>, context: InputContext): Record<string, unknown> {
  const input: Record<string, unknown> = { session_id: context.sessionId };
  if (context.transcriptPath !== undefined) input.transcript_path = context.transcriptPath;
  input.cwd = context.cwd;
  input.hook_event_name = spec.name;
  if (context.permissionMode !== undefined) input.permission_mode = context.permissionMode;
  Object.assign(input, payload);
  input.hook_event_name = spec.name;
  return input;
}
