// Every simple command a Bash call runs, found by walking unbash's syntax tree: through pipes,
// lists, subshells, groups, loops, functions, command and process substitutions, here-documents,
// and the scripts a command carries (`bash -c`, `eval`, `su -c`, `find -exec`, `echo ... | sh`).
// Each command is unwrapped to the program it runs, and its words are evaluated as far as the
// script itself says (HOME, variables it sets, `cd`), so a rule sees `rm` and `/` however they
// are spelt. What only the running shell knows stays unknown: a rule never guesses it.
import { posix } from 'node:path';
import type { Assignment, Command, CompoundList, ParsedScript, PipelineNode, AndOr, Redirection, Statement, SyntaxNode, Word, CompoundCommand, Redirected, Function as FunctionNode, Coproc } from 'unbash';
import type { ShellParser } from './shell-parser.js';
import { carriedCommands, programName, readShellArguments, SHELLS, unwrap } from './shell-wrappers.js';
import { evaluateHereDoc, evaluateText, evaluateWord, hasGlob, isUnknown, UNKNOWN, type WordScope } from './shell-words.js';

/** One word of a command, after the shell's expansions as far as they are known. */
export interface ShellWord {
  /** Quotes removed, known expansions resolved; the markers of shell-words.ts for the rest. */
  readonly value: string;
  /** The commands of its substitutions (`$(...)`, `<(...)`), which run before the word is known. */
  readonly inner: readonly ShellCommand[];
}

/** A redirection of a command (or of a compound command around it). */
export interface ShellRedirect {
  /** `>`, `>>`, `>|`, `&>`, `&>>`, `<>`, `<`, `<<`, `<<<`, `>&`, `<&`. */
  readonly operator: string;
  readonly target: ShellWord | null;
  /** The descriptor written before the operator (`2>`), when there is one. */
  readonly fd: number | null;
}

/** One simple command as it runs. */
export interface ShellCommand {
  /** The program's basename, lowercase, wrappers taken off; '' when only known at run time. */
  readonly program: string;
  /** Its arguments after the program. */
  readonly args: readonly ShellWord[];
  readonly redirects: readonly ShellRedirect[];
  /** The wrappers and carriers around it, outermost first (`sudo`, `bash`). */
  readonly wrappers: readonly string[];
  /** Its working folder as far as the script says, or null when only known at run time. */
  readonly cwd: string | null;
  /** The simple command as written (shortened), for a deny reason. */
  readonly text: string;
  /** The commands of the pipeline stages before it, whose output it reads. */
  readonly upstream: readonly ShellCommand[];
  /** The text on its standard input when the script shows it (here-document, here-string, `echo ... |`). */
  readonly stdin: string | null;
  /** A stage of a pipeline of two or more. */
  readonly piped: boolean;
  /** Run in the background (`&`, coproc). */
  readonly background: boolean;
  /** The function whose body holds it, if any. */
  readonly inFunction: string | null;
}

/** What a Bash call runs. */
export interface ShellScan {
  readonly commands: readonly ShellCommand[];
  /** The functions the script defines, each with the commands of its body. */
  readonly functions: ReadonlyMap<string, readonly ShellCommand[]>;
}

/** Where the call runs. */
export interface ScanContext {
  readonly cwd: string;
  readonly home: string;
}

// Nested scripts (substitutions, `bash -c` in `bash -c`, `eval eval ...`) deeper than this are
// not read; nor is more script text than MAX_PARSED in all (the work stays bounded).
const MAX_DEPTH = 64;
const MAX_PARSED = 1_000_000;
// A call running more commands than this is read up to here.
const MAX_COMMANDS = 4000;
// A `for` loop over more words than this binds its variable to an unknown value.
const MAX_LOOP_VALUES = 16;
const TEXT_LENGTH = 160;

