// The project directory and home a command works in, found before any configuration is read.
import { stat } from '../io/fs-async.js';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { HookpoolError } from '../errors.js';
import type { ConfigOptions } from './config-options.js';
import { findProjectDir } from './find-project-dir.js';

/** The project directory (--cwd, else the project found from `cwdFallback` or the current folder; it must exist) and the user's home. */
export async function resolveCliDirs(options: ConfigOptions, cwdFallback?: string): Promise<{ cwd: string; home: string }> {
  const dir = options.cwd ?? findProjectDir(cwdFallback ?? process.cwd());
  const cwd = await resolveProjectDir(dir, options.cwd === undefined ? resolve(dir) : `--cwd ${dir}`);
  return { cwd, home: homedir() };
}

/** The absolute directory; `label` names it in the error (`--cwd x` when the user typed it). */
async function resolveProjectDir(path: string, label: string): Promise<string> {
  const dir = resolve(path);
  const isDirectory = await stat(dir).then((info) => info.isDirectory(), () => false);
  if (!isDirectory) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `${label}: no such directory`);
  return dir;
}
