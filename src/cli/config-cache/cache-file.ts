// The config cache's files: one per key, under $XDG_CACHE_HOME/hookpool (default
// ~/.cache/hookpool), 0600 in a 0700 folder, written atomically, and read only when nobody else
// could have written them (the same check as the user's own config files): a cache decides
// what runs.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { readFileBytes } from '../../config/read-file-bytes.js';

/** `$XDG_CACHE_HOME/hookpool/run-config` when that is an absolute path, else `<home>/.cache/hookpool/run-config`. */
export function configCacheDir(home: string, env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME !== undefined && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(base, 'hookpool', 'run-config');
}

/** The parsed JSON of a cache file; undefined when it is missing, refused or not JSON. */
export async function readCacheFile(path: string): Promise<unknown> {
  const file = await readFileBytes(path, { userLevel: true });
  if (file.status !== 'read') return undefined;
  try {
    return JSON.parse(file.bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Writes the value as JSON through a fresh 0600 temp file and a rename; a failure leaves no cache, never an error. */
export async function writeCacheFile(path: string, dir: string, value: unknown): Promise<boolean> {
  const temporary = join(dir, `.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(temporary, JSON.stringify(value), { mode: 0o600, flag: 'wx' });
    await rename(temporary, path);
    return true;
  } catch {
    await rm(temporary, { force: true }).catch(() => undefined);
    return false;
  }
}
