// What a spare hook process runs, and the line that releases it. A spare is `/bin/sh` started
// ahead of time with a hook's cwd and fixed environment, blocked reading one line on fd 3. The
// line, written when the hook's event comes, exports the fire's variables and runs the hook: a
// `sh -c` hook's command is evaluated by that same shell (what `sh -c` would do, without a
// second start), any other program is exec'd. One line, so newlines in values travel as "$nl".
import { accessSync, constants } from 'node:fs';
import { isAbsolute } from 'node:path';

/** The program every spare runs, and its argv: the script, then $0 as `sh -c` hooks see it. */
export const SPARE_SHELL = '/bin/sh';
export const SPARE_ARGV: readonly string[] = ['-c', "nl='\n'\nIFS= read -r h <&3 || exit 125\neval \"$h\"", SPARE_SHELL];
/** The spare's file descriptor that carries the hand-over line. */
export const HAND_OVER_FD = 3;

// `read` takes a pipe one byte per system call (it must not read past the line): a longer line
// (a large environment handed over whole, a long command) costs more than the spawn it saves.
export const MAX_HAND_OVER_CHARS = 4096;

// What `export NAME=...` accepts: a portable shell name.
const SHELL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `text` as one shell word on one line (single quotes; a newline as "$nl"). */
function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`).replaceAll('\n', `'"$nl"'`)}'`;
}

/**
 * The line that makes a waiting spare run `file argv` with `overlay` laid over the environment it
 * was started with; undefined when a spare cannot run it as a fresh spawn would (a variable no
 * shell can export, a program that is not an absolute executable path, a NUL byte anywhere, which
 * spawn refuses and a shell would cut the text at: spawn's own errors for those are outcomes a
 * shell would report differently), or not as fast (a line over MAX_HAND_OVER_CHARS).
 */
export function handOverLine(file: string, argv: readonly string[], overlay: Readonly<Record<string, string>>): string | undefined {
  const exports: string[] = [];
  for (const name in overlay) {
    if (!SHELL_NAME.test(name)) return undefined;
    exports.push(`${name}=${quote(overlay[name]!)}`);
  }
  let run: string;
  if (file === SPARE_SHELL && argv.length === 2 && argv[0] === '-c') {
    // $nl is expanded in eval's argument, then gone before the command runs in this shell.
    run = `eval ${quote(`unset nl; ${argv[1]!}`)}`;
  } else {
    // exec'd programs get exported variables only: $nl (expanded in the arguments) is not one.
    if (!isAbsolute(file) || !isExecutable(file)) return undefined;
    run = `exec ${[file, ...argv].map(quote).join(' ')}`;
  }
  const exported = exports.length === 0 ? '' : `export ${exports.join(' ')}; `;
  // The hook gets neither fd 3 nor the stub's two variables.
  const line = `unset h; exec ${HAND_OVER_FD}<&-; ${exported}${run}\n`;
  return line.length > MAX_HAND_OVER_CHARS || line.includes('\0') ? undefined : line;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
