// What a configuration load looked at: every file read, folder listed, folder probed and script
// hashed, each with a fingerprint of exactly what the loader saw. The CLI's config cache keeps
// the journal beside the loaded configuration and believes it only while every entry still looks
// the same, so the journal must come from the readers themselves: a fingerprint taken afterwards
// could describe bytes the loader never read.
import { AsyncLocalStorage } from 'node:async_hooks';

/** How a path was looked at; each kind is observed again by the same reader (check-journal.ts). */
export type ObservationKind = 'config-file' | 'user-file' | 'script' | 'folder-listing' | 'folder';

/** One look at one path. */
export interface FileObservation {
  readonly kind: ObservationKind;
  readonly path: string;
  readonly fingerprint: string;
}

/** The observations of one load; `consistent` is false when a path looked different twice (it changed mid-load). */
export interface FileJournal {
  readonly observations: FileObservation[];
  consistent: boolean;
}

const active = new AsyncLocalStorage<FileJournal>();

/** Runs `load` recording every observation its readers make; nested and concurrent loads keep their own journals. */
export async function recordFileObservations<T>(load: () => Promise<T>): Promise<{ value: T; journal: FileJournal }> {
  const journal: FileJournal = { observations: [], consistent: true };
  const value = await active.run(journal, load);
  return { value, journal };
}

/** Called by the readers; a no-op outside recordFileObservations. */
export function noteFileObservation(kind: ObservationKind, path: string, fingerprint: string): void {
  const journal = active.getStore();
  if (journal === undefined) return;
  const earlier = journal.observations.find((entry) => entry.kind === kind && entry.path === path);
  if (earlier === undefined) journal.observations.push({ kind, path, fingerprint });
  else if (earlier.fingerprint !== fingerprint) journal.consistent = false;
}
