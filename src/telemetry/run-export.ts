// A `hookpool run`'s export: started by the fire (project/fire-one-shot.ts) when the environment
// asks for one and a hook runs, flushed after the answer is written (cli/run-event.ts), bounded by
// HOOKPOOL_OTEL_FLUSH_TIMEOUT_MS so the agent waits at most that long for the process to exit.
import { writeToFd } from '../io/raw-stdio.js';

let pending: (() => Promise<string | null>) | undefined;

/** Keeps the flush of this run's export for flushRunExport(). */
export function exportAfterAnswer(flush: () => Promise<string | null>): void {
  pending = flush;
}

/** Flushes this run's export, if it started one; a flush that failed or ran late is one warning line. */
export async function flushRunExport(): Promise<void> {
  const flush = pending;
  pending = undefined;
  const warning = flush === undefined ? null : await flush();
  if (warning !== null) writeToFd(2, `hookpool: warning: ${warning}\n`);
}
