// Small JSON records hookpool keeps in the user's own config directory (trusted files, hooks the
// user turned off), where a repository cannot write: refused when others could have written
// them, written atomically, 0600 in a 0700 directory.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readConfigFile } from './read-config-file.js';
import { userConfigDir } from './user-config-dir.js';
import { isPlainObject } from './formats/shared.js';

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

/** Writes the entries under `key`: a fresh 0600 temp file, then a rename, so a reader never sees half of it. */
export async function writeUserRecord(path: string, key: string, entries: ReadonlyMap<string, unknown>): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  // A leftover temp file would keep its old mode: writeFile's mode applies only to a new file.
  await rm(temporary, { force: true });
  await writeFile(temporary, `${JSON.stringify({ [key]: Object.fromEntries(entries) }, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  await rename(temporary, path);
}
