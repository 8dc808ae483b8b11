// The files a command reads, writes or deletes, by what its program does with its operands and
// redirections: `> x` and `tee x` write x, `cp a b` writes b, `sed -i` edits in place, `cat`,
// `scp` and `curl -d @x` read (and send) their files. The file rules look for secrets among them;
// the disk and system-file rules for devices and system files among the written ones.
import { posix } from 'node:path';
import { absolutePath } from './security-paths.js';
import { parseOptions, type OptionSpec } from './shell-options.js';
import { argumentValues, type ShellCommand, type ShellScan } from './shell-scan.js';
import { isUnknown } from './shell-words.js';

/** A file a command reads or writes. */
export interface FileAccess {
  /** Absolute when the working folder is known, else as written (normalised). */
  readonly path: string;
  readonly write: boolean;
  readonly command: ShellCommand;
}

/** Programs that delete (or destroy) the files they are given. */
export const DELETERS: ReadonlySet<string> = new Set(['rm', 'shred', 'unlink', 'srm']);

/** How rsync's options read: which take a value a file list must skip. */
export const RSYNC_OPTIONS: OptionSpec = { shortValue: 'eTBfM', long: { rsh: 'value', 'temp-dir': 'value', filter: 'value', exclude: 'value', include: 'value', 'exclude-from': 'value', 'include-from': 'value', 'files-from': 'value', 'backup-dir': 'value', 'compare-dest': 'value', 'link-dest': 'value', 'copy-dest': 'value', chmod: 'value', chown: 'value', 'log-file': 'value', 'password-file': 'value', port: 'value', timeout: 'value', 'max-size': 'value', 'min-size': 'value', 'max-delete': 'value' }, permute: true };

/** An rsync or scp operand on another machine (`host:path`), not a file here. */
export const isRemote = (value: string): boolean => /^[^/]*:/.test(value);

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
    const args = argumentValues(command);
    for (const target of writtenFiles(command)) add(target, true);
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

/** Every file a command writes, as written: its redirections, its written operands, its in-place edits. */
export function writtenFiles(command: ShellCommand): string[] {
  return [...redirectTargets(command), ...writtenOperands(command), ...inPlaceEdits(command)];
}

const WRITE_REDIRECTS: ReadonlySet<string> = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);

/** The files a command writes through redirections (`> /dev/sda`, `&>> x`). */
export function redirectTargets(command: ShellCommand): string[] {
  return command.redirects.flatMap((redirect) => (WRITE_REDIRECTS.has(redirect.operator) && redirect.target !== null ? [redirect.target.value] : []));
}

/** Operands of a command that are written to, by program: tee's files, cp's destination, dd's of=, ... */
export function writtenOperands(command: ShellCommand): string[] {
  const args = argumentValues(command);
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

// sed -i and perl -i edit their file operands in place.
function inPlaceEdits(command: ShellCommand): string[] {
  const args = argumentValues(command);
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
