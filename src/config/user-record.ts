// Small JSON records hookpool keeps in the user's own config directory (trusted files, hooks the
// user turned off), where a repository cannot write: read leniently, written atomically.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** `~/.config/hookpool/<name>`. */
export function userRecordPath(home: string, name: string): string {
  return join(home, '.config', 'hookpool', name);
}

/** The string entries under `key`; a missing or unreadable record is empty, never an error. */
export async function readUserRecord(path: string, key: string): Promise<Map<string, string>> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    return new Map(Object.entries(parsed[key] ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return new Map();
  }
}

/** Writes the entries under `key`: a temp file, then a rename, so a reader never sees half of it. */
export async function writeUserRecord(path: string, key: string, entries: ReadonlyMap<string, string>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ [key]: Object.fromEntries(entries) }, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, path);
}
