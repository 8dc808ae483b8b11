// Where each kind of output goes: answers to stdout, warnings and errors to stderr, one line each.
import { writeToFd } from '../../io/raw-stdio.js';

/** A line of the command's answer. */
export function printLine(text = ''): void {
  writeToFd(1, `${text}\n`);
}

export function printLines(lines: readonly string[]): void {
  if (lines.length > 0) writeToFd(1, `${lines.join('\n')}\n`);
}

/** Something the user should know that does not stop the command (a skipped config entry). */
export function printWarning(text: string): void {
  writeToFd(2, `hookpool: warning: ${text}\n`);
}

/** Why the command failed; the caller exits 1. */
export function printError(text: string): void {
  writeToFd(2, `hookpool: ${text}\n`);
}

/** Pretty JSON for `--json`: stable keys in the order the value has them. */
export function printJson(value: unknown): void {
  writeToFd(1, `${JSON.stringify(value, null, 2)}\n`);
}
