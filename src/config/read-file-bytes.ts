// Reads one configuration or record file as bytes, or says why not, without ever throwing for
// the file's state and without ever blocking: a FIFO or device put in a file's place is refused.
import { constants } from 'node:fs';
import { close, fstat, open, readFile } from '../io/fs-async.js';
import { noteFileObservation } from './file-journal.js';
import { fingerprintBytes } from './fingerprint.js';
import { refusedUserFile } from '../io/user-file-safety.js';

// Absent, or a path through something that is not a directory (e.g. `~/.claude` is a file).
const MISSING_CODES = new Set(['ENOENT', 'ENOTDIR']);
// Far beyond any real hook configuration; a bigger file is a mistake or an attack on memory.
const MAX_FILE_BYTES = 16 * 1024 * 1024;

export type FileBytes =
  | { readonly status: 'missing' }
  | { readonly status: 'failed'; readonly reason: string }
  | { readonly status: 'read'; readonly bytes: Buffer };

export interface ReadFileBytesOptions {
  /** A user-level file: refused when others could have written it (user-file-safety.ts). */
  readonly userLevel: boolean;
}

/** The file's bytes; `missing` when it does not exist; `failed` with a one-line reason otherwise. */
export async function readFileBytes(path: string, options: ReadFileBytesOptions): Promise<FileBytes> {
  const file = await readBytes(path, options);
  noteFileObservation(options.userLevel ? 'user-file' : 'config-file', path, fingerprintFileBytes(file));
  return file;
}

/** What a read saw, in one string: equal fingerprints mean the loader would see the same thing. */
export function fingerprintFileBytes(file: FileBytes): string {
  if (file.status === 'missing') return 'missing';
  if (file.status === 'failed') return `failed: ${file.reason}`;
  return fingerprintBytes(file.bytes);
}

async function readBytes(path: string, options: ReadFileBytesOptions): Promise<FileBytes> {
  let fd;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    fd = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (MISSING_CODES.has(code)) return { status: 'missing' };
    return { status: 'failed', reason: `cannot be read (${code || (error as Error).message})` };
  }
  try {
    const info = await fstat(fd);
    if (info.isDirectory()) return { status: 'failed', reason: 'is a directory' };
    if (!info.isFile()) return { status: 'failed', reason: 'not a regular file' };
    if (info.size > MAX_FILE_BYTES) return { status: 'failed', reason: `too large (${info.size} bytes; at most ${MAX_FILE_BYTES})` };
    const refusal = options.userLevel ? await refusedUserFile(path, info) : null;
    if (refusal !== null) return { status: 'failed', reason: refusal };
    return { status: 'read', bytes: await readFile(fd) };
  } catch (error) {
    return { status: 'failed', reason: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  } finally {
    await close(fd);
  }
}
