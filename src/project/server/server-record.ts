// The discovery record of a running server: port, pid and project, in a 0600 JSON file named by
// the project. Clients read it to find the server; a record whose pid is dead is stale and is
// ignored, then replaced by the next server. Imports only node: modules (client hot path).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writePrivateFileSync } from '../../config/write-private-file.js';

export interface ServerRecord {
  readonly port: number;
  readonly pid: number;
  readonly projectDir: string;
}

/** True while a process with this pid exists (signal 0 checks without sending anything). */
export function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The record at `path` when its server is alive; null when missing, unreadable or stale. */
export function readLiveServerRecord(path: string): ServerRecord | null {
  let record: Partial<ServerRecord>;
  try {
    record = JSON.parse(readFileSync(path, 'utf8')) as Partial<ServerRecord>;
  } catch {
    return null;
  }
  const { port, pid, projectDir } = record;
  if (typeof port !== 'number' || typeof pid !== 'number' || typeof projectDir !== 'string') return null;
  return isPidAlive(pid) ? { port, pid, projectDir } : null;
}

/** Writes the record whole (writePrivateFileSync). */
export function writeServerRecord(path: string, record: ServerRecord): void {
  writePrivateFileSync(path, `${JSON.stringify(record)}\n`);
}

/**
 * Claims the project for this process: writes a record with port 0 ("starting") only if no live
 * server holds it (`wx`, so of two servers started at once exactly one wins; a stale record is
 * removed first). Returns the live record that holds it instead, or null when claimed.
 */
export function claimServerRecord(path: string, projectDir: string): ServerRecord | null {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, `${JSON.stringify({ port: 0, pid: process.pid, projectDir })}\n`, { mode: 0o600, flag: 'wx' });
      return null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const live = readLiveServerRecord(path);
    if (live !== null) return live;
    rmSync(path, { force: true });
  }
  return readLiveServerRecord(path);
}

/** Removes the record if it is still this process's (a newer server may have replaced it). */
export function removeOwnServerRecord(path: string, pid: number = process.pid): void {
  try {
    const record = JSON.parse(readFileSync(path, 'utf8')) as Partial<ServerRecord>;
    if (record.pid === pid) rmSync(path, { force: true });
  } catch {
    // Already gone or unreadable: nothing of ours to remove.
  }
}
