// Every simple command a Bash call runs, found by walking unbash's syntax tree: through pipes,
// lists, subshells, groups, loops, functions, command and process substitutions, here-documents,
// and the scripts a command carries (`bash -c`, `eval`, `su -c`, `find -exec`, `echo ... | sh`).
// This file walks the compound structure and the environment each branch leaves; each simple
// command is read (unwrapped, its words evaluated as far as the script itself says) by
// command-reader.ts, so a rule sees `rm` and `/` however they are spelt. What only the running
// shell knows stays unknown: a rule never guesses it.
import type { AndOr, CompoundCommand, CompoundList, Coproc, Function as FunctionNode, ParsedScript, PipelineNode, Redirected, Statement, SyntaxNode } from 'unbash';
import { CommandReader, MAX_COMMANDS, MAX_DEPTH, type Frame } from './command-reader.js';
import { literalOutput } from './literal-output.js';
import type { ShellParser } from './shell-parser.js';
import type { ShellCommand, ShellRedirect, ShellScan } from './shell-scan.js';
import { copyEnv, mergeEnv, type Env } from './shell-env.js';

/** Where the call runs. */
export interface ScanContext {
  readonly cwd: string;
  readonly home: string;
}

// A `for` loop over more words than this binds its variable to an unknown value.
const MAX_LOOP_VALUES = 16;

/** Parses a Bash command line and returns every command it runs. */
export function scanCommand(parser: ShellParser, command: string, context: ScanContext): ShellScan {
  const walker = new Walker(parser);
  // IFS as the shell starts with it: `rm${IFS}-rf${IFS}/` is three words.
  const env: Env = { cwd: context.cwd, vars: new Map([['HOME', context.home], ['IFS', ' \t\n']]) };
  walker.script(parser.parse(command), env, { source: command, depth: 0, wrappers: [], redirects: [], upstream: [], stdin: null, piped: false, background: false, inFunction: null });
  return { commands: walker.commands, functions: walker.functions };
}

class Walker extends CommandReader {
  readonly functions = new Map<string, ShellCommand[]>();

  script(script: ParsedScript | undefined, env: Env, frame: Frame): void {
    if (script === undefined || frame.depth > MAX_DEPTH) return;
    const framed = script.source === undefined ? frame : { ...frame, source: script.source };
    for (const statement of script.commands) this.statement(statement, env, framed);
  }

  private statement(statement: Statement, env: Env, frame: Frame): void {
    this.node(statement.command, env, statement.background ? { ...frame, background: true } : frame);
  }

  private list(list: CompoundList, env: Env, frame: Frame): void {
    for (const statement of list.commands) this.statement(statement, env, frame);
  }

  // A body that may or may not run, walked in a copy of the environment for mergeEnv.
  private branch(body: CompoundList, env: Env, frame: Frame): Env {
    const branch = copyEnv(env);
    this.list(body, branch, frame);
    return branch;
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
        const bodies = [node.then, ...node.elif.flatMap((elif) => [elif.clause, elif.then]), ...(node.else === undefined ? [] : [node.else])];
        mergeEnv(env, bodies.map((body) => this.branch(body, env, frame)));
        return;
      }
      case 'While': {
        const branch = this.branch(node.clause, env, frame);
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
      case 'ArithmeticFor':
        this.nested(node, env, frame);
        mergeEnv(env, [this.branch(node.body, env, frame)]);
        return;
      case 'Case': {
        this.words(node.word, env, frame);
        const branches = node.items.map((item) => {
          for (const pattern of item.pattern) this.words(pattern, env, frame);
          return this.branch(item.body, env, frame);
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
}
