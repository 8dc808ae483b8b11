// The deletion rules' tests: rm with a recursive flag (or rsync --delete) on a folder whose loss is
// a disaster, rm --no-preserve-root, rm as another user, and find deleting from such a folder.
// Flags are read as getopt reads them and targets as paths, however either is spelt.
import { firstBreaking, type CommandIntent } from './command-intent.js';
import { DELETERS, isRemote, RSYNC_OPTIONS } from './file-accesses.js';
import { isSystemFolder, protectedFolder, wholeFolderTarget, type PathContext } from './security-paths.js';
import { parseOptions, type OptionSpec } from './shell-options.js';
import { argumentValues, type ShellCommand, type ShellWord } from './shell-scan.js';
import { PRIVILEGED, programName, readShellArguments, SHELLS, unwrap } from './shell-wrappers.js';

const RM_OPTIONS: OptionSpec = {
  long: { recursive: 'flag', force: 'flag', interactive: 'flag', 'one-file-system': 'flag', 'no-preserve-root': 'flag', 'preserve-root': 'flag', dir: 'flag', verbose: 'flag', help: 'flag', version: 'flag' },
  permute: true,
};

/** rm with a recursive flag (or rsync --delete) on /, a system folder, home, or a folder holding the project or the working folder. */
export const recursiveDeleteOfProtected: CommandIntent = (scan, context) =>
  firstBreaking(scan, (command) => {
    if (command.program === 'rm') {
      const options = parseOptions(argumentValues(command), RM_OPTIONS);
      if (!options.short.has('r') && !options.short.has('R') && !options.long.has('recursive')) return false;
      return options.operands.some((operand) => protectedTarget(operand, command, context));
    }
    if (command.program === 'rsync') {
      const options = parseOptions(argumentValues(command), RSYNC_OPTIONS);
      const destination = options.operands.at(-1);
      return options.operands.length > 1 && [...options.long].some((name) => name.startsWith('del')) && destination !== undefined && !isRemote(destination) && protectedTarget(destination, command, context);
    }
    return false;
  });

function protectedTarget(value: string, command: ShellCommand, context: PathContext): boolean {
  const target = wholeFolderTarget(value, command.cwd);
  return target !== null && protectedFolder(target, context) !== null;
}

/** rm --no-preserve-root (or any abbreviation of it). */
export const rmWithoutPreserveRoot: CommandIntent = (scan) => firstBreaking(scan, (command) => command.program === 'rm' && parseOptions(argumentValues(command), RM_OPTIONS).long.has('no-preserve-root'));

/** rm run as another user (sudo, doas, su -c, ...). */
export const privilegedRm: CommandIntent = (scan) => firstBreaking(scan, (command) => command.program === 'rm' && command.wrappers.some((wrapper) => PRIVILEGED.has(wrapper)));

const FIND_NARROWING = /^-(?:i?name|i?path|i?wholename|i?regex|i?lname)$/;

/** find -delete (or -exec rm) from /, a system folder, or (without a name filter) home or a folder holding the project. */
export const findDeleteOfProtected: CommandIntent = (scan, context) =>
  firstBreaking(scan, (command) => {
    if (command.program !== 'find') return false;
    const words = command.args;
    let index = 0;
    while (index < words.length && /^-(?:[HLP]|D|O\d*)$/.test(words[index]!.value)) index += words[index]!.value === '-D' ? 2 : 1;
    const paths: string[] = [];
    while (index < words.length && !/^[-(!),]/.test(words[index]!.value)) paths.push(words[index++]!.value);
    const expression = words.slice(index);
    if (!findDeletes(expression)) return false;
    const narrowed = isNarrowed(expression.map((word) => word.value));
    return (paths.length === 0 ? ['.'] : paths).some((path) => {
      const target = wholeFolderTarget(path, command.cwd);
      if (target === null) return false;
      return isSystemFolder(target) || (!narrowed && protectedFolder(target, context) !== null);
    });
  });

// -delete, or -exec (-execdir, -ok, -okdir) of a deleter, directly or in a shell's -c script.
function findDeletes(expression: readonly ShellWord[]): boolean {
  for (let index = 0; index < expression.length; index++) {
    const value = expression[index]!.value;
    if (value === '-delete') return true;
    if (!/^-(?:exec|execdir|ok|okdir)$/.test(value)) continue;
    const end = expression.findIndex((word, at) => at > index && (word.value === ';' || word.value === '+'));
    const run = expression.slice(index + 1, end < 0 ? undefined : end);
    const inner = unwrap(run, null, (text) => ({ value: text, inner: [] })).variants[0] ?? [];
    const program = programName(inner[0]?.value);
    if (DELETERS.has(program)) return true;
    if (SHELLS.has(program)) {
      const script = readShellArguments(inner.slice(1).map((word) => word.value)).script;
      if (script !== null && /(?:^|[\s;&|(\x60])(?:\S*\/)?(?:rm|shred|unlink)\s/.test(script)) return true;
    }
  }
  return false;
}

// A -name/-path/-regex test with a real pattern narrows what find deletes (unless negated).
function isNarrowed(expression: readonly string[]): boolean {
  return expression.some((word, index) => {
    const negated = index > 0 && (expression[index - 1] === '!' || expression[index - 1] === '-not');
    if (negated) return false;
    if (word === '-empty' || word === '-samefile' || word === '-inum') return true;
    return FIND_NARROWING.test(word) && /[A-Za-z0-9_]/.test(expression[index + 1] ?? '');
  });
}
