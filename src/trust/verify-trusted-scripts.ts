// The last check before a hook of a trusted project file runs: each project file it runs still
// has the content the user approved. The configuration was checked when it was loaded, but a
// script can change after that (a `git pull` while the agent runs, or an earlier hook of the
// same sequential chain rewriting the next one's script): hashed here, synchronously, on the
// thread that spawns the hook, right before it does. Scripts are small (one read each); a large
// file is read in pieces, never held whole.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { relative } from 'node:path';
import { createSha256 } from '../io/sha256.js';

const CHUNK_BYTES = 256 * 1024;

/** Why the hook must not run (a pinned file changed, vanished or cannot be read), or null when every file is as approved. */
export function trustedScriptsProblem(pins: Readonly<Record<string, string>>, cwd: string): string | null {
  for (const [path, approved] of Object.entries(pins)) {
    const now = hashRegularFileSync(path);
    if (now === approved) continue;
    const name = relative(cwd, path) || path;
    const what = now === undefined ? 'is gone or is not a readable file' : 'changed';
    return `${name} ${what} since you trusted this hook's file; it was not run (review it, then run \`hookpool trust\`)`;
  }
  return null;
}

// The same rule as the trust check's hashRegularFile: a readable regular file (a FIFO is not read).
function hashRegularFileSync(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const hash = createSha256();
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) hash.update(chunk.subarray(0, read));
    return hash.digest('hex');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
