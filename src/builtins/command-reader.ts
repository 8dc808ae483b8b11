// Reads one simple command of a Bash call as it runs: evaluates its words, assignments and
// redirections (walking the scripts of their substitutions), takes its wrappers off, records it,
// and follows the commands it carries (`bash -c`, `eval`, `find -exec`, a script on a shell's
// stdin). The syntax-tree walk (shell-script.ts) extends it with the compound commands around a
// simple command and supplies `script`, which the scripts held in words are walked with.
import type { Assignment, Command, ParsedScript, Redirection, Word } from 'unbash';
import { readsScriptFromStdin } from './code-runners.js';
import { literalOutput } from './literal-output.js';
import type { ShellParser } from './shell-parser.js';
import type { ShellCommand, ShellRedirect, ShellWord } from './shell-scan.js';
import { copyEnv, resolveFolder, updateEnv, type Env } from './shell-env.js';
import { carriedCommands, programName, unwrap } from './shell-wrappers.js';
import { evaluateHereDoc, evaluateText, evaluateWord, UNKNOWN, type WordScope } from './shell-words.js';

// Nested scripts (substitutions, `bash -c` in `bash -c`, `eval eval ...`) deeper than this are
// not read; nor is more script text than MAX_PARSED in all (the work stays bounded).
export const MAX_DEPTH = 64;
const MAX_PARSED = 1_000_000;
/** A call running more commands than this is read up to here. */
export const MAX_COMMANDS = 4000;
const TEXT_LENGTH = 160;

/**
 * Where the commands being walked sit: what each takes from its place (its `redirects` here are
 * those of compound commands around, `{ ...; } > /dev/sda`), the text positions of the current
 * script index into, and how deep in nested scripts it is.
 */
export interface Frame extends Pick<ShellCommand, 'wrappers' | 'redirects' | 'upstream' | 'stdin' | 'piped' | 'background' | 'inFunction'> {
  readonly source: string;
  readonly depth: number;
}

/** Records the simple commands of a scan, in the order they run. */
export abstract class CommandReader {
  readonly commands: ShellCommand[] = [];
  private parsed = 0;

  constructor(protected readonly parser: ShellParser) {}

  /** Walks the statements of a parsed script. */
  abstract script(script: ParsedScript | undefined, env: Env, frame: Frame): void;

  /** Reads one simple command; returns the first command it records (null for `X=1` alone). */
  protected command(node: Command, env: Env, frame: Frame): ShellCommand | null {
    const redirects: ShellRedirect[] = [];
    let stdin = frame.stdin;
    const setStdin = (text: string | null) => (stdin = text);
    const assigned: [string, string | null][] = [];
    for (const item of node.prefix) {
      if (item.type === 'Assignment') assigned.push([item.name, this.assignment(item, env, frame)]);
      else this.redirect(item, env, frame, redirects, setStdin);
    }
    const words: ShellWord[] = node.name === undefined ? [] : this.words(node.name, env, frame);
    const declared: [string, string | null][] = [];
    for (const item of node.suffix) {
      if (item.type === 'Word') words.push(...this.words(item, env, frame));
      else if (item.type === 'Assignment') {
        const value = this.assignment(item, env, frame);
        declared.push([item.name, value]);
        words.push({ value: `${item.name}=${value ?? UNKNOWN}`, inner: [] });
      } else this.redirect(item, env, frame, redirects, setStdin);
    }
    if (node.name === undefined) {
      // `X=1` alone sets a shell variable; `> file` alone still truncates the file.
      for (const [name, value] of assigned) env.vars.set(name, value);
      if (redirects.length === 0) return null;
    }
    const text = clip(frame.source.slice(node.pos, node.end));
    const emitted = this.run(words, redirects, stdin, text, env, frame);
    if (emitted !== null) updateEnv(emitted, emitted.wrappers.slice(frame.wrappers.length), declared, env);
    return emitted;
  }

  /** The words a shell word becomes, each with the commands of its substitutions. */
  protected words(word: Word, env: Env, frame: Frame): ShellWord[] {
    const inner: ShellCommand[] = [];
    return evaluateWord(word, this.scope(env, frame, inner)).map((value) => ({ value, inner }));
  }

  /** Adds a redirection to `into`; `setStdin` gets the text it puts on stdin (here-document, here-string) or null. */
  protected redirect(redirect: Redirection, env: Env, frame: Frame, into: ShellRedirect[], setStdin: (text: string | null) => void): void {
    const fd = redirect.descriptor?.type === 'FileDescriptor' ? redirect.descriptor.value : null;
    if (redirect.type === 'HereDoc') {
      const body = redirect.body;
      setStdin(redirect.delimiter?.quoted === true || body.parts === undefined ? body.text : evaluateHereDoc(body.parts, this.scope(env, frame, [])));
      into.push({ operator: redirect.operator, target: null, fd });
      return;
    }
    const target = redirect.target === undefined ? null : (this.words(redirect.target, env, frame)[0] ?? null);
    if (redirect.type === 'HereString') setStdin(target === null ? null : `${target.value}\n`);
    else if (redirect.operator === '<' || redirect.operator === '<&' || redirect.operator === '<>') setStdin(null);
    into.push({ operator: redirect.operator, target, fd });
  }

