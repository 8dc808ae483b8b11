// Autohand's auto-format: formats a file an agent just wrote with the project's own formatter
// (prettier, eslint --fix or biome, the first one present in node_modules/.bin or on PATH).
// With none present it formats nothing and says so; a formatter that fails is a note, not a crash.
import { extname } from 'node:path';
import type { InWorkerHook } from '../run/in-worker-hook.js';
import { autoFormatOptions, readBuiltinOptions } from './builtin-options.js';
import { editedFile } from './edited-file.js';
import { findExecutable } from './find-executable.js';
import { noteForUser } from './hook-answers.js';
import { firstLine, runProgram } from './run-program.js';

// How each formatter rewrites one file in place, and which files it understands.
const FORMATTERS = {
  prettier: { args: (file: string) => ['--write', '--log-level', 'warn', file], handles: () => true },
  eslint: { args: (file: string) => ['--fix', file], handles: (extension: string) => ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'].includes(extension) },
  biome: { args: (file: string) => ['format', '--write', file], handles: () => true },
} as const;

/** Formats the edited file; answers a note only when nothing could format it or the formatter failed. */
const autoFormat: InWorkerHook = async (input, context) => {
  const options = readBuiltinOptions('auto-format', autoFormatOptions, context.options);
  const file = editedFile(input, context);
  if (file === undefined) return undefined;
  const extension = extname(file).toLowerCase();
  if (!options.extensions.includes(extension)) return undefined;
  for (const name of options.formatters) {
    const formatter = FORMATTERS[name];
    if (!formatter.handles(extension)) continue;
    const executable = await findExecutable(name, context.projectDir, context.env);
    if (executable === null) continue;
    const result = await runProgram(executable, formatter.args(file), { cwd: context.projectDir, env: context.env, signal: context.signal, timeoutMs: options.timeoutMs });
    if (result.code === 0) return undefined;
    return noteForUser(`auto-format: ${name} could not format ${file}: ${firstLine(result.stderr || result.stdout) || `exit ${String(result.code)}`}`);
  }
  return noteForUser(`auto-format: no ${options.formatters.join(', ')} in node_modules/.bin or on PATH; ${file} left as written`);
};

export default autoFormat;
