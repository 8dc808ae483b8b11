// A plugin's hooks file is `{ "description"?, "hooks": { <Event>: [groups] } }`. Older plugins
// (hookify before its wrapper) put the events at the top level; Claude Code's current loader is
// not documented to accept that, so hookpool reads it and says so.
import { canonicalEventName } from '../../events/resolve-event.js';
import { isPlainObject } from './shared.js';

/** The document in the wrapped shape; an unwrapped one is wrapped, with a problem line. */
export function unwrapPluginHooks(document: unknown, file: string, problems: string[]): unknown {
  if (!isPlainObject(document) || 'hooks' in document) return document;
  const events = Object.keys(document).filter((key) => canonicalEventName(key) !== undefined);
  if (events.length === 0) return document;
  problems.push(`${file}: (root): events at the top level (${events.join(', ')}) are the old plugin shape; hookpool reads them, but wrap them as {"hooks": {...}} as Claude Code documents`);
  const { description: _description, ...byEvent } = document;
  return { hooks: byEvent };
}
