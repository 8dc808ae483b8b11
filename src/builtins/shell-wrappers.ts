// The program a command line really runs. A wrapper runs the command that follows its own options
// (`sudo -u root rm`, `env A=1 rm`, `timeout -s KILL 5 rm`, `busybox rm`, `xargs rm`), so it is
// taken off; a carrier runs a command held in a word (`bash -c '...'`, `eval`, `su -c`, `watch`,
// `find -exec`), which is read as a command of its own. Program names are normalised: `/bin/rm`,
// `\rm`, `"rm"` and Homebrew's `grm` are all `rm`.
import { globPatternSource, hasGlob, isUnknown, scriptText } from './shell-words.js';
import { parseOptions, type OptionSpec } from './shell-options.js';
import type { ShellWord } from './shell-scan.js';

/** How a wrapper's own options and operands are read. */
interface WrapperSpec extends OptionSpec {
  /** Operands between its options and the command (timeout's duration, chroot's new root). */
  readonly operands?: number;
  /** `NAME=value` words may come before the command (env, sudo). */
  readonly assignments?: boolean;
  /** Options after which no command runs (`command -v`, `sudo -l`). */
  readonly noCommand?: string;
  /** Options whose value is the command's working folder (`env -C`, `sudo -D`). */
  readonly chdir?: readonly string[];
  /** Options whose value is split into more words of the command (`env -S 'rm -rf'`). */
  readonly split?: readonly string[];
  /** Runs the command as another user. */
  readonly privileged?: boolean;
  /** Where the command would start, an option that gives a script instead (`flock FILE -c '...'`). */
  readonly scriptAfterOperands?: RegExp;
}

const value = 'value' as const;

/** Programs that run the command following their options. */
export const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  sudo: {
    shortValue: 'CDghpRrtTUu',
    long: { user: value, group: value, chdir: value, 'close-from': value, host: value, prompt: value, role: value, type: value, 'command-timeout': value, 'other-user': value, chroot: value, 'preserve-env': 'flag', login: 'flag', shell: 'flag', 'non-interactive': 'flag', 'set-home': 'flag', background: 'flag', stdin: 'flag' },
    noCommand: 'lveKV',
    assignments: true,
    chdir: ['D', 'chdir'],
    privileged: true,
  },
  doas: { shortValue: 'uC', noCommand: 'L', privileged: true },
  pkexec: { long: { user: value, 'disable-internal-agent': 'flag', 'keep-cwd': 'flag' }, privileged: true },
  run0: { shortValue: 'ugD', long: { user: value, group: value, chdir: value, nice: value, setenv: value, unit: value, property: value, description: value, slice: value, 'slice-inherit': 'flag', background: value }, chdir: ['D', 'chdir'], privileged: true },
  env: { shortValue: 'uCS', long: { unset: value, chdir: value, 'split-string': value, 'ignore-environment': 'flag', null: 'flag', debug: 'flag' }, assignments: true, chdir: ['C', 'chdir'], split: ['S', 'split-string'] },
  nice: { shortValue: 'n', long: { adjustment: value }, numericFlags: true },
  ionice: { shortValue: 'cnpPu', long: { class: value, classdata: value, pid: value, pgid: value, uid: value }, noCommand: 'pPu' },
  nohup: {},
  setsid: {},
  timeout: { shortValue: 'sk', long: { signal: value, 'kill-after': value, 'preserve-status': 'flag', foreground: 'flag', verbose: 'flag' }, operands: 1 },
  stdbuf: { shortValue: 'ioe', long: { input: value, output: value, error: value } },
  time: { shortValue: 'fo', long: { format: value, output: value, append: 'flag', portability: 'flag', verbose: 'flag', quiet: 'flag' } },
  command: { noCommand: 'vV' },
  builtin: {},
  exec: { shortValue: 'a' },
  xargs: {
    shortValue: 'aEdILnPs',
    long: { 'arg-file': value, delimiter: value, 'max-args': value, 'max-procs': value, 'max-chars': value, 'process-slot-var': value, null: 'flag', 'no-run-if-empty': 'flag', verbose: 'flag', interactive: 'flag', 'open-tty': 'flag', exit: 'flag' },
  },
  chroot: { long: { userspec: value, groups: value, 'skip-chdir': 'flag' }, operands: 1 },
  chrt: { shortValue: 'TPD', noCommand: 'p', operands: 1 },
  taskset: { noCommand: 'p', operands: 1 },
  unbuffer: {},
  caffeinate: { shortValue: 'tw' },
  proxychains: { shortValue: 'f' },
  proxychains4: { shortValue: 'f' },
  torsocks: { shortValue: 'uapP' },
  'systemd-run': { shortValue: 'pEMH', long: { unit: value, property: value, description: value, slice: value, uid: value, gid: value, nice: value, 'working-directory': value, setenv: value, machine: value, host: value, 'on-active': value }, chdir: ['working-directory'] },
  nsenter: { shortValue: 'tS' },
  unshare: {},
  strace: { shortValue: 'abeEIoOpPsSuUX', noCommand: 'p' },
  ltrace: { shortValue: 'aAeEFlnopsSuwx', noCommand: 'p' },
  flock: { shortValue: 'wEc', long: { timeout: value, 'conflict-exit-code': value, command: value }, operands: 1, noCommand: 'c', scriptAfterOperands: /^(?:-c|--command)/ },
};

