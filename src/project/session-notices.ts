// Which notices `hookpool run --format claude` has already given in a Claude Code session, so a
// configuration notice is said once per session, not on every tool call. A small JSON file in the
// user's cache directory, keyed by session id; sessions untouched for a week are dropped. It only
// ever silences repeats: when it cannot be read or written, notices are simply said again.
import { readFile } from '../io/fs-async.js';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../io/sha256.js';
import { writePrivateFile } from '../io/write-private-file.js';

/** Sessions whose last notice is older than this are forgotten. */
export const SESSION_NOTICE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many sessions are remembered (the most recent). */
const MAX_SESSIONS = 200;

interface SessionEntry {
  /** When a notice was last recorded, ms since the epoch. */
  at: number;
  /** Short hashes of the notices said. */
  said: string[];
}

type Ledger = Record<string, SessionEntry>;

/** `$XDG_CACHE_HOME/hookpool/session-notices.json`, else under `~/.cache`, else the temp directory. */
export function defaultSessionNoticesPath(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.HOME || homedir();
  const cache = env.XDG_CACHE_HOME || (home ? join(home, '.cache') : tmpdir());
  return join(cache, 'hookpool', 'session-notices.json');
}

function keyOf(notice: string): string {
  return sha256Hex(notice).slice(0, 16);
}

async function readLedger(path: string): Promise<Ledger> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Ledger) : {};
  } catch {
    return {};
  }
}

async function writeLedger(path: string, ledger: Ledger): Promise<void> {
  // Not remembering only means saying the notice again.
  await writePrivateFile(path, `${JSON.stringify(ledger)}\n`).catch(() => undefined);
}

function pruned(ledger: Ledger, now: number): Ledger {
  const fresh = Object.entries(ledger)
    .filter(([, entry]) => Array.isArray(entry?.said) && typeof entry.at === 'number' && now - entry.at < SESSION_NOTICE_TTL_MS)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_SESSIONS);
  return Object.fromEntries(fresh);
}

export interface SessionNoticesOptions {
  readonly path?: string;
  readonly now?: number;
}

/**
 * The notices not yet said in the session, recorded as said now. Without a session id every
 * notice is new (nothing to key them by). Two hooks firing at once in one session may both say a
 * notice: the ledger is not locked, as a repeated notice is harmless.
 */
export async function takeUnsaidNotices(sessionId: string | undefined, notices: readonly string[], options: SessionNoticesOptions = {}): Promise<string[]> {
  if (sessionId === undefined || notices.length === 0) return [...notices];
  const path = options.path ?? defaultSessionNoticesPath();
  const now = options.now ?? Date.now();
  const ledger = pruned(await readLedger(path), now);
  const said = new Set(ledger[sessionId]?.said ?? []);
  const unsaid = notices.filter((notice) => !said.has(keyOf(notice)));
  if (unsaid.length === 0) return [];
  ledger[sessionId] = { at: now, said: [...said, ...unsaid.map(keyOf)] };
  await writeLedger(path, pruned(ledger, now));
  return unsaid;
}
