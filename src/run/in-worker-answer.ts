// An in-worker or function hook's answer as the outcome of a command hook that exited 0: the
// answer as its JSON stdout (a string as plain stdout; undefined or null as no output), capped
// like stdout. Whatever the hook returns or throws becomes an outcome: a value JSON cannot
// write (a function, a symbol, a BigInt, a cycle, a throwing getter or toJSON) is a crash, and
// describing what was thrown never throws in turn (a hostile hook can throw anything).
import { failedOutcome, type HookOutcome } from '../model/hook-outcome.js';

/** The answer as stdout text, or why it cannot be one. Never throws. */
export function answerText(answer: unknown): { readonly stdout: string } | { readonly error: string } {
  if (answer === undefined || answer === null) return { stdout: '' };
  if (typeof answer === 'string') return { stdout: answer };
  let text: string | undefined;
  try {
    text = JSON.stringify(answer);
  } catch (error) {
    return { error: `answered something that is not JSON: ${errorLine(error)}` };
  }
  // JSON.stringify gives undefined, not a throw, for a function, a symbol, or a toJSON answering undefined.
  if (typeof text !== 'string') return { error: `answered something that is not JSON: ${describeValue(answer)}` };
  return { stdout: text };
}

/** The outcome of a hook that answered `answer` after `durationMs`. */
export function answerOutcome(hookId: string, answer: unknown, durationMs: number, maxOutputBytes: number): HookOutcome {
  const text = answerText(answer);
  if ('error' in text) return failedOutcome(hookId, 'crashed', text.error, durationMs);
  let { stdout } = text;
  // A UTF-8 string of n UTF-16 units is at most 3n bytes: most answers never need counting.
  const truncated = stdout.length * 3 > maxOutputBytes && Buffer.byteLength(stdout) > maxOutputBytes;
  if (truncated) stdout = Buffer.from(stdout).subarray(0, maxOutputBytes).toString();
  return { id: hookId, status: 'ok', exitCode: 0, signal: null, durationMs, stdout, stderr: '', truncated };
}

/** The first line of what was thrown, shortened: what a one-line outcome quotes. Never throws. */
export function errorLine(error: unknown): string {
  const line = thrownText(error).trim().split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

// An Error's message, or the value as text; a value whose message getter or conversion throws
// (Object.create(null), a revoked Proxy) is named by its type instead.
function thrownText(error: unknown): string {
  try {
    if (error instanceof Error) return String(error.message);
    return typeof error === 'symbol' ? error.toString() : String(error);
  } catch {
    return describeValue(error);
  }
}

function describeValue(value: unknown): string {
  if (typeof value === 'object') return value === null ? 'null' : 'an object that cannot be written as text';
  return `a ${typeof value}`;
}
