// Autohand's git auto-stage: stages a file an agent just wrote, so the next commit is ready,
// except what its skip list names (env files, logs, build output, dependencies). It never commits.
import { access } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import picomatch from 'picomatch';
import type { InWorkerHook } from '../run/in-worker-hook.js';
import { gitAutoStageOptions, readBuiltinOptions } from './builtin-options.js';
import { editedFile } from './edited-file.js';
import { noteForUser } from './hook-answers.js';
import { firstLine, runProgram } from './run-program.js';

const GIT_TIMEOUT_MS = 15_000;

/** Runs `git add` on the edited file when it is inside a repository and not skipped; a failure is a note. */
const gitAutoStage: InWorkerHook = async (input, context) => {
  const options = readBuiltinOptions('git-auto-stage', gitAutoStageOptions, context.options);
  const file = editedFile(input, context);
  if (file === undefined || !(await exists(file))) return undefined;
  const run = { env: context.env, signal: context.signal, timeoutMs: GIT_TIMEOUT_MS };
  const top = await runProgram('git', ['rev-parse', '--show-toplevel'], { ...run, cwd: dirname(file) });
  if (top.code !== 0) return undefined;
  const root = top.stdout.trim();
  const path = relative(root, file);
  if (path === '' || path.startsWith('..') || picomatch.isMatch(path, options.skip, { dot: true })) return undefined;
  const added = await runProgram('git', ['add', '--', path], { ...run, cwd: root });
  return added.code === 0 ? undefined : noteForUser(`git auto-stage: could not stage ${path}: ${firstLine(added.stderr)}`);
};

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

export default gitAutoStage;
