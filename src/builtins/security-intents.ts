// What each command rule of the security table looks for in the commands a Bash call runs
// (shell-script.ts): not a spelling but an intent. `rm` with a recursive flag however written,
// aimed at a folder whose loss is a disaster however the path is spelt; a downloader or decoder
// feeding a shell; a mode that gives others write access; and so on. Each test returns what breaks
// the rule (the command as written), for the deny reason.
import { posix } from 'node:path';
import { parseOptions, type OptionSpec } from './shell-options.js';
import type { ShellCommand, ShellScan, ShellWord } from './shell-script.js';
import { globPatternSource, hasGlob, isUnknown } from './shell-words.js';
import { PRIVILEGED, programName, readShellArguments, SHELLS, unwrap } from './shell-wrappers.js';
import { absolutePath, isDiskDevice, isSystemFile, isSystemFolder, protectedFolder, secretKind, wholeFolderTarget, type PathContext, type SecretKind } from './security-paths.js';

/** A command rule's test: what in the call breaks it (commands as written), or null. */
export type CommandIntent = (scan: ShellScan, context: PathContext) => string | null;

const values = (command: ShellCommand): string[] => command.args.map((word) => word.value);
const first = (scan: ShellScan, test: (command: ShellCommand) => boolean): string | null => quote(scan.commands.find(test));
const quote = (command: ShellCommand | undefined): string | null => (command === undefined ? null : `\`${command.text}\``);

const RM_OPTIONS: OptionSpec = {
  long: { recursive: 'flag', force: 'flag', interactive: 'flag', 'one-file-system': 'flag', 'no-preserve-root': 'flag', 'preserve-root': 'flag', dir: 'flag', verbose: 'flag', help: 'flag', version: 'flag' },
  permute: true,
};
const RSYNC_OPTIONS: OptionSpec = { shortValue: 'eTBfM', long: { rsh: 'value', 'temp-dir': 'value', filter: 'value', exclude: 'value', include: 'value', 'exclude-from': 'value', 'include-from': 'value', 'files-from': 'value', 'backup-dir': 'value', 'compare-dest': 'value', 'link-dest': 'value', 'copy-dest': 'value', chmod: 'value', chown: 'value', 'log-file': 'value', 'password-file': 'value', port: 'value', timeout: 'value', 'max-size': 'value', 'min-size': 'value', 'max-delete': 'value' }, permute: true };

/** rm with a recursive flag (or rsync --delete) on /, a system folder, home, or a folder holding the project or the working folder. */
export const recursiveDeleteOfProtected: CommandIntent = (scan, context) =>
  first(scan, (command) => {
    if (command.program === 'rm') {
      const options = parseOptions(values(command), RM_OPTIONS);
      if (!options.short.has('r') && !options.short.has('R') && !options.long.has('recursive')) return false;
      return options.operands.some((operand) => protectedTarget(operand, command, context));
    }
    if (command.program === 'rsync') {
      const options = parseOptions(values(command), RSYNC_OPTIONS);
      const destination = options.operands.at(-1);
      return options.operands.length > 1 && [...options.long].some((name) => name.startsWith('del')) && destination !== undefined && !isRemote(destination) && protectedTarget(destination, command, context);
    }
    return false;
  });

function protectedTarget(value: string, command: ShellCommand, context: PathContext): boolean {
  const target = wholeFolderTarget(value, command.cwd);
  return target !== null && protectedFolder(target, context) !== null;
}

const isRemote = (value: string) => /^[^/]*:/.test(value);

/** rm --no-preserve-root (or any abbreviation of it). */
export const rmWithoutPreserveRoot: CommandIntent = (scan) => first(scan, (command) => command.program === 'rm' && parseOptions(values(command), RM_OPTIONS).long.has('no-preserve-root'));

/** rm run as another user (sudo, doas, su -c, ...). */
export const privilegedRm: CommandIntent = (scan) => first(scan, (command) => command.program === 'rm' && command.wrappers.some((wrapper) => PRIVILEGED.has(wrapper)));

const DELETERS: ReadonlySet<string> = new Set(['rm', 'shred', 'unlink', 'srm']);
const FIND_NARROWING = /^-(?:i?name|i?path|i?wholename|i?regex|i?lname)$/;

