// Autohand's `/hooks` "Toggle hooks globally": `hooks.enabled` in ~/.autohand/config.json turns
// every one of its hooks off (its display's "Mode: disabled") or back on, each entry keeping its
// own `enabled`. `hookpool enable|disable --autohand` sets that field and nothing else.
import { autohandConfigPath } from '../config/discover.js';
import { isAutohandShape } from '../config/layouts/autohand.js';
import { isPlainObject } from '../config/layouts/shared.js';
import { HookpoolError } from '../errors.js';
import { fileExists } from '../io/file-exists.js';
import { parseJsonText, setJsonField } from '../io/json-edit.js';
import { editUserFile } from '../io/user-files/edit-user-file.js';
import { displayPath } from './describe.js';

export interface AutohandSwitchResult {
  /** The file as the user would type it: `~/.autohand/config.json`. */
  readonly where: string;
  /** False when `hooks.enabled` already said so (absent counts as true, Autohand's default). */
  readonly changed: boolean;
}

/** Sets `hooks.enabled` in the user's Autohand config; refuses, in one line, a file without Autohand hooks. */
export async function setAutohandHooksEnabled(dirs: { cwd: string; home: string }, enabled: boolean): Promise<AutohandSwitchResult> {
  const file = autohandConfigPath(dirs.home);
  const where = displayPath(file, dirs.cwd, dirs.home);
  const noHooks = `has no Autohand hooks ("hooks": {"enabled", "hooks": [...]}) to turn ${enabled ? 'on' : 'off'}; hookpool add --autohand adds one`;
  if (!(await fileExists(file))) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `${where}: no such file, so it ${noHooks}`);
  let changed = false;
  await editUserFile(file, where, (text) => {
    const document = text === null ? null : parseJsonText(text, where);
    if (text === null || !isPlainObject(document) || !isAutohandShape(document.hooks)) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `${where}: ${noHooks}`);
    changed = ((document.hooks as { enabled?: unknown }).enabled ?? true) !== enabled;
    return changed ? setJsonField(text, ['hooks'], 'enabled', enabled, where) : null;
  });
  return { where, changed };
}