/** Programs that run as another user: what runs under them is privileged. */
export const PRIVILEGED: ReadonlySet<string> = new Set(['sudo', 'doas', 'pkexec', 'run0', 'su', 'runuser', 'sg']);

/** Shells: `-c` runs a script word, no script operand reads one from stdin. */
export const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'lksh', 'ash', 'yash', 'posh', 'rbash', 'fish']);

// Homebrew installs GNU coreutils with a `g` in front.
const GNU_PREFIXED: ReadonlySet<string> = new Set(['rm', 'dd', 'chmod', 'find', 'shred', 'cp', 'mv', 'tee', 'timeout', 'env', 'nice', 'stdbuf', 'xargs', 'sed', 'truncate', 'install', 'mkdir', 'ln', 'cat', 'head', 'tail', 'base64', 'nohup', 'chroot']);

// Programs a glob in a command name (`/bin/r?`) is taken for, most destructive first.
const GLOBBED_PROGRAMS = ['rm', 'dd', 'mkfs', 'shred', 'chmod', 'find', 'sh', 'bash', 'curl', 'wget', 'tee', 'cp', 'cat'];

/**
 * The program a command word names: its basename, lowercase (macOS file systems ignore case),
 * Homebrew's `g` prefix off; '' when only known at run time.
 */
export function programName(word: string | undefined): string {
  if (word === undefined || word === '' || isUnknown(word)) return '';
  let name = word.replace(/\/+$/, '');
  name = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
  if (hasGlob(name)) {
    const pattern = new RegExp(`^${globPatternSource(name)}$`);
    return GLOBBED_PROGRAMS.find((known) => pattern.test(known)) ?? '';
  }
  if (name.length > 1 && name.startsWith('g') && GNU_PREFIXED.has(name.slice(1))) return name.slice(1);
  return name;
}

