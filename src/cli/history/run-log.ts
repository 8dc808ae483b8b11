// The local log `hookpool history` reads: one JSON line per settled hook (id, event, status,
// duration, exit code, time; never the input or output), appended by the CLI's engine and by
// anything built on it (serve). 0600 in a 0700 directory, and bounded: past MAX_LOG_BYTES the file
// becomes `runs.jsonl.1` (replacing the previous one) and a new one starts.
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
 * Appends one record. Synchronous (a stat and one append of one short line: 60-110 us each,
 * measured on a 2-core machine at load average 22) so a one-shot CLI never exits with a write pending; a line under PIPE_BUF written
 * with O_APPEND is never interleaved with another process's. Never throws: history is a
 * convenience, and a hook's outcome must not depend on it.
 */
export function appendRunRecord(path: string, record: RunRecord, maxBytes: number = MAX_LOG_BYTES): void {
  const line = `${JSON.stringify(record)}\n`;
  try {
    const dir = dirname(path);
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      madeDirs.add(dir);
    }
    const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    if (size > 0 && size + line.length > maxBytes) renameSync(path, `${path}.1`);
    appendFileSync(path, line, { mode: 0o600 });
  } catch {
    // Unwritable state directory, or it was removed meanwhile: this run goes unrecorded, and the next one makes the directory again.
    madeDirs.clear();
  }
}

/** Every readable record, oldest first (the rotated file, then the current one); malformed lines are skipped. */
export async function readRunRecords(path: string): Promise<RunRecord[]> {
  const texts = await Promise.all([`${path}.1`, path].map((file) => readFile(file, 'utf8').catch(() => '')));
  return texts.flatMap((text) => text.split('\n').flatMap(parseRecord));
}

function parseRecord(line: string): RunRecord[] {
  if (line.trim() === '') return [];
  try {
    const value = JSON.parse(line) as Partial<RunRecord>;
    const valid = typeof value.id === 'string' && typeof value.event === 'string' && typeof value.status === 'string' && typeof value.durationMs === 'number' && typeof value.at === 'string';
    return valid ? [value as RunRecord] : [];
  } catch {
    return [];
  }
}
