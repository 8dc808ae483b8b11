// A progress bar on stderr, drawn only when stderr is a terminal (never into a pipe or a log), by
// cli-progress. Updates are throttled by the library; stop() clears the line.
import { SingleBar } from 'cli-progress';
import { isTerminal } from '../../io/raw-stdio.js';

export interface ProgressBar {
  update(done: number, total: number): void;
  stop(): void;
}

const NO_BAR: ProgressBar = { update: () => {}, stop: () => {} };

/** A bar labelled `label`, or none (null, or stderr is no terminal). */
export function createProgressBar(label: string | null): ProgressBar {
  if (label === null || !isTerminal(2)) return NO_BAR;
  const bar = new SingleBar({ stream: process.stderr, format: `${label} [{bar}] {percentage}% | {value}/{total} bytes`, clearOnComplete: true, hideCursor: true, etaBuffer: 50 });
  let started = false;
  return {
    update(done, total) {
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
