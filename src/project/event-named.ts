// An event named on the command line, resolved to its spec or refused with the closest valid name.
import type { EventSpec } from '../events/event-specs.js';
import { closestEventName, findEventSpec } from '../events/resolve-event.js';
import { HookpoolError } from '../errors.js';

export function resolveCliEvent(name: string): EventSpec {
  const spec = findEventSpec(name);
  if (spec !== undefined) return spec;
  throw new HookpoolError('ERR_HOOKPOOL_UNKNOWN_EVENT', `unknown event "${name}" (did you mean "${closestEventName(name)}"? hookpool run --help lists the events)`);
}
