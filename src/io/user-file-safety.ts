// Whether a user-level file may be believed: like ssh with ~/.ssh/config, hookpool refuses a file
// that someone other than the user could have written, since it decides what runs and what is trusted.
import { lstat, realpath, stat } from './fs-async.js';
import { dirname } from 'node:path';
import { octal, ownershipRefusal, type OwnershipStats } from './file-ownership.js';

const WORLD_WRITE = 0o002;
const STICKY = 0o1000;

/**
 * Why the opened user-level file at `path` must not be read (`refused: ...`, with the fix), or
 * null. `file` is the status of the opened file itself (fstat, so a swap after the check cannot
 * matter); its directory, and the directory of what a symlink points to, are looked up here.
 */
export async function refusedUserFile(path: string, file: OwnershipStats): Promise<string | null> {
  const own = ownershipRefusal(path, file);
  if (own !== null) return own;
  for (const dir of await directoriesOf(path)) {
    const dirStats = await stat(dir).catch(() => undefined);
    if (dirStats !== undefined && (dirStats.mode & WORLD_WRITE) !== 0 && (dirStats.mode & STICKY) === 0) {
      return `refused: its directory ${dir} is writable by everyone (mode ${octal(dirStats.mode)}); run chmod o-w ${dir}`;
    }
  }
  return null;
}

// The link's own directory decides who can replace the link; the target's, who can replace the file.
async function directoriesOf(path: string): Promise<string[]> {
  const dirs = [dirname(path)];
  const isLink = await lstat(path).then((info) => info.isSymbolicLink(), () => false);
  if (isLink) {
    const target = await realpath(path).catch(() => undefined);
    if (target !== undefined && dirname(target) !== dirs[0]) dirs.push(dirname(target));
  }
  return dirs;
}
