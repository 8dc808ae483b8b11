// Loads one of the CLI's CommonJS bundles with a V8 code cache: compiling the executable and the
// run engine (~300 kB) and the functions a run calls is several milliseconds of every short
// `hookpool run`. The first run of a build compiles as usual and, at exit, saves V8's code for
// what it ran; later runs hand that to V8 instead (what Node 22's module.enableCompileCache does;
// Node 20 has no such switch). The cache decides what code runs, so it is keyed by the bundle's
// identity on disk (device, inode, size, change and modification times: a reinstall or an edit
// is another bundle, even when npm gives every release the same mtime and V8's own check only
// compares the length) and by node's version, and read only from a folder and file that nobody
// but the user could have written. Anything wrong with it and the bundle is compiled as without.
import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, rmSync, statSync, type Stats } from 'node:fs';
import Module from 'node:module';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { Script } from 'node:vm';
import { ownershipRefusal } from '../io/file-ownership.js';
import { fnv1a64 } from '../io/fnv1a.js';
import { writePrivateFileSync } from '../io/write-private-file.js';

interface LoadedModule {
  exports: unknown;
}

/** The bundle's module.exports, after running it as node would run a CommonJS file. */
export function loadBundle(file: string): unknown {
  const fd = openSync(file, 'r');
  let source: string;
  let identity: Stats;
  try {
    identity = fstatSync(fd);
    source = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  const cacheFile = cacheFileFor(file, identity);
  const cachedData = cacheFile === undefined ? undefined : readOwnFile(cacheFile);
  // A script has no module loader: the bundles loaded here hold no import() (the build checks).
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
    // At exit the cache holds every function the run compiled, not only the bundle's top level.
    process.once('exit', () => saveCache(cacheFile, cachePrefixOf(file), script));
  }
  const module: LoadedModule = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, Module.createRequire(file), module, file, dirname(file));
  return module.exports;
}

// `$XDG_CACHE_HOME/hookpool/code-cache/<bundle>-<its folder>-<identity>.bin` (else under
// ~/.cache); none without a home. A global and a project install each keep their own.
function cacheFileFor(file: string, identity: Stats): string | undefined {
  const { XDG_CACHE_HOME, HOME } = process.env;
  const base = XDG_CACHE_HOME !== undefined && isAbsolute(XDG_CACHE_HOME) ? XDG_CACHE_HOME : HOME !== undefined && isAbsolute(HOME) ? join(HOME, '.cache') : undefined;
  if (base === undefined) return undefined;
  const key = [identity.dev, identity.ino, identity.size, identity.mtimeMs, identity.ctimeMs, process.version, process.arch].join(':');
  return join(base, 'hookpool', 'code-cache', `${cachePrefixOf(file)}${fnv1a64(key)}.bin`);
}

function cachePrefixOf(file: string): string {
  return `${basename(file, '.cjs')}-${fnv1a64(dirname(file))}-`;
}

// The file's bytes when it is a regular file and neither it nor its folder could have been written
// by anyone but the user (io/file-ownership.ts; opened without following a link); otherwise undefined.
function readOwnFile(path: string): Buffer | undefined {
  let fd: number;
  try {
    if (ownershipRefusal(dirname(path), statSync(dirname(path))) !== null) return undefined;
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    return stats.isFile() && ownershipRefusal(path, stats) === null ? readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

// Through a fresh 0600 file and a rename, so a reader never sees half of one, then without the
// same bundle's caches from earlier builds; a failure only means no cache.
function saveCache(path: string, prefix: string, script: Script): void {
  const dir = dirname(path);
  try {
    writePrivateFileSync(path, script.createCachedData());
    for (const name of readdirSync(dir)) if (name.startsWith(prefix) && name.endsWith('.bin') && join(dir, name) !== path) rmSync(join(dir, name), { force: true });
  } catch {
    // No cache: the next run compiles again.
  }
}