/** A command with its wrappers taken off. */
export interface Unwrapped {
  /** The words of the command that really runs (its program first); several when xargs runs it once per input. */
  readonly variants: readonly (readonly ShellWord[])[];
  /** The wrappers taken off, outermost first. */
  readonly wrappers: readonly string[];
  /** A working folder a wrapper sets (`env -C /`), as written. */
  readonly chdir: string | null;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const MAX_VARIANTS = 16;

/**
 * Takes the wrappers off `words` (a command, its program first). `stdin` is the text on the
 * command's standard input when the script shows it (`echo / | xargs rm -rf`), which xargs adds
 * to its command's words.
 */
export function unwrap(words: readonly ShellWord[], stdin: string | null, makeWord: (value: string) => ShellWord): Unwrapped {
  const wrappers: string[] = [];
  let chdir: string | null = null;
  let current = words;
  for (let round = 0; round < 16 && current.length > 0; round++) {
    const name = programName(current[0]!.value);
    if (name === 'busybox' || name === 'toybox') {
      if (current.length < 2 || current[1]!.value.startsWith('-')) break;
      wrappers.push(name);
      current = current.slice(1);
      continue;
    }
    const spec = WRAPPERS[name];
    if (spec === undefined) break;
    const rest = current.slice(1);
    const options = parseOptions(rest.map((word) => word.value), spec);
    if (spec.noCommand !== undefined && [...spec.noCommand].some((letter) => options.short.has(letter))) break;
    for (const key of spec.chdir ?? []) chdir = options.values.get(key)?.at(-1) ?? chdir;
    let start = options.firstOperand;
    // `env - cmd` is `env -i cmd`.
    if (name === 'env' && rest[start]?.value === '-') start++;
    if (spec.assignments) while (start < rest.length && ASSIGNMENT.test(rest[start]!.value)) start++;
    start += spec.operands ?? 0;
    const split = (spec.split ?? []).flatMap((key) => options.values.get(key) ?? []).flatMap((text) => text.split(/\s+/).filter((part) => part !== '').map(makeWord));
    let command = [...split, ...rest.slice(start)];
    if (spec.scriptAfterOperands?.test(command[0]?.value ?? '')) break;
    if (name === 'xargs') {
      const variants = xargsVariants(command.length > 0 ? command : [makeWord('echo')], options.values.get('I')?.at(-1) ?? null, stdin, makeWord);
      if (variants.length !== 1) {
        const inner = variants.map((variant) => unwrap(variant, null, makeWord));
        return { variants: inner.map((each) => each.variants[0]!), wrappers: [...wrappers, name, ...inner[0]!.wrappers], chdir: inner[0]!.chdir ?? chdir };
      }
      command = [...variants[0]!];
    }
    if (command.length === 0) break;
    wrappers.push(name);
    current = command;
  }
  return { variants: [current], wrappers, chdir };
}

// xargs adds the words of its input to the command (or, with -I R, puts each line where R is).
function xargsVariants(command: readonly ShellWord[], replace: string | null, stdin: string | null, makeWord: (value: string) => ShellWord): (readonly ShellWord[])[] {
  if (stdin === null) return [command];
  if (replace === null) return [[...command, ...stdin.split(/\s+/).filter((item) => item !== '').map(makeWord)]];
  const lines = stdin.split('\n').filter((line) => line.trim() !== '').slice(0, MAX_VARIANTS);
  return lines.length === 0 ? [command] : lines.map((line) => command.map((word) => (word.value.includes(replace) ? makeWord(word.value.replaceAll(replace, line.trim())) : word)));
}

/** What a carrier runs: a script to parse, or words that are a command already. */
export type Carried = { readonly script: string; readonly positional: readonly string[] } | { readonly words: readonly ShellWord[] };

const SHELL_OPTIONS: OptionSpec = { long: { rcfile: value, 'init-file': value } };

/** The scripts and commands a command runs besides itself (`bash -c`, `eval`, `su -c`, `find -exec`, ...). */
export function carriedCommands(program: string, args: readonly ShellWord[]): Carried[] {
  const values = args.map((word) => word.value);
  if (SHELLS.has(program)) {
    const shell = readShellArguments(values);
    return shell.script === null ? [] : [{ script: asScript(shell.script), positional: shell.positional }];
  }
  switch (program) {
    case 'eval':
      return values.length === 0 ? [] : [{ script: values.map(asScript).join(' '), positional: [] }];
    case 'su':
    case 'runuser': {
      const options = parseOptions(values, { shortValue: 'cgGsw', long: { command: value, 'session-command': value, group: value, 'supp-group': value, shell: value, 'whitelist-environment': value }, permute: true });
      const script = options.values.get('c') ?? options.values.get('command') ?? options.values.get('session-command');
      return script === undefined ? [] : script.map((text) => ({ script: asScript(text), positional: [] }));
    }
    case 'sg': {
      const options = parseOptions(values, { shortValue: 'c', permute: true });
      const script = options.values.get('c')?.at(-1) ?? (options.operands.length > 1 ? options.operands.slice(1).join(' ') : null);
      return script === null ? [] : [{ script: asScript(script), positional: [] }];
    }
    case 'flock':
    case 'script': {
      const options = parseOptions(values, { shortValue: program === 'flock' ? 'wEc' : 'cEIOBTm', long: { command: value }, permute: true });
      const script = options.values.get('c') ?? options.values.get('command');
      return script === undefined ? [] : script.map((text) => ({ script: asScript(text), positional: [] }));
    }
    case 'watch': {
      const options = parseOptions(values, { shortValue: 'nq', long: { interval: value } });
      if (options.short.has('x') || options.long.has('exec')) return options.operands.length === 0 ? [] : [{ words: args.slice(options.firstOperand) }];
      return options.operands.length === 0 ? [] : [{ script: options.operands.map(asScript).join(' '), positional: [] }];
    }
    case 'find':
      return findExecCommands(args);
    default:
      return [];
  }
}

/** A shell's arguments: the `-c` script and its positional words, or whether it reads its script from stdin. */
export function readShellArguments(values: readonly string[]): { script: string | null; positional: string[]; readsStdin: boolean } {
  let command = false;
  let stdinFlag = false;
  let index = 0;
  for (; index < values.length; index++) {
    const word = values[index]!;
    if (word === '--' || word === '-') {
      if (word === '--') index++;
      break;
    }
    if (word.startsWith('--')) {
      if (SHELL_OPTIONS.long?.[word.slice(2)] === 'value') index++;
      continue;
    }
    if (!/^[-+][A-Za-z]/.test(word)) break;
    const letters = word.slice(1);
    if (letters.includes('c')) command = true;
    if (letters.includes('s')) stdinFlag = true;
    // -o NAME, +O NAME: the option's name is the next word.
    if (/[oO]$/.test(letters)) index++;
  }
  const operands = values.slice(index);
  if (command) return { script: operands[0] ?? null, positional: operands.slice(1), readsStdin: false };
  return { script: null, positional: operands, readsStdin: stdinFlag || operands.length === 0 || operands[0] === '-' };
}

// A word holding a script: its globs are the script's own (`*`), and what is only known at run
// time stays unknown.
function asScript(word: string): string {
  return scriptText(word);
}

// find's -exec, -execdir, -ok and -okdir run a command, `{}` standing for each file found.
function findExecCommands(args: readonly ShellWord[]): Carried[] {
  const carried: Carried[] = [];
  for (let index = 0; index < args.length; index++) {
    if (!/^-(?:exec|execdir|ok|okdir)$/.test(args[index]!.value)) continue;
    const start = index + 1;
    let end = start;
    while (end < args.length && args[end]!.value !== ';' && args[end]!.value !== '+') end++;
    if (end > start) carried.push({ words: args.slice(start, end) });
    index = end;
  }
  return carried;
}
