// Where a recorded turn ends: the agent stopped once it answered a prompt and before the next one
// (or the end of the transcript). Every reader uses it, so each turn yields exactly one Stop.
import type { ReplayEvent } from './replay-event.js';

export class TurnTracker {
  #open = false;

  /** The agent did something in the current turn (answered, called a tool). */
  activity(): void {
    this.#open = true;
  }

  /** The turn ended (a new prompt, an explicit end, the end of the file): its Stop, once. */
  end(line: number, sessionId: string | undefined): ReplayEvent[] {
    if (!this.#open) return [];
    this.#open = false;
    return [{ event: 'Stop', line, payload: { ...sessionField(sessionId), stop_hook_active: false } }];
  }
}

/** `{ session_id }` when the transcript named one. */
export function sessionField(sessionId: string | undefined): Record<string, unknown> {
  return sessionId === undefined ? {} : { session_id: sessionId };
}
