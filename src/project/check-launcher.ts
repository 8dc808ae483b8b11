// Whether an agent's entry starts hookpool: the program its command line names resolves (on PATH,
// or as a path) to an executable file that is one of a hookpool package's executables. Checked
// without running it. `node <script>` is followed to the script; `npx` cannot be followed (it
// finds or fetches a package at each call).
import { readFile, realpath } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { parse } from 'shell-quote';
import { fileExists } from '../io/file-exists.js';
import { findOnPath, isExecutableFile } from './find-on-path.js';

export type LauncherCheck =
  /** The entry starts this hookpool executable, of this version. */
  | { readonly kind: 'hookpool'; readonly program: string; readonly path: string; readonly version: string }
  /** It does not: `problem` says why (not found, not executable, not hookpool's). */
  | { readonly kind: 'broken'; readonly program: string; readonly problem: string }
  /** It starts hookpool through something doctor cannot follow (npx). */
  | { readonly kind: 'unknown'; readonly program: string; readonly note: string };

// Words before the program: `VAR=x cmd`, `exec cmd`, `env cmd`.
const PREFIX_WORD = /^(?:[A-Za-z_][A-Za-z0-9_]*=.*|exec|env|nohup)$/;
// The unbundled CLI a checkout runs through node: a hookpool executable too.
const UNBUNDLED_CLI = 'dist/src/cli/main.js';

/** The program an entry's command line starts, and whether it is hookpool. */
export async function checkLauncher(command: string, cwd: string, pathVariable: string = process.env.PATH ?? ''): Promise<LauncherCheck> {
  const words = firstCommandWords(command);
  const start = words.findIndex((word) => !PREFIX_WORD.test(word));
  const program = words[start];
  if (program === undefined) return { kind: 'broken', program: command, problem: 'starts no program' };
  if (basename(program) === 'npx') return { kind: 'unknown', program, note: 'starts hookpool through npx, which looks for (or downloads) a hookpool at each call: doctor cannot tell which one' };
  const found = program.includes('/') ? resolve(cwd, program) : await findOnPath(program, pathVariable);
  if (found === null || !(await fileExists(found))) return { kind: 'broken', program, problem: `${program} cannot be found${program.includes('/') ? '' : ' on PATH'}` };
  if (!(await isExecutableFile(found))) return { kind: 'broken', program, problem: `${program} is not executable` };
  // `node path/to/main.js run ...`: the script is the launcher.
  const isNode = ['node', 'nodejs'].includes(basename(program));
  const script = isNode ? words[start + 1] : undefined;
  if (isNode && (script === undefined || !(await fileExists(resolve(cwd, script))))) return { kind: 'broken', program, problem: `${program} ${script ?? ''}: the script cannot be found`.trim() };
  const target = await realpath(script === undefined ? found : resolve(cwd, script));
  const owner = await hookpoolPackageOf(target);
  if (owner === null) return { kind: 'broken', program, problem: `${program} is ${target}, which is not hookpool's` };
  return { kind: 'hookpool', program, path: target, version: owner.version };
}

// The words of the first simple command (up to `;`, `&&`, `|`, ...): the wrappers init writes come after it.
function firstCommandWords(command: string): string[] {
  const words: string[] = [];
  for (const entry of parse(command, (name) => `$${name}`)) {
    if (typeof entry !== 'string') break;
    words.push(entry);
  }
  return words;
}

// The hookpool package holding `file` as one of its executables (its package.json `bin`, or the unbundled CLI).
async function hookpoolPackageOf(file: string): Promise<{ version: string } | null> {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = await readFile(join(dir, 'package.json'), 'utf8').then((text) => JSON.parse(text) as unknown, () => null);
    if (manifest === null || typeof manifest !== 'object') continue;
    const { name, version, bin } = manifest as { name?: unknown; version?: unknown; bin?: unknown };
    // A package.json without a name only sets options for its folder (`"type"`): the package is further up.
    if (name === undefined) continue;
    if (name !== 'hookpool') return null;
    const inside = relative(dir, file).split(sep).join('/');
    const executables = [...Object.values(typeof bin === 'object' && bin !== null ? bin : {}), UNBUNDLED_CLI].map((path) => String(path).replace(/^\.\//, ''));
    return executables.includes(inside) ? { version: typeof version === 'string' ? version : 'unknown' } : null;
  }
  return null;
}
