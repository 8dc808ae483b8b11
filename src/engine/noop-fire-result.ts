// The answer of a fire that runs no hook: one settled promise per event, shared by every such fire,
// so that the no-match path allocates nothing. Made on an event's first such fire (a one-shot
// `hookpool run` fires one event).
import type { EventName } from '../events/event-specs.js';
import { emptyFireResult, type FireResult } from '../model/fire-result.js';

const NOOP_RESULTS = new Map<EventName, Promise<FireResult>>();

/** The shared, already settled answer of a fire of `event` that ran no hook. */
export function noopResult(event: EventName): Promise<FireResult> {
  let result = NOOP_RESULTS.get(event);
  if (result === undefined) NOOP_RESULTS.set(event, (result = Promise.resolve(emptyFireResult(event) as FireResult)));
  return result;
}
