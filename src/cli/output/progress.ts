// Progress for a person waiting at a terminal: a spinner on stderr (yocto-spinner), shown only once
// the work has taken longer than a second, so a quick command prints nothing more. Never when
// stderr is not a terminal (a pipe, a file, an agent calling hookpool), in CI or on a dumb
// terminal, and without colour under NO_COLOR. Lines the command prints meanwhile appear above it.
import { onExit } from 'signal-exit';
import yoctoSpinner, { type Spinner } from 'yocto-spinner';
import { isTerminal } from '../../io/raw-stdio.js';

/** How long work runs before its progress is shown. */
export const SHOW_PROGRESS_AFTER_MS = 1000;

export interface Progress {
  /** What is being done now (`trusting .claude/settings.json (2/5)`). */
  update(text: string): void;
}

const QUIET: Progress = { update: () => {} };

/** Runs `work`, with a spinner saying `text` (or its latest update) once it has run for a second. */
export async function withProgress<T>(text: string, work: (progress: Progress) => Promise<T>): Promise<T> {
  if (!isTerminal(2)) return work(QUIET);
  let current = text;
  let spinner: Spinner | undefined;
  let removeExitHook: (() => void) | undefined;
  const timer = setTimeout(() => {
    // Not the spinner's own signal handlers (they exit the process): signal-exit stops it on a signal and lets the signal do what it would.
    spinner = yoctoSpinner({ text: current, stream: process.stderr, handleSignals: false }).start();
    removeExitHook = onExit(() => void spinner?.stop());
  }, SHOW_PROGRESS_AFTER_MS);
  try {
    return await work({
      update: (next) => {
        current = next;
        if (spinner !== undefined) spinner.text = next;
      },
    });
  } finally {
    clearTimeout(timer);
    spinner?.stop();
    removeExitHook?.();
  }
}
