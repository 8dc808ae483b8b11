// Wundr reports a hook its matcher did not match as skipped, with a `skipReason`. hookpool does
// so for the Wundr hooks of an event (other hooks' matchers are Claude Code's, which says nothing
// of the hooks it does not run); only events that have Wundr hooks pay for it.
import type { FireResult, SkippedHook } from '../model/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import type { PlannedHook } from '../plan/planner.js';

// The filter's conditions by the names of Wundr's matcher keys.
const WUNDR_NAMES: Readonly<Record<string, string>> = { minNotificationLevel: 'notificationLevel' };

// Shared by every fire of an event without Wundr hooks: nothing is allocated on that path.
const NONE: SkippedHook[] = Object.freeze([]) as unknown as SkippedHook[];

/** The Wundr hooks of the event left out of this fire: by the subject test (`planned`), or by the payload's own fields (`chosen`). */
export function skippedWundrHooks(spec: EventSpec, wundr: readonly PlannedHook[], planned: readonly PlannedHook[], chosen: readonly PlannedHook[], subject: string | null): SkippedHook[] {
  if (wundr.length === 0) return NONE;
  return wundr.flatMap((candidate): SkippedHook[] => {
    if (chosen.includes(candidate)) return [];
    if (!planned.includes(candidate)) return [{ id: candidate.hook.id, skipReason: `matcher: ${spec.matcherField ?? 'the subject'} "${subject ?? ''}" does not match` }];
    const conditions = Object.entries(candidate.hook.filter ?? {}).flatMap(([key, value]) => (key === 'tool' || value === undefined ? [] : [WUNDR_NAMES[key] ?? key]));
    return [{ id: candidate.hook.id, skipReason: `matcher: the event's metadata does not pass ${conditions.length > 0 ? conditions.join(', ') : 'its conditions'}` }];
  });
}

/** The fire's answer with the Wundr hooks it left out: only a fire that left some out carries the field. */
export function withSkipped(result: Readonly<FireResult>, skipped: SkippedHook[]): FireResult {
  return (skipped.length === 0 ? result : { ...result, skipped }) as FireResult;
}
