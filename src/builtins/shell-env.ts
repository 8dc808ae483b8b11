// The shell's environment as a script changes it, followed while the script is walked: the working
// folder and the variables, null where only the running shell knows them. `cd`, `export` and
// friends change it for the commands after them; a branch that may or may not run leaves whatever
// it changed unknown.
import { posix } from 'node:path';
import { argumentValues, type ShellCommand } from './shell-scan.js';
import { hasGlob, isUnknown } from './shell-words.js';

/** The working folder and variables (null: unknown) at one point of the script. */
export interface Env {
  cwd: string | null;
  readonly vars: Map<string, string | null>;
}

/** A copy for a subshell or a branch: what it changes stays in it. */
export function copyEnv(env: Env): Env {
  return { cwd: env.cwd, vars: new Map(env.vars) };
}

/** After branches that may or may not run, whatever they changed is unknown. */
export function mergeEnv(into: Env, branches: readonly Env[]): void {
  for (const branch of branches) {
    if (branch.cwd !== into.cwd) into.cwd = null;
    for (const [name, value] of branch.vars) if (into.vars.get(name) !== value) into.vars.set(name, null);
  }
}

/** A folder a command names, resolved against the working folder; null when unknown. */
export function resolveFolder(cwd: string | null, target: string): string | null {
  if (isUnknown(target) || hasGlob(target)) return null;
  if (target.startsWith('/')) return posix.resolve(target);
  return cwd === null ? null : posix.resolve(cwd, target);
}

/**
 * What cd, pushd, popd, export and friends, unset and read do to the environment later commands
 * see. `ownWrappers` are the wrappers of this command itself (under `sudo` or `env` a `cd` changes
 * nothing here); `declared` are the `NAME=value` words of its arguments.
 */
export function updateEnv(command: ShellCommand, ownWrappers: readonly string[], declared: readonly [string, string | null][], env: Env): void {
  if (ownWrappers.some((wrapper) => wrapper !== 'builtin' && wrapper !== 'command')) return;
  switch (command.program) {
    case 'cd':
    case 'pushd': {
      const target = argumentValues(command).find((value) => !/^-[LPe@]+$/.test(value));
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
      for (const value of argumentValues(command)) if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) env.vars.set(value, null);
      return;
    default:
  }
}
