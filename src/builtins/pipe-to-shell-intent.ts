// The pipe-to-shell rule's test: code nobody has read (fetched from the network, or decoded from
// an encoding) run by a shell or interpreter, whether through a pipe (`curl ... | sh`), a process
// substitution (`bash <(curl ...)`, `curl ... | tee >(sh)`) or a command substitution
// (`sh -c "$(curl ...)"`, `eval "$(...)"`).
import { readsCodeFromStdin, runsCode } from './code-runners.js';
import type { CommandIntent } from './command-intent.js';
import { argumentValues, type ShellCommand, type ShellWord } from './shell-scan.js';

const DOWNLOADERS: ReadonlySet<string> = new Set(['curl', 'wget', 'wget2', 'fetch', 'http', 'https', 'xh', 'xhs', 'lwp-request', 'get', 'aria2c', 'nc', 'ncat', 'netcat', 'socat']);
const DECOMPRESSORS: ReadonlySet<string> = new Set(['gunzip', 'zcat', 'gzcat', 'bzcat', 'bunzip2', 'xzcat', 'unxz', 'zstdcat', 'unzstd', 'lzcat', 'uudecode', 'rev']);

/** A command whose output is fetched from the network or decoded from an encoding: code nobody has read. */
export function isFetchOrDecode(command: ShellCommand): boolean {
  if (DOWNLOADERS.has(command.program) || DECOMPRESSORS.has(command.program)) return true;
  switch (command.program) {
    case 'base64':
    case 'base32':
    case 'basenc':
      return argumentValues(command).some((arg) => /^-[a-zA-Z]*[dD]/.test(arg) || arg === '--decode');
    case 'xxd':
      return argumentValues(command).some((arg) => /^-[a-zA-Z]*r/.test(arg) || arg === '-revert');
    case 'openssl': {
      const args = argumentValues(command);
      return args.some((arg) => arg === 'base64' || arg === 'enc') && args.includes('-d');
    }
    case 'gzip':
    case 'bzip2':
    case 'xz':
    case 'zstd':
    case 'lz4':
      return argumentValues(command).some((arg) => /^-[a-zA-Z]*d/.test(arg) || arg === '--decompress');
    default:
      return false;
  }
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