/** Parses a Bash command line and returns every command it runs. */
export function scanCommand(parser: ShellParser, command: string, context: ScanContext): ShellScan {
  const walker = new Walker(parser);
  // IFS as the shell starts with it: `rm${IFS}-rf${IFS}/` is three words.
  const env: Env = { cwd: context.cwd, vars: new Map([['HOME', context.home], ['IFS', ' \t\n']]) };
  walker.script(parser.parse(command), env, { source: command, depth: 0, wrappers: [], redirects: [], upstream: [], stdin: null, piped: false, background: false, inFunction: null });
  return { commands: walker.commands, functions: walker.functions };
}

/** What a command prints when the script shows it: `echo`, `printf` of plain text, `pwd`, `which x`, `cat` of a here-document. */
export function literalOutput(command: ShellCommand): string | null {
  const values = command.args.map((word) => word.value);
  switch (command.program) {
    case 'echo': {
      let index = 0;
      let escapes = false;
      while (index < values.length && /^-[neE]+$/.test(values[index]!)) escapes ||= values[index++]!.includes('e');
      const text = values.slice(index).join(' ');
      return `${escapes ? decodeEscapes(text) : text}\n`;
    }
    case 'printf': {
      const [format, ...rest] = values;
      if (format === undefined || format.startsWith('-')) return null;
      if (!format.includes('%')) return decodeEscapes(format);
      const plain = /^%([sb])(\\n)?$/.exec(format);
      if (plain === null) return null;
      return rest.map((item) => (plain[1] === 'b' ? decodeEscapes(item) : item)).join(plain[2] === undefined ? '' : '\n') + (plain[2] === undefined ? '' : '\n');
    }
    case 'pwd':
      return command.cwd === null ? null : `${command.cwd}\n`;
    case 'cat':
      return values.length === 0 || (values.length === 1 && values[0] === '-') ? command.stdin : null;
    case 'which':
    case 'type':
    case 'command': {
      const names = values.filter((value) => !value.startsWith('-'));
      return names.length === 1 ? `${names[0]}\n` : null;
    }
    default:
      return null;
  }
}

// printf's and `echo -e`'s backslash escapes.
function decodeEscapes(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{1,2}|0[0-7]{0,3}|[0-7]{1,3}|.)/g, (escape, code: string) => {
    if (code.startsWith('x')) return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    if (/^[0-7]/.test(code)) return String.fromCharCode(Number.parseInt(code, 8));
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', a: '\u0007', e: '\u001b', v: '\v', f: '\f', b: '\b' };
    return simple[code] ?? escape;
  });
}

// The shell's state as the script changes it: the working folder and variables (null: unknown).
interface Env {
  cwd: string | null;
  readonly vars: Map<string, string | null>;
}

function copyEnv(env: Env): Env {
  return { cwd: env.cwd, vars: new Map(env.vars) };
}

// After a branch that may or may not run, whatever it changed is unknown.
function mergeEnv(into: Env, branches: readonly Env[]): void {
  for (const branch of branches) {
    if (branch.cwd !== into.cwd) into.cwd = null;
    for (const [name, value] of branch.vars) if (into.vars.get(name) !== value) into.vars.set(name, null);
  }
}

// Where the commands being walked sit.
interface Frame {
  /** The text positions of the current script index into. */
  readonly source: string;
  readonly depth: number;
  readonly wrappers: readonly string[];
  /** Redirections of compound commands around (`{ ...; } > /dev/sda`). */
  readonly redirects: readonly ShellRedirect[];
  readonly upstream: readonly ShellCommand[];
  readonly stdin: string | null;
  readonly piped: boolean;
  readonly background: boolean;
  readonly inFunction: string | null;
}

class Walker {
  readonly commands: ShellCommand[] = [];
  readonly functions = new Map<string, ShellCommand[]>();
  private parsed = 0;

  constructor(private readonly parser: ShellParser) {}

  script(script: ParsedScript | undefined, env: Env, frame: Frame): void {
    if (script === undefined || frame.depth > MAX_DEPTH) return;
    const framed = script.source === undefined ? frame : { ...frame, source: script.source };
    for (const statement of script.commands) this.statement(statement, env, framed);
  }

  // A script held in a word (`bash -c '...'`, `eval`, a here-document fed to sh).
  private text(source: string, env: Env, frame: Frame): void {
    if (frame.depth >= MAX_DEPTH || (this.parsed += source.length) > MAX_PARSED) return;
    this.script(this.parser.parse(source), env, { ...frame, source, depth: frame.depth + 1 });
  }

