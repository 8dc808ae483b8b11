// `hookpool init --agent`: hookpool's entries written into the agent's settings file, every other
// byte kept (json-edit.ts, edit-user-file.ts). In each of the agent's hook lists, hookpool's own
// items are replaced by the current ones: init run again changes nothing when nothing changed, and
// brings older entries up to date (a moved install, a new event, a new field).
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { isPlainObject } from '../../config/layouts/shared.js';
import { HookpoolError } from '../../errors.js';
import { appendJsonItem, parseJsonText, removeJsonItem, setJsonField } from '../../io/json-edit.js';
import { editUserFile } from '../../io/user-files/edit-user-file.js';
import type { AgentSettings, WiringContext } from './agent-settings.js';

export interface WiredSettings {
  readonly path: string;
  /** The agent's events whose hookpool entries were written now (new or brought up to date). */
  readonly written: readonly string[];
  /** The agent's events whose hookpool entries were already as they should be. */
  readonly kept: readonly string[];
}

/** Writes the entries; `owns` tells hookpool's own items (to replace) from the user's (kept). */
export async function wireSettings(settings: AgentSettings, context: WiringContext, owns: (item: unknown) => boolean): Promise<WiredSettings> {
  const path = join(context.projectDir, settings.file);
  const where = settings.file;
  const entries = settings.entries(context);
  let written: string[] = [];
  let kept: string[] = [];
  await editUserFile(path, where, (text) => {
    written = [];
    kept = [];
    let edited = text ?? `${JSON.stringify(settings.emptyDocument, null, 2)}\n`;
    for (const [event, items] of entries) {
      const next = withEntries(edited, event, items, owns, where);
      (next === edited ? kept : written).push(event);
      edited = next;
    }
    return edited;
  });
  return { path, written, kept };
}

// The text with hookpool's items of `hooks[event]` replaced by `items` (unchanged when they are the same).
function withEntries(text: string, event: string, items: readonly Record<string, unknown>[], owns: (item: unknown) => boolean, where: string): string {
  const document = parseJsonText(text, where);
  if (!isPlainObject(document)) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', `${where}: expected a JSON object`);
  const hooks = document.hooks;
  if (hooks !== undefined && !isPlainObject(hooks)) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', `${where}: "hooks" is not an object; fix it by hand first`);
  if (hooks === undefined) return setJsonField(text, [], 'hooks', { [event]: items }, where);
  const list = hooks[event];
  if (list === undefined) return setJsonField(text, ['hooks'], event, items, where);
  if (!Array.isArray(list)) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', `${where}: hooks.${event} is not a list; fix it by hand first`);
  const owned = list.flatMap((item, index) => (owns(item) ? [index] : []));
  if (isDeepStrictEqual(owned.map((index) => list[index]), items)) return text;
  let edited = text;
  for (const index of owned.reverse()) edited = removeJsonItem(edited, ['hooks', event], index, `${where} hooks.${event}`);
  for (const item of items) edited = appendJsonItem(edited, ['hooks', event], item, `${where} hooks.${event}`);
  return edited;
}
