// The one way hookpool writes its own files (trust and policy records, caches, the server's
// record, session notices): whole, through a fresh temp file renamed over the target, so a
// reader never sees half of one; 0600 in a 0700 folder. The temp name is unique per process and
// call, and 'wx' refuses to reuse one, so a leftover file can never lend it another mode.
// Imports node:fs and fs-async.ts only (the client and the executable load it; run's path avoids
// node:fs/promises).
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { mkdir, rename, rm, writeFile } from './fs-async.js';

const PRIVATE = { mode: 0o600, flag: 'wx' } as const;

export async function writePrivateFile(path: string, data: string | Uint8Array): Promise<void> {
  const temporary = temporaryNameFor(path);
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await writeFile(temporary, data, PRIVATE);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

export function writePrivateFileSync(path: string, data: string | Uint8Array): void {
  const temporary = temporaryNameFor(path);
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, data, PRIVATE);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function temporaryNameFor(path: string): string {
  return `${path}.${process.pid}.${process.hrtime.bigint()}.tmp`;
}
