// The commands that run code instead of doing one program's work: shells, eval and source, and the
// script interpreters; and whether one reads the code it runs from its standard input (`... | sh`,
// `bash -s`, `python -`), where code nobody has read comes in. The scan follows a shell script on a
// shell's stdin; the pipe-to-shell rule also watches interpreters.
import { parseOptions } from './shell-options.js';
import { argumentValues, type ShellCommand } from './shell-scan.js';
import { readShellArguments, SHELLS } from './shell-wrappers.js';

/** Script interpreters, by program name. */
export const INTERPRETERS = /^(?:python[\d.]*|pypy3?|perl|ruby|node|nodejs|php|lua)$/;
// The letter of the option that gives an interpreter its code inline.
const INLINE_CODE: Readonly<Record<string, string>> = { perl: 'eE', ruby: 'e', node: 'ep', nodejs: 'ep', php: 'r', lua: 'e' };

/** True when the program runs code: a shell, eval/source, or an interpreter. */
export function runsCode(program: string): boolean {
  return SHELLS.has(program) || INTERPRETERS.test(program) || program === 'eval' || program === 'source' || program === '.';
}

/** True when a shell with no script operand (`sh`, `bash -s`, `sh -`) or `source /dev/stdin` reads a shell script from stdin. */
export function readsScriptFromStdin(command: ShellCommand): boolean {
  if (SHELLS.has(command.program)) return readShellArguments(argumentValues(command)).readsStdin;
  return (command.program === 'source' || command.program === '.') && (command.args[0]?.value === '/dev/stdin' || command.args[0]?.value === '-');
}

/** True when a shell or interpreter reads its program from standard input. */
export function readsCodeFromStdin(command: ShellCommand): boolean {
  if (!INTERPRETERS.test(command.program)) return readsScriptFromStdin(command);
  const python = command.program.startsWith('py');
  const inline = python ? 'cm' : (INLINE_CODE[command.program] ?? 'e');
  const options = parseOptions(argumentValues(command), { shortValue: python ? 'WXQ' : 'I', long: { eval: 'value', print: 'flag' } });
  if ([...inline].some((letter) => options.short.has(letter)) || options.long.has('eval') || options.long.has('print')) return false;
  return options.operands.length === 0 || options.operands[0] === '-';
}