  private statement(statement: Statement, env: Env, frame: Frame): void {
    this.node(statement.command, env, statement.background ? { ...frame, background: true } : frame);
  }

  private list(list: CompoundList, env: Env, frame: Frame): void {
    for (const statement of list.commands) this.statement(statement, env, frame);
  }

  private node(node: PipelineNode | AndOr | CompoundCommand | CompoundList | Redirected | FunctionNode | Coproc, env: Env, frame: Frame): void {
    if (this.commands.length >= MAX_COMMANDS) return;
    switch (node.type) {
      case 'AndOr':
        for (const command of node.commands) this.node(command, env, frame);
        return;
      case 'Pipeline':
        this.pipeline(node.commands, env, frame);
        return;
      case 'Command':
        this.command(node, env, frame);
        return;
      case 'Subshell':
        this.list(node.body, copyEnv(env), frame);
        return;
      case 'BraceGroup':
        this.list(node.body, env, frame);
        return;
      case 'CompoundList':
        this.list(node, env, frame);
        return;
      case 'Redirected': {
        const redirects: ShellRedirect[] = [];
        let stdin = frame.stdin;
        for (const redirect of node.redirects) this.redirect(redirect, env, frame, redirects, (text) => (stdin = text));
        this.node(node.command, env, { ...frame, stdin, redirects: [...frame.redirects, ...redirects] });
        return;
      }
      case 'If': {
        this.list(node.clause, env, frame);
        const branches = [node.then, ...node.elif.flatMap((elif) => [elif.clause, elif.then]), ...(node.else === undefined ? [] : [node.else])].map((body) => {
          const branch = copyEnv(env);
          this.list(body, branch, frame);
          return branch;
        });
        mergeEnv(env, branches);
        return;
      }
      case 'While': {
        const branch = copyEnv(env);
        this.list(node.clause, branch, frame);
        this.list(node.body, branch, frame);
        mergeEnv(env, [branch]);
        return;
      }
      case 'For':
      case 'Select': {
        const values: (string | null)[] = node.wordlist === undefined ? [null] : node.wordlist.flatMap((word) => this.words(word, env, frame).map((each) => each.value));
        const bound = values.length > 0 && values.length <= MAX_LOOP_VALUES ? values : [null];
        const branches = bound.map((value) => {
          const branch = copyEnv(env);
          branch.vars.set(node.name.value, value);
          this.list(node.body, branch, frame);
          return branch;
        });
        mergeEnv(env, branches);
        return;
      }
      case 'ArithmeticFor': {
        this.nested(node, env, frame);
        const branch = copyEnv(env);
        this.list(node.body, branch, frame);
        mergeEnv(env, [branch]);
        return;
      }
      case 'Case': {
        this.words(node.word, env, frame);
        const branches = node.items.map((item) => {
          for (const pattern of item.pattern) this.words(pattern, env, frame);
          const branch = copyEnv(env);
          this.list(item.body, branch, frame);
          return branch;
        });
        mergeEnv(env, branches);
        return;
      }
      case 'Function': {
        const name = node.name.value;
        const before = this.commands.length;
        this.node(node.body, copyEnv(env), { ...frame, inFunction: name, upstream: [], stdin: null, piped: false, background: false });
        this.functions.set(name, [...(this.functions.get(name) ?? []), ...this.commands.slice(before)]);
        return;
      }
      case 'Coproc':
        this.node(node.body, copyEnv(env), { ...frame, background: true });
        return;
      default:
        // [[ ... ]] and (( ... )): only their substitutions run commands.
        this.nested(node, env, frame);
    }
  }

