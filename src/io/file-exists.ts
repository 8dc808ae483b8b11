// Whether a path exists (any kind of file), without throwing.
import { lstat } from 'node:fs/promises';

export async function fileExists(path: string): Promise<boolean> {
  return lstat(path).then(() => true, () => false);
}
