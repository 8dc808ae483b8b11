// An in-worker or function hook's answer as the outcome of a command hook that exited 0: the
// answer as its JSON stdout (a string as plain stdout; undefined or null as no output), capped
// like stdout.
import { failedOutcome, type HookOutcome } from './outcome.js';

/** The outcome of a hook that answered `answer` after `durationMs`. */
export function answerOutcome(hookId: string, answer: unknown, durationMs: number, maxOutputBytes: number): HookOutcome {
  let stdout = '';
  if (answer !== undefined && answer !== null) {
    try {
      stdout = typeof answer === 'string' ? answer : JSON.stringify(answer);
    } catch (error) {
      return failedOutcome(hookId, 'crashed', `answered something that is not JSON: ${errorLine(error)}`, durationMs);
    }
  }
  // A UTF-8 string of n UTF-16 units is at most 3n bytes: most answers never need counting.
  const truncated = stdout.length * 3 > maxOutputBytes && Buffer.byteLength(stdout) > maxOutputBytes;
  if (truncated) stdout = Buffer.from(stdout).subarray(0, maxOutputBytes).toString();
  return { id: hookId, status: 'ok', exitCode: 0, signal: null, durationMs, stdout, stderr: '', truncated };
}

/** The first line of what was thrown, shortened: what a one-line outcome quotes. */
export function errorLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
