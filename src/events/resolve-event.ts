import { createRequire } from 'node:module';
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

// Loaded on the first misspelling only: `hookpool run` resolves a valid name on every tool call.
const require = createRequire(import.meta.url);

/** The known event name closest to a misspelled one, for error messages. */
export function closestEventName(name: string): string {
  const { closest } = require('fastest-levenshtein') as typeof import('fastest-levenshtein');
  return closest(name, knownNames);
}