  /** A substitution runs in a subshell; what it prints is known when it is one plain command. */
  protected substitute(script: ParsedScript | undefined, env: Env, frame: Frame, kind: 'command' | 'process'): string | null {
    if (script === undefined || frame.depth >= MAX_DEPTH) return null;
    const inner: Frame = { ...frame, source: script.source ?? frame.source, depth: frame.depth + 1, redirects: [], upstream: [], stdin: null, piped: false, background: false };
    const only = script.commands.length === 1 ? script.commands[0]! : undefined;
    if (kind === 'command' && only !== undefined && !only.background && only.command.type === 'Command') {
      const emitted = this.command(only.command, copyEnv(env), inner);
      return emitted === null ? null : literalOutput(emitted);
    }
    this.script(script, copyEnv(env), inner);
    return null;
  }

  private scope(env: Env, frame: Frame, inner: ShellCommand[]): WordScope {
    return {
      lookup: (name) => (name === 'PWD' ? env.cwd : (env.vars.get(name) ?? null)),
      substitute: (script, kind) => {
        const before = this.commands.length;
        const output = this.substitute(script, env, frame, kind);
        inner.push(...this.commands.slice(before));
        return output;
      },
    };
  }

  private assignment(assignment: Assignment, env: Env, frame: Frame): string | null {
    if (assignment.value.type !== 'Word') {
      for (const element of assignment.value.elements) this.words(element, env, frame);
      return null;
    }
    if (assignment.append === true) return null;
    return evaluateText(assignment.value, this.scope(env, frame, []));
  }

  // Unwraps, records and follows one command (several when xargs runs it once per input line).
  private run(words: readonly ShellWord[], redirects: readonly ShellRedirect[], stdin: string | null, text: string, env: Env, frame: Frame): ShellCommand | null {
    const { variants, wrappers, chdir } = unwrap(words, stdin, (value) => ({ value, inner: [] }));
    const cwd = chdir === null ? env.cwd : resolveFolder(env.cwd, chdir);
    let first: ShellCommand | null = null;
    for (const variant of variants) {
      if (this.commands.length >= MAX_COMMANDS) break;
      const command: ShellCommand = {
        program: programName(variant[0]?.value),
        args: variant.slice(1),
        redirects: [...frame.redirects, ...redirects],
        wrappers: [...frame.wrappers, ...wrappers],
        cwd,
        text,
        upstream: frame.upstream,
        stdin,
        piped: frame.piped,
        background: frame.background,
        inFunction: frame.inFunction,
      };
      this.commands.push(command);
      first ??= command;
      this.follow(command, env, frame);
    }
    return first;
  }

  // The commands a command carries: `bash -c` scripts, `find -exec` commands, a script on a shell's stdin.
  private follow(command: ShellCommand, env: Env, frame: Frame): void {
    if (command.program === '') return;
    const innerFrame: Frame = { ...frame, wrappers: [...command.wrappers, command.program], redirects: [], upstream: [], stdin: null, piped: false };
    const innerEnv = (): Env => ({ cwd: command.cwd, vars: new Map(env.vars) });
    for (const carried of carriedCommands(command.program, command.args)) {
      if ('script' in carried) {
        const scriptEnv = innerEnv();
        carried.positional.forEach((value, index) => scriptEnv.vars.set(String(index), value));
        const parameters = carried.positional.slice(1);
        scriptEnv.vars.set('@', parameters.length === 1 ? parameters[0]! : null);
        scriptEnv.vars.set('*', parameters.length === 1 ? parameters[0]! : null);
        this.text(carried.script, scriptEnv, innerFrame);
      } else if (frame.depth < MAX_DEPTH) {
        this.run(carried.words, [], null, clip(carried.words.map((word) => word.value).join(' ')), innerEnv(), { ...innerFrame, depth: frame.depth + 1 });
      }
    }
    if (command.stdin !== null && readsScriptFromStdin(command)) this.text(command.stdin, innerEnv(), innerFrame);
  }

  // A script held in a word (`bash -c '...'`, `eval`, a here-document fed to sh).
  private text(source: string, env: Env, frame: Frame): void {
    if (frame.depth >= MAX_DEPTH || (this.parsed += source.length) > MAX_PARSED) return;
    this.script(this.parser.parse(source), env, { ...frame, source, depth: frame.depth + 1 });
  }
}

// The command as written, on one line and shortened, for a deny reason.
function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= TEXT_LENGTH ? flat : `${flat.slice(0, TEXT_LENGTH - 1)}…`;
}
