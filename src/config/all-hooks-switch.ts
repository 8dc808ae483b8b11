// The user's global switch, `hookpool disable --all` / `enable --all`: a user-level record that
// turns every hook off wherever hookpool loads configuration (run, the library's loader, serve),
// without touching any hook file.
import { HookpoolError } from '../errors.js';
import { readUserRecord, userRecordPath, writeUserRecord } from './user-record.js';

const KEY = 'allHooks';

/** `~/.config/hookpool/switch.json`. */
export function defaultAllHooksSwitchPath(home: string): string {
  return userRecordPath(home, 'switch.json');
}

export interface AllHooksSwitch {
  readonly path: string;
  /** True after `hookpool disable --all`. */
  readonly off: boolean;
  /** When it was turned off (ISO time), if it is. */
  readonly offSince: string | null;
  /** Why the record was ignored (refused or invalid); hooks then run as if it were on. */
  readonly problem: string | null;
}

export async function readAllHooksSwitch(path: string): Promise<AllHooksSwitch> {
  const record = await readUserRecord(path, KEY);
  const offSince = record.entries.get('offSince');
  const off = record.entries.get('enabled') === false;
  const problem = record.problem === null ? null : `${record.problem}; until then hookpool disable --all has no effect`;
  return { path, off, offSince: off && typeof offSince === 'string' ? offSince : null, problem };
}

/** Turns every hook off (or back on); refuses to overwrite a record it could not trust. */
export async function writeAllHooksSwitch(path: string, enabled: boolean): Promise<void> {
  const current = await readAllHooksSwitch(path);
  if (current.problem !== null) throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', current.problem);
  const entries = new Map<string, unknown>(enabled ? [['enabled', true]] : [['enabled', false], ['offSince', new Date().toISOString()]]);
  await writeUserRecord(path, KEY, entries);
}