/** find -delete (or -exec rm) from /, a system folder, or (without a name filter) home or a folder holding the project. */
export const findDeleteOfProtected: CommandIntent = (scan, context) =>
  first(scan, (command) => {
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
      if (script !== null && /(?:^|[\s;&|(`])(?:\S*\/)?(?:rm|shred|unlink)\s/.test(script)) return true;
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

const DOWNLOADERS: ReadonlySet<string> = new Set(['curl', 'wget', 'wget2', 'fetch', 'http', 'https', 'xh', 'xhs', 'lwp-request', 'get', 'aria2c', 'nc', 'ncat', 'netcat', 'socat']);
const DECOMPRESSORS: ReadonlySet<string> = new Set(['gunzip', 'zcat', 'gzcat', 'bzcat', 'bunzip2', 'xzcat', 'unxz', 'zstdcat', 'unzstd', 'lzcat', 'uudecode', 'rev']);
const INTERPRETERS = /^(?:python[\d.]*|pypy3?|perl|ruby|node|nodejs|php|lua)$/;
// The letter of the option that gives an interpreter its code inline.
const INLINE_CODE: Readonly<Record<string, string>> = { perl: 'eE', ruby: 'e', node: 'ep', nodejs: 'ep', php: 'r', lua: 'e' };

/** A command whose output is fetched from the network or decoded from an encoding: code nobody has read. */
export function isFetchOrDecode(command: ShellCommand): boolean {
  if (DOWNLOADERS.has(command.program) || DECOMPRESSORS.has(command.program)) return true;
  const args = values(command);
  switch (command.program) {
    case 'base64':
    case 'base32':
    case 'basenc':
      return args.some((arg) => /^-[a-zA-Z]*[dD]/.test(arg) || arg === '--decode');
    case 'xxd':
      return args.some((arg) => /^-[a-zA-Z]*r/.test(arg) || arg === '-revert');
    case 'openssl':
      return args.some((arg) => arg === 'base64' || arg === 'enc') && args.includes('-d');
    case 'gzip':
    case 'bzip2':
    case 'xz':
    case 'zstd':
    case 'lz4':
      return args.some((arg) => /^-[a-zA-Z]*d/.test(arg) || arg === '--decompress');
    default:
      return false;
  }
}

/** True when the command runs code: a shell, eval/source, or an interpreter. */
function runsCode(program: string): boolean {
  return SHELLS.has(program) || INTERPRETERS.test(program) || program === 'eval' || program === 'source' || program === '.';
}

/** True when a shell or interpreter reads its program from standard input. */
export function readsCodeFromStdin(command: ShellCommand): boolean {
  const args = values(command);
  if (SHELLS.has(command.program)) return readShellArguments(args).readsStdin;
  if (command.program === 'source' || command.program === '.') return args[0] === '/dev/stdin' || args[0] === '-';
  if (!INTERPRETERS.test(command.program)) return false;
  const inline = command.program.startsWith('py') ? 'cm' : (INLINE_CODE[command.program] ?? 'e');
  const options = parseOptions(args, { shortValue: command.program.startsWith('py') ? 'WXQ' : 'I', long: { eval: 'value', print: 'flag' } });
  if ([...inline].some((letter) => options.short.has(letter)) || options.long.has('eval') || options.long.has('print')) return false;
  return options.operands.length === 0 || options.operands[0] === '-';
}

/** curl or wget (or a decoder) feeding a shell or interpreter: through a pipe, `bash <(curl ...)`, `sh -c "$(curl ...)"`, `eval "$(...)"`. */
export const pipeIntoShell: CommandIntent = (scan) => {
  for (const command of scan.commands) {
    // `curl ... | tee >(sh)`, `curl ... > >(bash)`: a process substitution reading fetched code.
    const fed = isFetchOrDecode(command) ? command : command.upstream.find(isFetchOrDecode);
    if (fed !== undefined) {
      const reader = wordsOf(command).flatMap((word) => word.inner).find((inner) => runsCode(inner.program) && readsCodeFromStdin(inner));
      if (reader !== undefined) return `\`${fed.text}\` fed into \`${reader.text}\``;
    }
    if (!runsCode(command.program)) continue;
    const piped = readsCodeFromStdin(command) ? command.upstream.find(isFetchOrDecode) : undefined;
    if (piped !== undefined) return `\`${piped.text}\` piped into \`${command.text}\``;
    const substituted = wordsOf(command).flatMap((word) => word.inner).find(isFetchOrDecode);
    if (substituted !== undefined) return `\`${substituted.text}\` run by \`${command.text}\``;
  }
  return null;
};

// A command's arguments and redirection targets, with the commands of their substitutions.
function wordsOf(command: ShellCommand): ShellWord[] {
  return [...command.args, ...command.redirects.flatMap((redirect) => (redirect.target === null ? [] : [redirect.target]))];
}

const CHMOD_OPTIONS: OptionSpec = { long: { changes: 'flag', silent: 'flag', quiet: 'flag', verbose: 'flag', 'no-preserve-root': 'flag', 'preserve-root': 'flag', reference: 'value', recursive: 'flag', help: 'flag', version: 'flag' }, permute: true };

/** chmod (or mkdir -m, install -m) giving others write access: 777, 666, 0757, o+w, a=rwx, ... */
export const worldWritable: CommandIntent = (scan) =>
  first(scan, (command) => {
    if (command.program === 'chmod') {
      const args = values(command);
      const mode = args.find((arg) => !arg.startsWith('-'));
      const options = parseOptions(args.filter((arg) => arg.startsWith('--')), CHMOD_OPTIONS);
      return !options.long.has('reference') && mode !== undefined && modeGivesOthersWrite(mode);
    }
    if (command.program === 'setfacl') {
      const options = parseOptions(values(command), { shortValue: 'mMxX', long: { modify: 'value', 'modify-file': 'value', remove: 'value', set: 'value' }, permute: true });
      return [...(options.values.get('m') ?? []), ...(options.values.get('modify') ?? []), ...(options.values.get('set') ?? [])].some(aclGivesOthersWrite);
    }
    if (command.program === 'mkdir' || command.program === 'install') {
      const options = parseOptions(values(command), { shortValue: command.program === 'install' ? 'mgoStT' : 'm', long: { mode: 'value', owner: 'value', group: 'value', suffix: 'value', 'target-directory': 'value', context: 'value' }, permute: true });
      return [...(options.values.get('m') ?? []), ...(options.values.get('mode') ?? [])].some(modeGivesOthersWrite);
    }
    return false;
  });

/** True when a chmod mode sets the others-write bit: octal with bit 0o002, or a symbolic `o+w`, `a=rwx`, `go+w`. */
export function modeGivesOthersWrite(mode: string): boolean {
  if (isUnknown(mode)) return false;
  if (/^[0-7]{1,5}$/.test(mode)) return (Number.parseInt(mode, 8) & 0o002) !== 0;
  return mode.split(',').some((clause) => {
    const match = /^([ugoa]*)((?:[-+=][rwxXst]*)+)$/.exec(clause);
    if (match === null || !/[oa]/.test(match[1]!)) return false;
    return [...match[2]!.matchAll(/([-+=])([rwxXst]*)/g)].some(([, operator, perms]) => operator !== '-' && perms!.includes('w'));
  });
}

// setfacl entries `o::rwx`, `other:rw`, `d:o::7`: the others entry with write permission.
function aclGivesOthersWrite(acl: string): boolean {
  return acl.split(',').some((entry) => {
    const fields = entry.trim().split(':');
    const tag = fields[0] === 'd' || fields[0] === 'default' ? fields[1] : fields[0];
    const perms = fields.at(-1) ?? '';
    return (tag === 'o' || tag === 'other') && (perms.includes('w') || (/^[0-7]$/.test(perms) && (Number(perms) & 2) !== 0));
  });
}

const FORMATTERS = /^(?:mkfs(?:\..+)?|mke2fs|mkswap|mkdosfs|mkntfs|mkexfatfs|mkfs_msdos|newfs(?:_.+)?)$/;
const DISKUTIL_ERASE: ReadonlySet<string> = new Set(['erasedisk', 'erasevolume', 'partitiondisk', 'zerodisk', 'randomdisk', 'secureerase', 'reformat']);

/** mkfs and friends on a disk (or on a target only known at run time), or a new partition table; formatting an image file is fine. */
export const formatsDisk: CommandIntent = (scan) =>
  first(scan, (command) => {
    const args = values(command);
    if (FORMATTERS.test(command.program) || (command.program === 'wipefs' && args.some((arg) => /^-[a-zA-Z]*a/.test(arg) || arg === '--all'))) {
      const targets = args.filter((arg) => !arg.startsWith('-'));
      return targets.some((arg) => isUnknown(arg) || (absolutePath(arg, command.cwd) ?? '').startsWith('/dev/'));
    }
    if (command.program === 'diskutil') return DISKUTIL_ERASE.has(args[0]?.toLowerCase() ?? '') || (args[0] === 'apfs' && /^delete/i.test(args[1] ?? ''));
    if (command.program === 'sgdisk') return args.some((arg) => /^-[a-zA-Z]*[Zo]/.test(arg) || arg === '--zap-all' || arg === '--clear');
    // A new partition table (parted mklabel, sfdisk writing one) loses every partition on the disk.
    if (command.program === 'parted') return args.some((arg) => /^(?:mklabel|mktable|rm)$/i.test(arg));
    if (command.program === 'sfdisk') return !args.some((arg) => /^-[a-zA-Z]*[lsdJgV]/.test(arg) || /^--(?:list|show-size|dump|json|show-geometry|version|help|verify)/.test(arg)) && args.some((arg) => arg.startsWith('/dev/') || isUnknown(arg));
    return false;
  });

/** dd (or ddrescue) writing to a disk device: `of=/dev/sda`, however the path is spelt. */
export const ddOntoDevice: CommandIntent = (scan) =>
  first(scan, (command) => {
    if (command.program === 'dd' || command.program === 'dcfldd' || command.program === 'dc3dd') {
      return values(command).some((arg) => arg.startsWith('of=') && isDevicePath(arg.slice(3), command));
    }
    if (command.program === 'ddrescue') {
      const operands = values(command).filter((arg) => !arg.startsWith('-'));
      return operands.length >= 2 && isDevicePath(operands[1]!, command);
    }
    return false;
  });

const isDevicePath = (value: string, command: ShellCommand) => isDiskDevice(absolutePath(value, command.cwd) ?? '');
const WRITE_REDIRECTS: ReadonlySet<string> = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);

/** The files a command writes through redirections (`> /dev/sda`, `&>> x`). */
function redirectTargets(command: ShellCommand): string[] {
  return command.redirects.flatMap((redirect) => (WRITE_REDIRECTS.has(redirect.operator) && redirect.target !== null ? [redirect.target.value] : []));
}

// Operands of a command that are written to, by program: tee's files, cp's destination, ...
function writtenOperands(command: ShellCommand): string[] {
  const args = values(command);
  const operands = args.filter((arg) => !arg.startsWith('-'));
  switch (command.program) {
    case 'tee':
    case 'truncate':
    case 'shred':
    case 'sponge':
    case 'blkdiscard':
      return operands;
    case 'cp':
    case 'mv':
    case 'install':
    case 'ln':
    case 'rsync':
    case 'scp': {
      const target = parseOptions(args, { shortValue: 't', long: { 'target-directory': 'value' }, permute: true }).values.get('t');
      return target === undefined ? operands.slice(-1) : [...target];
    }
    case 'badblocks':
      return args.some((arg) => /^-[a-zA-Z]*w/.test(arg)) ? operands : [];
    case 'dd':
      return args.filter((arg) => arg.startsWith('of=')).map((arg) => arg.slice(3));
    default:
      return [];
  }
}

/** Writing onto a disk device: a redirection, tee, cp, shred, badblocks -w, ... (dd has its own rule). */
export const writesDiskDevice: CommandIntent = (scan) =>
  first(scan, (command) => [...redirectTargets(command), ...(command.program === 'dd' ? [] : writtenOperands(command))].some((target) => isDevicePath(target, command)));

const SYSTEM_FILE_FOLDERS_FOR_COPY: ReadonlySet<string> = new Set(['/etc', '/private/etc', '/boot', '/etc/sudoers.d', '/etc/pam.d', '/etc/cron.d', '/etc/profile.d']);

/** Overwriting, truncating or deleting a system account, privilege, start-up or boot file (`> /etc/passwd`, `tee -a /etc/sudoers`, `sed -i ... /etc/shadow`). */
export const writesSystemFile: CommandIntent = (scan) =>
  first(scan, (command) => {
    const targets = [...redirectTargets(command), ...writtenOperands(command), ...inPlaceEdits(command)];
    // Deleting one, or moving it away, is as bad as overwriting it.
    if (DELETERS.has(command.program) || command.program === 'mv') targets.push(...values(command).filter((arg) => !arg.startsWith('-')));
    if (targets.some((target) => isSystemFile(absolutePath(target, command.cwd) ?? ''))) return true;
    // cp passwd /etc/ writes /etc/passwd.
    if (['cp', 'mv', 'install', 'ln'].includes(command.program)) {
      const operands = values(command).filter((arg) => !arg.startsWith('-'));
      const folder = absolutePath(operands.at(-1) ?? '', command.cwd);
      if (folder !== null && operands.length > 1 && SYSTEM_FILE_FOLDERS_FOR_COPY.has(folder)) {
        return operands.slice(0, -1).some((source) => !folder.endsWith('/etc') || isSystemFile(`/etc/${posix.basename(source)}`));
      }
    }
    return false;
  });

// sed -i and perl -i edit their file operands in place.
function inPlaceEdits(command: ShellCommand): string[] {
  const args = values(command);
  if (command.program === 'sed') {
    const options = parseOptions(args, { shortValue: 'efl', long: { expression: 'value', file: 'value', 'line-length': 'value', 'in-place': 'flag' }, permute: true });
    if (!options.short.has('i') && !options.long.has('in-place')) return [];
    const scripted = options.short.has('e') || options.short.has('f') || options.long.has('expression') || options.long.has('file');
    return options.operands.slice(scripted ? 0 : 1);
  }
  if (command.program === 'perl' && args.some((arg) => /^-[a-zA-Z]*i/.test(arg))) {
    return [...parseOptions(args, { shortValue: 'eEIMm', permute: true }).operands];
  }
  return [];
}

const FORK_LOOP = /\bfork\s*(?:\(\s*\))?\s*while\s*fork\b|\bwhile\s*\(?\s*(?:1|true|True)\s*\)?\s*[:{;]?\s*(?:do\s+)?[^\n]{0,40}\bfork\b|\bloop\s*(?:do|\{)\s*fork\b/;

/** A function that calls itself in a pipe or in the background, and is called (`:(){ :|:& };:`); or an interpreter's fork loop. */
export const forkBomb: CommandIntent = (scan) => {
  for (const [name, body] of scan.functions) {
    if (!body.some((command) => command.program === name && (command.piped || command.background))) continue;
    const call = scan.commands.find((command) => command.program === name && command.inFunction !== name);
    if (call !== undefined) return `function ${name} calls itself in a pipe or in the background, and \`${call.text}\` starts it`;
  }
  return first(scan, (command) => INTERPRETERS.test(command.program) && command.args.some((word) => FORK_LOOP.test(word.value)));
};

/** A file a command reads or writes. */
export interface FileAccess {
  /** Absolute when the working folder is known, else as written (normalised). */
  readonly path: string;
  readonly write: boolean;
  readonly command: ShellCommand;
}

// Programs that print, copy, send or open the files they are given.
const READERS: ReadonlySet<string> = new Set(['cat', 'tac', 'less', 'more', 'most', 'head', 'tail', 'bat', 'batcat', 'nl', 'od', 'xxd', 'hexdump', 'hd', 'strings', 'base64', 'base32', 'basenc', 'sort', 'uniq', 'cut', 'paste', 'diff', 'cmp', 'comm', 'fold', 'fmt', 'pr', 'column', 'iconv', 'gpg', 'vim', 'vi', 'nvim', 'view', 'nano', 'emacs', 'code', 'subl', 'micro', 'ed', 'ex', 'tar', 'zip', '7z', 'gzip', 'bzip2', 'xz', 'zstd', 'cp', 'mv', 'scp', 'rsync', 'install', 'dd', 'nc', 'ncat', 'netcat', 'socat', 'xclip', 'xsel', 'pbcopy', 'wl-copy', 'mail', 'sendmail', 'telnet']);
// Programs whose first operand is a pattern, program or filter, not a file.
const PATTERN_FIRST: ReadonlySet<string> = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'awk', 'gawk', 'mawk', 'nawk', 'sed', 'jq', 'yq']);
// Programs whose options take values a file list must skip (`scp -i key`, `rsync -e 'ssh -i key'`).
const OPERANDS_AFTER_OPTIONS: Readonly<Record<string, OptionSpec>> = { scp: { shortValue: 'cDFiJloPSX', permute: true }, rsync: RSYNC_OPTIONS, gpg: { shortValue: 'ruo', long: { recipient: 'value', 'local-user': 'value', output: 'value', homedir: 'value' }, permute: true } };
const EDITORS: ReadonlySet<string> = new Set(['vim', 'vi', 'nvim', 'nano', 'emacs', 'code', 'subl', 'micro', 'ed', 'ex']);

/** The files each command reads or writes, as far as the script shows. */
export function fileAccesses(scan: ShellScan): FileAccess[] {
  const accesses: FileAccess[] = [];
  for (const command of scan.commands) {
    const add = (value: string, write: boolean) => {
      if (isUnknown(value) || value === '' || isRemote(value)) return;
      accesses.push({ path: absolutePath(value, command.cwd) ?? posix.normalize(value), write, command });
    };
    const args = values(command);
    for (const target of redirectTargets(command)) add(target, true);
    for (const target of [...writtenOperands(command), ...inPlaceEdits(command)]) add(target, true);
    // Whatever reads a secret on its standard input has it (`while read l; do echo $l; done < .env`).
    for (const redirect of command.redirects) if (redirect.operator === '<' && redirect.target !== null) add(redirect.target.value, false);
    if (READERS.has(command.program)) {
      if (command.program === 'dd') args.filter((arg) => arg.startsWith('if=')).forEach((arg) => add(arg.slice(3), false));
      else {
        const spec = OPERANDS_AFTER_OPTIONS[command.program];
        const operands = spec === undefined ? args.filter((arg) => !arg.startsWith('-')) : parseOptions(args, spec).operands;
        for (const operand of operands) add(operand, EDITORS.has(command.program));
      }
    } else if (PATTERN_FIRST.has(command.program)) {
      const explicit = args.some((arg) => /^-[a-zA-Z]*[ef]$/.test(arg) || /^--(?:regexp|file|expression)\b/.test(arg));
      const operands = args.filter((arg) => !arg.startsWith('-'));
      for (const operand of operands.slice(explicit ? 0 : 1)) add(operand, false);
    } else if (command.program === 'curl') {
      for (const path of curlUploads(args)) add(path, false);
    } else if (command.program === 'wget') {
      for (const arg of args) {
        const upload = /^--(?:post|body)-file=(.+)$/.exec(arg);
        if (upload !== null) add(upload[1]!, false);
      }
    }
  }
  return accesses;
}

// curl -d @file, --data-binary @file, -F name=@file, -T file: files sent to a server.
function curlUploads(args: readonly string[]): string[] {
  const paths: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const attached = /^(-[dFT]|--(?:data|data-binary|data-raw|data-urlencode|data-ascii|form|upload-file|json))(?:=(.*))?$/.exec(arg) ?? /^(-[dFT])(.+)$/.exec(arg);
    if (attached === null) continue;
    const value = attached[2] ?? args[++index];
    if (value === undefined) continue;
    if (attached[1] === '-T' || attached[1] === '--upload-file') paths.push(value);
    else {
      const file = /(?:^|=)[@<]([^;]+)/.exec(value);
      if (file !== null) paths.push(file[1]!);
    }
  }
  return paths;
}

/** The kind of secret a path a command reads or writes is, with a glob in its name tried on secret names. */
export function secretKindOfShellPath(path: string): SecretKind | null {
  if (!hasGlob(path)) return secretKind(path);
  const folder = posix.dirname(path);
  const inFolder = hasGlob(folder) ? null : secretKind(folder);
  if (inFolder !== null) return inFolder;
  const name = posix.basename(path);
  const pattern = new RegExp(`^${globPatternSource(name)}$`);
  return secretNameKind(pattern);
}

// Names a glob in a command's file name is tried on (see security-paths.ts for the Glob tool's).
const SECRET_NAMES = ['.env', '.env.local', '.env.production', 'id_rsa', 'id_ed25519', 'server.pem', 'tls.key', '.npmrc', '.netrc', '.git-credentials', 'credentials.json'];
const ORDINARY_NAMES = ['index.ts', 'README.md', 'package.json', 'main.py', 'notes.txt', 'Makefile', 'app.log', '.gitignore'];
function secretNameKind(pattern: RegExp): SecretKind | null {
  const secret = SECRET_NAMES.find((name) => pattern.test(name));
  if (secret === undefined || ORDINARY_NAMES.some((name) => pattern.test(name))) return null;
  return secretKind(secret);
}

