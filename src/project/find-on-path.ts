// Where a program name resolves on PATH, as the shell running a hook would find it.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** The first executable `name` in the directories of `pathVariable`, or null. */
export async function findOnPath(name: string, pathVariable: string = process.env.PATH ?? ''): Promise<string | null> {
  for (const dir of pathVariable.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return null;
}

/** A regular file (or a link to one) the current user may execute. */
export async function isExecutableFile(path: string): Promise<boolean> {
  const isFile = await stat(path).then((info) => info.isFile(), () => false);
  return isFile && (await access(path, constants.X_OK).then(() => true, () => false));
}
