// The one way hookpool changes a file of the user's (hook configuration, an agent's settings):
// whole or not at all, never over a change it did not see. Under a lock (file-lock.ts) the file
// is read, edited, written to a temp file in the same folder, flushed to disk and renamed over
// the real file (a symlink's target, keeping the link), with the file's mode and owner; if another
// program changed the file meanwhile, the edit is made again on what is there now.
import { chmod, chown, lstat, mkdir, open, readFile, realpath, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { HookpoolError } from '../../errors.js';
import { withFileLock } from './file-lock.js';

/** Given the file's text (null: there is none), the text to write, or null to leave it as it is. */
export type UserFileEdit = (text: string | null) => string | null;

export interface EditedUserFile {
  readonly before: string | null;
  readonly after: string | null;
  readonly written: boolean;
}

const ATTEMPTS = 3;

/** Edits `path`; `where` names it in errors. Throws ERR_HOOKPOOL_CONFIG_WRITE (or what `edit` throws). */
export async function editUserFile(path: string, where: string, edit: UserFileEdit): Promise<EditedUserFile> {
  const target = await realpath(path).catch(() => path);
  await mkdir(dirname(target), { recursive: true }).catch(() => undefined);
  return withFileLock(target, where, async () => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const before = await readText(target, where);
      const after = edit(before);
      if (after === null || after === before) return { before, after: before, written: false };
      if (await replaceIfUnchanged(target, before, after, where)) return { before, after, written: true };
    }
    throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: it kept changing while hookpool edited it; try again`);
  });
}

async function readText(path: string, where: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new HookpoolError('ERR_HOOKPOOL_CONFIG_READ', `${where}: cannot be read (${(error as Error).message})`);
  }
}

// False when the file no longer holds `before` (another program wrote it): nothing is replaced.
async function replaceIfUnchanged(path: string, before: string | null, after: string, where: string): Promise<boolean> {
  const temporary = `${path}.${process.pid}.${process.hrtime.bigint()}.hookpool-tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    const existing = await lstat(path).catch(() => undefined);
    const handle = await open(temporary, 'wx', existing === undefined ? 0o644 : existing.mode & 0o7777);
    try {
      await handle.writeFile(after);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (existing !== undefined) {
      await chmod(temporary, existing.mode & 0o7777);
      if (existing.uid !== process.getuid?.() || existing.gid !== process.getgid?.()) await chown(temporary, existing.uid, existing.gid).catch(() => undefined);
    }
    if ((await readText(path, where)) !== before) return false;
    await rename(temporary, path);
    await syncFolder(dirname(path));
    return true;
  } catch (error) {
    if (error instanceof HookpoolError) throw error;
    throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: cannot be written (${(error as Error).message}); the file is unchanged`);
  } finally {
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}

// The rename itself reaches the disk once the folder is flushed; a folder that cannot be opened for that is left to the system.
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => undefined);
  if (handle === undefined) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

