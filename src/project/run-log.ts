// The local log `hookpool history` reads: one JSON line per settled hook (id, event, status,
// duration, exit code, time, project, and whether it blocked; never the input or output), appended by the CLI's engine and by
// anything built on it (serve). 0600 in a 0700 directory, and bounded: past MAX_LOG_BYTES the file
// becomes `runs.jsonl.1` (replacing the previous one) and a new one starts.
import { closeSync, constants, fstatSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { privateDirProblem } from './server/private-dir.js';
import { onExit } from 'signal-exit';
import { readFile } from '../io/fs-async.js';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** One settled hook run. */
export interface RunRecord {
  /** ISO time it settled. */
  readonly at: string;
  readonly id: string;
  readonly event: string;
  readonly status: string;
  readonly durationMs: number;
  readonly exitCode: number | null;
  /** The project directory it ran for; absent in records of an earlier hookpool. */
  readonly project?: string;
  /** The hook answered with a refusal of its own (deny or block): a deliberate block, not a failure. Absent when it did not. */
  readonly blocked?: boolean;
  /** Audit mode: the hook would have blocked; not applied. Absent when it would not. */
  readonly wouldBlock?: boolean;
}

/** How a run ended, as history shows it: a block (applied, or only audited) apart from the run's status. */
export function runOutcome(record: RunRecord): string {
  if (record.wouldBlock === true) return 'would block';
  if (record.blocked === true) return 'blocked';
  return record.status;
}

// Directories this process has made: a resident engine (serve) appends often, and mkdir is a third of the cost.
const madeDirs = new Set<string>();

/** About 4000 runs of ~120 bytes per file; two files at most. */
export const MAX_LOG_BYTES = 512 * 1024;

/** `$XDG_STATE_HOME/hookpool/runs.jsonl`, else `~/.local/state/hookpool/runs.jsonl`. */
export function defaultRunLogPath(env: NodeJS.ProcessEnv = process.env): string {
  const state = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(state, 'hookpool', 'runs.jsonl');
}

/**
 * Appends one record at once. Synchronous (a stat and one append of one short line: 60-110 us
 * each, measured on a 2-core machine at load average 22); an append with O_APPEND is written
 * whole at the end of the file, never interleaved with another process's. Never throws: history
 * is a convenience, and a hook's outcome must not depend on it.
 */
export function appendRunRecord(path: string, record: RunRecord, maxBytes: number = MAX_LOG_BYTES): void {
  appendRunLines(path, `${JSON.stringify(record)}\n`, maxBytes);
}

function appendRunLines(path: string, lines: string, maxBytes: number): void {
  try {
    const dir = dirname(path);
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // A state folder someone else could write (or a link planted in its place) gets no record.
      if (privateDirProblem(dir, { tighten: true }) !== null) return;
      madeDirs.add(dir);
    }
    const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    if (size > 0 && size + lines.length > maxBytes) renameSync(path, `${path}.1`);
    appendWhole(path, lines);
  } catch {
    // Unwritable state directory, or it was removed meanwhile: these runs go unrecorded, and the next ones make the directory again.
    madeDirs.clear();
  }
}

// O_NOFOLLOW: a symlink planted where the log goes is never followed; a file of someone else's is not written.
function appendWhole(path: string, lines: string): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
  try {
    const info = fstatSync(fd);
    if (info.isFile() && info.uid === process.getuid?.()) writeSync(fd, lines);
  } finally {
    closeSync(fd);
  }
}

/** Records queued for one log file, written together a moment later. */
export interface RunLogWriter {
  /** Queues a record; it is on disk after the next flush (FLUSH_DELAY_MS at most, or at exit). */
  record(record: RunRecord): void;
  /** Writes every queued record now (synchronously). */
  flush(): void;
}

/**
 * How long a record may wait for others. Measured (serve, one `true` hook per request): the
 * synchronous append was 0.1-0.2 ms of every request; written after the answer, a batch at a time,
 * it is off the caller's path.
 */
export const FLUSH_DELAY_MS = 100;

// One writer per file in a process: every engine a server builds on reload shares it.
const writers = new Map<string, RunLogWriter>();

/**
 * The writer of the log at `path`. Queued records are flushed after FLUSH_DELAY_MS, by flush()
 * (the CLI's engine calls it when it closes), and on the process's way out: at exit, and on a
 * signal that would kill it (signal-exit), so no record is lost when the CLI or the server ends.
 */
export function runLogWriter(path: string, maxBytes: number = MAX_LOG_BYTES): RunLogWriter {
  let writer = writers.get(path);
  if (writer === undefined) {
    writer = createRunLogWriter(path, maxBytes);
    writers.set(path, writer);
  }
  return writer;
}

function createRunLogWriter(path: string, maxBytes: number): RunLogWriter {
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  let removeExitHook: (() => void) | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    removeExitHook?.();
    removeExitHook = undefined;
    if (pending === '') return;
    const lines = pending;
    pending = '';
    appendRunLines(path, lines, maxBytes);
  };
  return {
    record(record) {
      pending += `${JSON.stringify(record)}\n`;
      if (timer !== undefined) return;
      // Unref'd: a pending write never keeps a process alive; the exit hook writes it then.
      timer = setTimeout(flush, FLUSH_DELAY_MS).unref();
      removeExitHook = onExit(flush);
    },
    flush,
  };
}

/** Every readable record, oldest first (the rotated file, then the current one); malformed lines are skipped. */
export async function readRunRecords(path: string): Promise<RunRecord[]> {
  const texts = await Promise.all([`${path}.1`, path].map((file) => readFile(file, 'utf8').catch(() => '')));
  return texts.flatMap((text) => text.split('\n').flatMap(parseRecord));
}

function parseRecord(line: string): RunRecord[] {
  if (line.trim() === '') return [];
  try {
    const value = JSON.parse(line) as Partial<Record<keyof RunRecord, unknown>>;
    const valid = typeof value.id === 'string' && typeof value.event === 'string' && typeof value.status === 'string' && typeof value.durationMs === 'number' && typeof value.at === 'string';
    if (!valid) return [];
    // The optional fields count only with their own types: a record written otherwise keeps its required part.
    const { project, blocked, wouldBlock, ...required } = value as RunRecord;
    return [{
      ...required,
      ...(typeof project === 'string' ? { project } : {}),
      ...(blocked === true ? { blocked } : {}),
      ...(wouldBlock === true ? { wouldBlock } : {}),
    }];
  } catch {
    return [];
  }
}
