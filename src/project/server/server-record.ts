// The discovery record of a running server: its pid, the loopback port Claude Code's http hooks
// reach it on and the socket clients call, in a 0600 file named by the project, in a 0700 folder.
// One server per project and user: a server claims the record before it binds anything. A
// record is believed only when it is the user's own file that nobody else may write, and its pid
// is alive; otherwise it is stale and the next server replaces it.
import { lstatSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writePrivateFileSync } from '../../io/write-private-file.js';
import { ensurePrivateDir } from './private-dir.js';
import { isRunning, readProcState } from './process-state.js';

export interface ServerRecord {
  /** The server (its supervisor process). */
  readonly pid: number;
  /** Its start time (process-state.ts): a later process that reused the pid is not it. */
  readonly startTicks?: number;
  /** The loopback port of its http hook endpoint; 0 while starting, or when the port could not be bound. */
  readonly port: number;
  readonly projectDir: string;
  /** Why the http port is not bound, when it is not. */
  readonly httpProblem?: string;
}

/** The record at `path` when it may be believed and its server still runs (a zombie or a reused pid does not); null otherwise. */
export function readLiveServerRecord(path: string): ServerRecord | null {
  const record = readRecord(path);
  return record !== null && isRunning(record.pid, record.startTicks) ? record : null;
}

function readRecord(path: string): ServerRecord | null {
  try {
    const info = lstatSync(path);
    if (!info.isFile() || info.uid !== process.getuid?.() || (info.mode & 0o077) !== 0) return null;
    const record = JSON.parse(readFileSync(path, 'utf8')) as Partial<ServerRecord>;
    const { port, pid, projectDir } = record;
    if (typeof port !== 'number' || typeof pid !== 'number' || typeof projectDir !== 'string') return null;
    return { port, pid, projectDir, ...(typeof record.startTicks === 'number' ? { startTicks: record.startTicks } : {}), ...(typeof record.httpProblem === 'string' ? { httpProblem: record.httpProblem } : {}) };
  } catch {
    return null;
  }
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
  ensurePrivateDir(dirname(path));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, `${JSON.stringify({ port: 0, pid: process.pid, startTicks: ownStartTicks(), projectDir })}\n`, { mode: 0o600, flag: 'wx' });
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
  if (readRecord(path)?.pid === pid) rmSync(path, { force: true });
}

/** This process's start time, for its record. */
export function ownStartTicks(): number | undefined {
  return readProcState(process.pid)?.startTicks;
}
