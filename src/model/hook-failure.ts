import type { OnError } from './hook-definition.js';
import type { HookOutcome } from './hook-outcome.js';

/** A hook that gave no answer, and what hookpool made of it. Always reported, whatever `onError` says. */
export interface HookFailure {
  readonly id: string;
  readonly status: HookOutcome['status'];
  readonly exitCode: number | null;
  /** What went wrong, one line: `timed out and was killed after 10000 ms`, `could not start: ...`. */
  readonly message: string;
  /** `closed`: the hook's silence refused the action; `open`: the action went ahead without its answer. */
  readonly onError: OnError;
  /** The hook is in audit mode: its failure applied nothing, and `onError` says what it would have done. */
  readonly audit?: true;
}

// sh's own codes for a command it could not run: the hook's check never executed.
const COMMAND_NOT_RUN: Readonly<Record<number, string>> = { 126: 'not executable', 127: 'command not found' };

/** Why an outcome carries no answer from the hook, or null when the hook answered. */
export function describeFailure(outcome: HookOutcome): string | null {
  switch (outcome.status) {
    case 'ok':
      return null;
    case 'exit_nonzero': {
      if (outcome.signal !== null) return `was killed by ${outcome.signal}`;
      const meaning = COMMAND_NOT_RUN[outcome.exitCode ?? 0];
      if (meaning === undefined) return null;
      const detail = firstLine(outcome.stderr);
      return `could not run its command (exit ${outcome.exitCode}: ${meaning})${detail === '' ? '' : `: ${detail}`}`;
    }
    case 'timed_out':
      return `timed out and was killed after ${Math.round(outcome.durationMs)} ms`;
    case 'spawn_failed':
      return `could not start: ${outcome.error ?? 'unknown error'}`;
    case 'crashed':
      return `crashed: ${outcome.error ?? 'unknown error'}`;
    case 'aborted':
      return `was stopped before it answered: ${outcome.error ?? 'aborted'}`;
  }
}

/** One line for people: which hook failed, how, and what that did to the event. */
export function describeFailureNotice(failure: HookFailure, event: string): string {
  const consequence = failure.audit === true && failure.onError === 'closed'
    ? `it would block ${event} (onError: closed; audit mode, not applied)`
    : failure.onError === 'closed' ? `${event} was refused (onError: closed)` : `${event} went ahead without its answer (onError: open${failure.audit === true ? '; audit mode' : ''})`;
  return `hook "${failure.id}" ${failure.message}; ${consequence}`;
}

/** The first line of a hook's stderr, shortened: what a one-line notice quotes. */
export function firstLine(text: string): string {
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
