// Whether anything a configuration load looked at has changed, cheaply enough to ask before every
// fire of a resident server: each path's stat (followed and not) against the one taken right
// after the load. Stat times are coarse (a clock tick; seconds on some file systems), so a path
// whose change time is close to the load ("racy", as git calls it) may hold a change its stat does
// not show: such paths are also read again by the reader that observed them (check-journal.ts)
// until their stat is old enough to be believed.
import { lstatSync, statSync, type Stats } from 'node:fs';
import type { FileObservation } from '../../config/file-journal.js';
import { isJournalCurrent } from './check-journal.js';

const RACY_MS = 2_000;

export interface JournalSnapshot {
  /** The paths the load looked at, found or not. */
  readonly paths: readonly string[];
  /** False at the first path that looks different from what the load saw. */
  isCurrent(): Promise<boolean>;
}

interface Entry {
  readonly observation: FileObservation;
  readonly identity: string;
  readonly changedAtMs: number;
  racy: boolean;
}

/** Takes the snapshot of a load's observations; `loadStartedAtMs` is Date.now() from before the load read anything. */
export function snapshotJournal(observations: readonly FileObservation[], loadStartedAtMs: number): JournalSnapshot {
  const entries: Entry[] = observations.map((observation) => {
    const { identity, changedAtMs } = statOf(observation);
    return { observation, identity, changedAtMs, racy: changedAtMs >= loadStartedAtMs - RACY_MS };
  });
  return {
    paths: [...new Set(observations.map((observation) => observation.path))],
    async isCurrent() {
      if (entries.some((entry) => statOf(entry.observation).identity !== entry.identity)) return false;
      const racy = entries.filter((entry) => entry.racy);
      if (racy.length === 0) return true;
      // Taken before the read: a change during it still falls inside the racy window.
      const readAt = Date.now();
      if (!(await isJournalCurrent(racy.map((entry) => entry.observation)))) return false;
      // Read again after the stat and the same: from now on its stat, once old enough, is proof.
      for (const entry of racy) entry.racy = readAt - entry.changedAtMs <= RACY_MS;
      return true;
    },
  };
}

/**
 * What the load's look at a path depends on. A 'folder' look saw only that a directory is there
 * (a plugin's data folder, say, which its hooks write into): its contents and times do not count.
 */
function statOf({ kind, path }: FileObservation): { identity: string; changedAtMs: number } {
  const link = statSafely(lstatSync, path);
  const target = typeof link === 'object' && link.isSymbolicLink() ? statSafely(statSync, path) : link;
  if (kind === 'folder') return { identity: `${folderOf(link)}>${folderOf(target)}`, changedAtMs: 0 };
  const changedAtMs = Math.max(changedAt(link), changedAt(target));
  return { identity: `${describe(link)}>${describe(target)}`, changedAtMs };
}

function folderOf(stats: Stats | string): string {
  return typeof stats === 'string' ? stats : `${stats.dev}:${stats.ino}:${stats.mode}`;
}

/** The stats, or why there are none ('missing', 'ENOTDIR', 'EACCES': each a state the load saw too). */
function statSafely(stat: typeof statSync, path: string): Stats | string {
  try {
    // Most of the paths a load probes do not exist: no error object for those.
    return stat(path, { throwIfNoEntry: false }) ?? 'missing';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'unreadable';
  }
}

// Times to the microsecond, as the stat gives them (a changed file in the same microsecond is racy anyway).
function describe(stats: Stats | string): string {
  return typeof stats === 'string' ? stats : `${stats.dev}:${stats.ino}:${stats.mode}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

function changedAt(stats: Stats | string): number {
  return typeof stats === 'string' ? 0 : stats.ctimeMs;
}
