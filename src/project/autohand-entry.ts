// `hookpool add` on an Autohand config (~/.autohand/config.json, its `/hooks` "Add new hooks"):
// the entry in Autohand's own shape and names, checked by the reader that loads it, appended to
// `hooks.hooks` (the envelope made when the file has none).
import { AUTOHAND_EVENTS } from '../run/hook-protocols/autohand.js';
import { isAutohandShape, readAutohandHooks } from '../config/layouts/autohand.js';
import { isPlainObject } from '../config/layouts/shared.js';
import { HookpoolError } from '../errors.js';
import { EVENT_NAMES, type EventName } from '../events/event-specs.js';
import { appendJsonItem, parseJsonText, setJsonField } from '../io/json-edit.js';

/** What `hookpool add` was given that an Autohand entry can say. */
export interface AutohandEntryOptions {
  readonly event: EventName;
  readonly command: string;
  readonly matcher?: string | undefined;
  readonly timeout?: number | string | undefined;
  readonly description?: string | undefined;
  readonly background?: boolean | undefined;
  readonly disabled?: boolean | undefined;
}

/** The Autohand entry, in the order its docs write one; throws a one-line error for what Autohand cannot take. */
export function autohandEntryOf(options: AutohandEntryOptions, where: string): Record<string, unknown> {
  const name = AUTOHAND_EVENTS[options.event]?.name;
  if (name === undefined) {
    const known = EVENT_NAMES.flatMap((event) => AUTOHAND_EVENTS[event]?.name ?? []);
    throw new HookpoolError('ERR_HOOKPOOL_USAGE', `${where}: Autohand has no ${options.event} event (its events: ${[...new Set(known)].join(', ')})`);
  }
  const entry = Object.fromEntries(
    Object.entries({
      event: name,
      command: options.command,
      description: options.description,
      enabled: options.disabled === true ? false : true,
      timeout: options.timeout,
      async: options.background,
      matcher: options.matcher,
    }).filter(([, value]) => value !== undefined),
  );
  const { problems } = readAutohandHooks({ hooks: { enabled: true, hooks: [entry] } }, `${where} (new hook)`);
  if (problems.length > 0) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', problems.join('\n'));
  return entry;
}

/** The config text with `entry` appended (null: no file yet); refuses a file whose `hooks` is not Autohand's. */
export function addAutohandEntry(text: string | null, entry: Record<string, unknown>, where: string): string {
  if (text === null) return `${JSON.stringify({ hooks: { enabled: true, hooks: [entry] } }, null, 2)}\n`;
  const document = parseJsonText(text, where);
  if (!isPlainObject(document)) throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: not a JSON object; fix it or edit it by hand`);
  if (document.hooks === undefined) return setJsonField(text, [], 'hooks', { enabled: true, hooks: [entry] }, where);
  if (!isAutohandShape(document.hooks)) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `${where}: its "hooks" is not Autohand's {"enabled", "hooks": [...]}; edit it by hand`);
  return appendJsonItem(text, ['hooks', 'hooks'], entry, `${where} hooks.hooks`);
}
