// Wundr's protocol (adapticai/wundr, orchestrator-daemon/src/hooks/hook-engine.ts
// executeCommandHook): the event's metadata (camelCase) as WUNDR_HOOK_METADATA, each top-level
// string, number or boolean of it flattened to WUNDR_HOOK_<KEY> (the key uppercased, no
// underscore added: toolName → WUNDR_HOOK_TOOLNAME), WUNDR_HOOK_EVENT and WUNDR_HOOK_ID.
// Wundr writes nothing to stdin although its docs say the metadata goes there; hookpool writes
// the metadata JSON, what the docs promise, so a hook that reads stdin gets it instead of waiting.
import type { EventName } from '../../events/event-specs.js';
import { envText } from '../../compilers/template.js';
import { sessionOf, startVariables, type ProtocolFire, type ProtocolSpec } from './protocol.js';

// Claude Code's common fields, which Wundr's metadata does not carry (the session is `sessionId`).
const WIRE_ONLY: ReadonlySet<string> = new Set(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'permission_mode', 'stop_hook_active']);

// Wire-format fields Wundr names otherwise than by camel-casing them (hook-types.ts).
const WUNDR_NAMES: Readonly<Record<string, string>> = { tool_use_id: 'toolCallId', tool_response: 'toolOutput', agent_id: 'subagentId' };

/** Wundr's `success` field of its tool results, by canonical event. */
const TOOL_SUCCESS: Readonly<Partial<Record<EventName, boolean>>> = { PostToolUse: true, PostToolUseFailure: false };

/** A fire's input as Wundr's event metadata: camelCase keys, the session first. */
export function wundrMetadata(fire: ProtocolFire): Record<string, unknown> {
  const metadata: Record<string, unknown> = { sessionId: sessionOf(fire) };
  for (const [key, value] of Object.entries(fire.input)) {
    if (!WIRE_ONLY.has(key)) metadata[WUNDR_NAMES[key] ?? toCamelCase(key)] = value;
  }
  const success = TOOL_SUCCESS[fire.spec.name];
  if (success !== undefined && metadata.success === undefined) metadata.success = success;
  return metadata;
}

/** What Wundr gives a hook: its metadata, whole and flattened, in WUNDR_HOOK_* variables. */
export const WUNDR_PROTOCOL: ProtocolSpec = {
  view(fire) {
    const metadata = wundrMetadata(fire);
    const metadataJson = JSON.stringify(metadata);
    const env = startVariables(fire);
    env.set(['WUNDR_HOOK_EVENT'], fire.spec.name);
    env.set(['WUNDR_HOOK_METADATA'], metadataJson);
    for (const [key, value] of Object.entries(metadata)) {
      if (isFlattened(value) && isVariableName(key)) env.set([`WUNDR_HOOK_${key.toUpperCase()}`], value);
    }
    return { stdin: metadataJson, variables: env.variables };
  },
  // Set in the hook's fixed environment, under this fire's variables: a metadata field named `id`
  // overrides it, as Wundr's flattening (assigned after the fixed three) does.
  hookVariables: (hookId) => ({ WUNDR_HOOK_ID: envText(hookId) }),
};

function isFlattened(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

// A payload key that no environment variable name could carry is left out of the flattening.
function isVariableName(key: string): boolean {
  return !key.includes('=') && !key.includes('\0');
}

function toCamelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
