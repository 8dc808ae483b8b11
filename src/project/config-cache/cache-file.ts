// The config cache's files: one per key, under $XDG_CACHE_HOME/hookpool (default
// ~/.cache/hookpool), 0600 in a 0700 folder, written atomically, and read only when nobody else
// could have written them (the same check as the user's own config files): a cache decides
// what runs.
import { readdir, rm, stat } from '../../io/fs-async.js';
import { isAbsolute, join } from 'node:path';
import { readFileBytes } from '../../config/read-file-bytes.js';
import { writePrivateFile } from '../../io/write-private-file.js';

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

// A cache file not rewritten for this long belongs to an old hookpool build or a gone project.
const STALE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

/** Writes the value as JSON (writePrivateFile); a failure leaves no cache, never an error. */
export async function writeCacheFile(path: string, dir: string, value: unknown): Promise<boolean> {
  try {
    await writePrivateFile(path, JSON.stringify(value));
    await removeStaleCacheFiles(dir);
    return true;
  } catch {
    return false;
  }
}

// Saving is rare (a changed configuration), so that is when old entries are swept.
async function removeStaleCacheFiles(dir: string): Promise<void> {
  const cutoffMs = Date.now() - STALE_AFTER_MS;
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info !== undefined && info.isFile() && info.mtimeMs < cutoffMs) await rm(path, { force: true });
  }
}
