// A folder only its user can enter: made 0700 when missing, and refused when it is a symlink,
// belongs to someone else, or others may write it. The sockets and records of the resident server
// live in such folders: whoever can connect to a socket there is the user (or root).
import { chmodSync, lstatSync, mkdirSync } from 'node:fs';
import { HookpoolError } from '../../errors.js';

/** Makes `dir` (and its parents) when missing, tightens it to 0700 when it is the user's; throws when it cannot be trusted. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const problem = privateDirProblem(dir, { tighten: true });
  if (problem !== null) throw new HookpoolError('ERR_HOOKPOOL_SERVER_RECORD', `${dir}: ${problem}`);
}

/** Why `dir` must not be used (one line), or null. With `tighten`, a folder of the user's that others may enter is made 0700 instead. */
export function privateDirProblem(dir: string, { tighten = false } = {}): string | null {
  let info;
  try {
    info = lstatSync(dir);
  } catch (error) {
    return `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  if (info.isSymbolicLink()) return 'is a symlink; remove it (hookpool makes the folder itself)';
  if (!info.isDirectory()) return 'is not a folder';
  const me = process.getuid?.();
  if (me !== undefined && info.uid !== me) return `belongs to another user (uid ${info.uid})`;
  if ((info.mode & 0o077) !== 0) {
    if (!tighten) return `others may use it (mode ${(info.mode & 0o777).toString(8)}); run chmod 700 ${dir}`;
    chmodSync(dir, 0o700);
  }
  return null;
}
