// Where each kind of output goes: answers to stdout, warnings and errors to stderr, one line each.

/** A line of the command's answer. */
export function printLine(text = ''): void {
  process.stdout.write(`${text}\n`);
}

export function printLines(lines: readonly string[]): void {
  if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
}

/** Something the user should know that does not stop the command (a skipped config entry). */
export function printWarning(text: string): void {
  process.stderr.write(`hookpool: warning: ${text}\n`);
}

/** Why the command failed; the caller exits 1. */
export function printError(text: string): void {
  process.stderr.write(`hookpool: ${text}\n`);
}

/** Pretty JSON for `--json`: stable keys in the order the value has them. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
