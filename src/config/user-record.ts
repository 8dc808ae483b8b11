// Small JSON records hookpool keeps in the user's own config directory (trusted files, hooks the
// user turned off), where a repository cannot write: refused when others could have written
// them, written atomically, 0600 in a 0700 directory.
import { join } from 'node:path';
import { readConfigFile } from './read-config-file.js';
import { userConfigDir } from './user-config-dir.js';
import { isPlainObject } from './layouts/shared.js';
import { writePrivateFile } from '../io/write-private-file.js';

/** `~/.config/hookpool/<name>`. */
export function userRecordPath(home: string, name: string): string {
  return join(userConfigDir(home), name);
}

/** A record as read: its entries under one key, and why it was ignored (a problem line), if it was. */
export interface UserRecord {
  readonly entries: Map<string, unknown>;
  /** `<file>: refused: ...`, `<file>:1:2: ...`; the record then counts as empty. Null when read (or absent). */
  readonly problem: string | null;
}

/** The entries under `key`. A missing record is empty; a refused or invalid one is empty with a problem line. */
export async function readUserRecord(path: string, key: string): Promise<UserRecord> {
  const read = await readConfigFile(path, { userLevel: true });
  if (read.status === 'missing') return { entries: new Map(), problem: null };
  if (read.status === 'failed') return { entries: new Map(), problem: read.problem };
  const section = isPlainObject(read.value) ? read.value[key] : undefined;
  if (section !== undefined && !isPlainObject(section)) return { entries: new Map(), problem: `${path}: ${key}: expected an object` };
  return { entries: new Map(Object.entries(section ?? {})), problem: null };
}

/** Writes the entries under `key`, whole (writePrivateFile). */
export function writeUserRecord(path: string, key: string, entries: ReadonlyMap<string, unknown>): Promise<void> {
  return writePrivateFile(path, `${JSON.stringify({ [key]: Object.fromEntries(entries) }, null, 2)}\n`);
}
