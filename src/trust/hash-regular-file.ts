// The hash of a script a trusted hook file runs, and what the config cache notes of it: the cache
// must notice a changed script exactly as the trust check does, without hashing a small one on
// its hot path (config/fingerprint.ts).
import { constants, createReadStream } from 'node:fs';
import { close, fstat, open, readFile } from '../io/fs-async.js';
import { noteFileObservation } from '../config/file-journal.js';
import { fingerprintBytes, fingerprintSha256 } from '../config/fingerprint.js';
import { createSha256, sha256Hex } from '../io/sha256.js';

// Scripts are small: read whole, one open and one fstat each. A large file is streamed so that
// a word naming a big data file costs time, never memory.
const READ_WHOLE_MAX_BYTES = 1024 * 1024;

interface ScriptContent {
  readonly fingerprint: string;
  sha256(): string;
}

/** SHA-256 of the file; undefined unless the path is a regular file that can be read. */
export async function hashRegularFile(path: string): Promise<string | undefined> {
  const content = await readRegularFile(path);
  noteFileObservation('script', path, content?.fingerprint ?? 'none');
  return content?.sha256();
}

/** The fingerprint hashRegularFile notes for the path, for the cache to compare ('none': not a readable regular file). */
export async function fingerprintRegularFile(path: string): Promise<string> {
  return (await readRegularFile(path))?.fingerprint ?? 'none';
}

async function readRegularFile(path: string): Promise<ScriptContent | undefined> {
  const fd = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch(() => undefined);
  if (fd === undefined) return undefined;
  try {
    const info = await fstat(fd);
    if (!info.isFile()) return undefined;
    if (info.size <= READ_WHOLE_MAX_BYTES) {
      const bytes = await readFile(fd);
      return { fingerprint: fingerprintBytes(bytes), sha256: () => sha256Hex(bytes) };
    }
    const hash = createSha256();
    for await (const chunk of createReadStream(path, { fd, autoClose: false, start: 0 })) hash.update(chunk as Buffer);
    const sha256 = hash.digest('hex');
    return { fingerprint: fingerprintSha256(sha256), sha256: () => sha256 };
  } catch {
    return undefined;
  } finally {
    await close(fd);
  }
}
