// OpenClaw's protocol (khalf-code/aibot, src/hooks/claude-style/{types,executor,sanitize}.ts):
// Claude-style JSON on stdin with OpenClaw's own field names, and no hook variables (OpenClaw
// passes its environment as it is). Only hookpool's own HOOKPOOL_* are added.
import { sanitizeToolResult } from './openclaw-sanitize.js';
import { NO_HOOK_VARIABLES, sessionOf, startVariables, type ProtocolFire, type ProtocolSpec } from './protocol.js';


// Claude Code's fields OpenClaw's input does not have.
const CLAUDE_ONLY: readonly string[] = ['transcript_path', 'stop_hook_active'];

// OpenClaw's name for a field, and the wire format's.
const RENAMED: readonly (readonly [openclaw: string, wire: string])[] = [
  ['tool_result', 'tool_response'],
  ['tool_error', 'error'],
  ['subagent_id', 'agent_id'],
  ['subagent_type', 'agent_type'],
  ['last_response', 'last_assistant_message'],
];

/** A fire's input as OpenClaw writes it to its hooks. */
export function openclawInput(fire: ProtocolFire): Record<string, unknown> {
  const input: Record<string, unknown> = { hook_event_name: fire.spec.name, session_id: sessionOf(fire), ...fire.input };
  for (const field of CLAUDE_ONLY) delete input[field];
  for (const [openclaw, wire] of RENAMED) {
    if (input[wire] === undefined) continue;
    input[openclaw] ??= input[wire];
    delete input[wire];
  }
  if (input.tool_result !== undefined) input.tool_result = sanitizeToolResult(input.tool_result);
  return input;
}

/** What OpenClaw gives a hook: its input JSON, and no variables. */
export const OPENCLAW_PROTOCOL: ProtocolSpec = {
  view(fire) {
    return { stdin: JSON.stringify(openclawInput(fire)), variables: startVariables(fire).variables };
  },
  hookVariables: NO_HOOK_VARIABLES,
};
