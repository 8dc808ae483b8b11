// Whether a command hook can start, checked without running it: its program is on PATH or is an
// executable file, an interpreter's script exists, a script's `#!` interpreter and `jq` (when the
// hook uses it) are installed, and `$CLAUDE_PROJECT_DIR` is quoted.
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { commandWords } from '../trust/referenced-files.js';
import { fileExists } from '../io/file-exists.js';
import { findOnPath, isExecutableFile } from './find-on-path.js';

export interface StartCheck {
  /** Why the hook cannot start; empty when it can. */
  readonly problems: readonly string[];
  /** Those of `problems` about the hook's own script files (missing, not executable): what validate fails on. */
  readonly scriptProblems: readonly string[];
  /** What was found (`sh: /usr/bin/sh`) and what may break (an unquoted path). */
  readonly notes: readonly string[];
}

export interface CommandHook {
  readonly command?: string | undefined;
  readonly args?: readonly string[] | undefined;
  readonly cwd?: string | undefined;
}

// Run by the shell itself: nothing to find on PATH.
const SHELL_BUILTINS: ReadonlySet<string> = new Set(['exit', 'cd', 'echo', 'printf', 'true', 'false', 'test', '[', '.', 'source', 'set', 'export', 'if', 'for', 'while', 'case', 'read', 'command', 'eval', ':']);
// Programs whose first argument is a script file that must exist (it need not be executable).
const INTERPRETERS: ReadonlySet<string> = new Set(['sh', 'bash', 'dash', 'zsh', 'node', 'python', 'python3', 'ruby', 'perl', 'deno', 'bun']);
// Words before the program: `VAR=x cmd`, `exec cmd`, `env cmd`.
const PREFIX_WORD = /^(?:[A-Za-z_][A-Za-z0-9_]*=.*|exec|env|nohup)$/;
const UNQUOTED_PROJECT_DIR = /(?:^|[^"\w])\$\{?CLAUDE_PROJECT_DIR\}?/;
const USES_JQ = /(?:^|[\s|;&(`$])jq(?:\s|$)/m;

export async function checkHookStart(hook: CommandHook, projectDir: string): Promise<StartCheck> {
  const problems: string[] = [];
  const scriptProblems: string[] = [];
  const notes: string[] = [];
  const words = commandWords(hook, projectDir);
  const start = words.findIndex((word) => !PREFIX_WORD.test(word));
  const program = start === -1 ? undefined : words[start]!;
  if (program === undefined) return { problems: ['no command to run'], scriptProblems, notes };
  const workingDir = resolve(projectDir, hook.cwd ?? '.');
  const scripts: string[] = [];
  if (program.includes('/')) {
    const path = resolve(workingDir, program);
    const problem = await checkExecutable(path, program, words[start + 1]);
    if (problem === null) scripts.push(path);
    else scriptProblems.push(problem);
  } else if (!SHELL_BUILTINS.has(program)) {
    const found = await findOnPath(program);
    if (found === null) problems.push(`${program}: not found on PATH`);
    else notes.push(`${program}: ${found}`);
    const script = words[start + 1];
    if (found !== null && INTERPRETERS.has(basename(program)) && script !== undefined && !script.startsWith('-')) {
      const path = resolve(workingDir, script);
      if (await fileExists(path)) scripts.push(path);
      else scriptProblems.push(`${script}: script not found`);
    }
  }
  const texts = await Promise.all(scripts.map((path) => readFile(path, 'utf8').catch(() => '')));
  for (const text of texts) problems.push(...(await checkShebang(text)));
  if ((words.includes('jq') || texts.some((text) => USES_JQ.test(text))) && (await findOnPath('jq')) === null) problems.push('jq: used by the hook, not found on PATH');
  if (hook.command !== undefined && UNQUOTED_PROJECT_DIR.test(hook.command)) {
    const note = 'unquoted $CLAUDE_PROJECT_DIR: write "$CLAUDE_PROJECT_DIR"/... so a path with spaces stays one word';
    if (/\s/.test(projectDir)) problems.push(note);
    else notes.push(note);
  }
  return { problems: [...scriptProblems, ...problems], scriptProblems, notes };
}

async function checkExecutable(path: string, word: string, nextWord: string | undefined): Promise<string | null> {
  if (!(await fileExists(path))) {
    // `/my dir/hook.sh` unquoted splits into two words; the joined path existing says so.
    const joined = nextWord === undefined ? undefined : resolve(path, '..', `${basename(path)} ${nextWord}`);
    if (joined !== undefined && (await fileExists(joined))) return `${word} ${nextWord}: a path with a space must be quoted`;
    return `${word}: script not found`;
  }
  return (await isExecutableFile(path)) ? null : `${word}: not executable (chmod +x ${word})`;
}

// `#!/bin/bash`, `#!/usr/bin/env node`: the interpreter must be there too.
async function checkShebang(text: string): Promise<string[]> {
  const match = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(text);
  if (match === null) return [];
  const [, interpreter, argument] = match as unknown as [string, string, string | undefined];
  if (basename(interpreter) === 'env' && argument !== undefined) {
    return (await findOnPath(argument)) === null ? [`${argument}: the script's interpreter, not found on PATH`] : [];
  }
  return (await isExecutableFile(interpreter)) ? [] : [`${interpreter}: the script's interpreter, not found`];
}
