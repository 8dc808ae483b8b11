import { closest } from 'fastest-levenshtein';
import { EVENT_NAMES, EVENT_SPECS, type EventName, type EventSpec } from './event-specs.js';

// Canonical names and every alias, to the spec: built once, a single Map lookup per fire.
const specByName = new Map<string, EventSpec>();
for (const name of EVENT_NAMES) {
  const spec = EVENT_SPECS[name];
  specByName.set(name, spec);
  for (const alias of spec.aliases) specByName.set(alias, spec);
}

const knownNames = [...specByName.keys()];

/** The spec for a canonical event name or alias, or undefined. */
export function findEventSpec(name: string): EventSpec | undefined {
  return specByName.get(name);
}

/** The canonical name for a name or alias, or undefined. */
export function canonicalEventName(name: string): EventName | undefined {
  return specByName.get(name)?.name as EventName | undefined;
}

/** The known event name closest to a misspelled one, for error messages. */
export function closestEventName(name: string): string {
  return closest(name, knownNames);
}
