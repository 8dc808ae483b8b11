// The events of one recorded tool call, in canonical terms: PreToolUse with its input, then
// PostToolUse with what it returned or PostToolUseFailure with its error. Readers turn their
// agent's records into these; the agent's tool names are mapped by its dialect (src/dialects/).
import type { ReplayEvent } from './replay-event.js';
import { sessionField } from './turn-tracker.js';

export interface RecordedCall {
  readonly id: string;
  /** Canonical tool name (Bash, Edit, ...), or the agent's own where no mapping knows it. */
  readonly toolName: string;
  readonly toolInput: unknown;
  /** Other fields the agent sends with the call (the agent's own tool name, for instance). */
  readonly extra?: Record<string, unknown>;
}

export type RecordedResult = { readonly ok: true; readonly response: unknown } | { readonly ok: false; readonly error: string; readonly interrupted?: boolean };

function callFields(call: RecordedCall, sessionId: string | undefined): Record<string, unknown> {
  return { ...sessionField(sessionId), tool_name: call.toolName, tool_input: call.toolInput, tool_use_id: call.id, ...call.extra };
}

export function preToolUse(call: RecordedCall, line: number, sessionId: string | undefined): ReplayEvent {
  return { event: 'PreToolUse', line, payload: callFields(call, sessionId) };
}

export function postToolUse(call: RecordedCall, result: RecordedResult, line: number, sessionId: string | undefined): ReplayEvent {
  if (result.ok) return { event: 'PostToolUse', line, payload: { ...callFields(call, sessionId), tool_response: result.response } };
  return { event: 'PostToolUseFailure', line, payload: { ...callFields(call, sessionId), error: result.error, is_interrupt: result.interrupted === true } };
}

export function promptEvent(prompt: string, line: number, sessionId: string | undefined): ReplayEvent {
  return { event: 'UserPromptSubmit', line, payload: { ...sessionField(sessionId), prompt } };
}

export function compactEvent(trigger: 'manual' | 'auto', line: number, sessionId: string | undefined): ReplayEvent {
  return { event: 'PreCompact', line, payload: { ...sessionField(sessionId), trigger, custom_instructions: '' } };
}

/**
 * Calls seen but not yet answered, by id. A call whose result never comes (an interrupted turn)
 * stays until the cap pushes it out, so a long transcript cannot grow this without bound.
 */
export class PendingCalls {
  readonly #calls = new Map<string, RecordedCall>();

  constructor(private readonly cap = 10_000) {}

  add(call: RecordedCall): void {
    this.#calls.set(call.id, call);
    if (this.#calls.size > this.cap) this.#calls.delete(this.#calls.keys().next().value as string);
  }

  take(id: string): RecordedCall | undefined {
    const call = this.#calls.get(id);
    this.#calls.delete(id);
    return call;
  }
}