  // Each stage runs in a subshell and reads the output of the stages before it.
  private pipeline(stages: readonly (PipelineNode | AndOr)[], env: Env, frame: Frame): void {
    if (stages.length === 1) {
      this.node(stages[0]!, env, frame);
      return;
    }
    const upstream = [...frame.upstream];
    let stdin = frame.stdin;
    for (const stage of stages) {
      const before = this.commands.length;
      const stageFrame: Frame = { ...frame, upstream: [...upstream], stdin, piped: true };
      const emitted = stage.type === 'Command' ? this.command(stage, copyEnv(env), stageFrame) : (this.node(stage, copyEnv(env), stageFrame), null);
      upstream.push(...this.commands.slice(before));
      stdin = emitted === null ? null : literalOutput(emitted);
    }
  }

  // The substitutions inside any node not walked otherwise.
  private nested(node: SyntaxNode, env: Env, frame: Frame): void {
    const visit = (child: SyntaxNode): void => {
      if (child.type === 'CommandExpansion' || child.type === 'ProcessSubstitution' || child.type === 'ArithmeticCommandExpansion') {
        this.substitute(child.script, env, frame, 'command');
        return;
      }
      this.parser.forEachChild(child, visit);
    };
    this.parser.forEachChild(node, visit);
  }

  // A substitution runs in a subshell; what it prints is known when it is one plain command.
  private substitute(script: ParsedScript | undefined, env: Env, frame: Frame, kind: 'command' | 'process'): string | null {
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

  private words(word: Word, env: Env, frame: Frame): ShellWord[] {
    const inner: ShellCommand[] = [];
    return evaluateWord(word, this.scope(env, frame, inner)).map((value) => ({ value, inner }));
  }

  private assignment(assignment: Assignment, env: Env, frame: Frame): string | null {
    if (assignment.value.type !== 'Word') {
      for (const element of assignment.value.elements) this.words(element, env, frame);
      return null;
    }
    if (assignment.append === true) return null;
    return evaluateText(assignment.value, this.scope(env, frame, []));
  }

  private redirect(redirect: Redirection, env: Env, frame: Frame, into: ShellRedirect[], setStdin: (text: string | null) => void): void {
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

  private command(node: Command, env: Env, frame: Frame): ShellCommand | null {
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
    if (emitted !== null) this.shellState(emitted, emitted.wrappers.slice(frame.wrappers.length), declared, env);
    return emitted;
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

  // cd, export and friends change the state later commands see.
  private shellState(command: ShellCommand, ownWrappers: readonly string[], declared: readonly [string, string | null][], env: Env): void {
    if (ownWrappers.some((wrapper) => wrapper !== 'builtin' && wrapper !== 'command')) return;
    const values = command.args.map((word) => word.value);
    switch (command.program) {
      case 'cd':
      case 'pushd': {
        const target = values.find((value) => !/^-[LPe@]+$/.test(value));
        env.cwd = target === undefined ? (command.program === 'cd' ? (env.vars.get('HOME') ?? null) : null) : target === '-' ? null : resolveFolder(env.cwd, target);
        env.vars.set('PWD', env.cwd);
        return;
      }
      case 'popd':
        env.cwd = null;
        return;
      case 'export':
      case 'declare':
      case 'typeset':
      case 'local':
      case 'readonly':
        for (const [name, value] of declared) env.vars.set(name, value);
        return;
      case 'unset':
      case 'read':
      case 'mapfile':
      case 'readarray':
        for (const value of values) if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) env.vars.set(value, null);
        return;
      default:
    }
  }
}

// A shell with no script operand reads its script from stdin (`sh`, `bash -s`, `sh -`).
function readsScriptFromStdin(command: ShellCommand): boolean {
  if (SHELLS.has(command.program)) return readShellArguments(command.args.map((word) => word.value)).readsStdin;
  return (command.program === 'source' || command.program === '.') && (command.args[0]?.value === '/dev/stdin' || command.args[0]?.value === '-');
}

/** A folder a command names, resolved against the working folder; null when unknown. */
export function resolveFolder(cwd: string | null, target: string): string | null {
  if (isUnknown(target) || hasGlob(target)) return null;
  if (target.startsWith('/')) return posix.resolve(target);
  return cwd === null ? null : posix.resolve(cwd, target);
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= TEXT_LENGTH ? flat : `${flat.slice(0, TEXT_LENGTH - 1)}…`;
}
