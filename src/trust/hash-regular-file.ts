// The hash of a script a trusted hook file runs, noted in the file journal (the config cache
// must notice a changed script exactly as the trust check does).
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { noteFileObservation } from '../config/file-journal.js';

// Scripts are small: read whole, one open and one fstat each. A large file is streamed so that
// a word naming a big data file costs time, never memory.
const READ_WHOLE_MAX_BYTES = 1024 * 1024;

/** SHA-256 of the file; undefined unless the path is a regular file that can be read. */
export async function hashRegularFile(path: string): Promise<string | undefined> {
  const sha256 = await hashFile(path);
  noteFileObservation('script', path, sha256 ?? 'none');
  return sha256;
}

async function hashFile(path: string): Promise<string | undefined> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch(() => undefined);
  if (handle === undefined) return undefined;
  try {
    const info = await handle.stat();
    if (!info.isFile()) return undefined;
    const hash = createHash('sha256');
    if (info.size <= READ_WHOLE_MAX_BYTES) hash.update(await handle.readFile());
    else for await (const chunk of handle.createReadStream({ autoClose: false })) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}
