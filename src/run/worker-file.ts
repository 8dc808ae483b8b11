// Worker threads and the sandbox process run compiled JavaScript. From the build the entries sit
// beside this file's folder; from source (tests run the .ts files) they come from the build,
// which `npm test` makes first.

/** What every spawn worker is started with. */
export interface SpawnWorkerData {
  registry: SharedArrayBuffer;
  baseEnvByHook: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** What every module worker (in-worker hooks) is started with. */
export interface ModuleWorkerData {
  baseEnvByHook: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

type EntryFile = 'spawn-hook-entry.cjs' | 'module-hook-entry.cjs' | 'sandbox-process.js';

/** The compiled entry file: a worker thread's (CommonJS, see workers/spawn-hook-entry.cts) or the sandbox process's. */
export function compiledEntryUrl(file: EntryFile): URL {
  const root = import.meta.url.endsWith('.ts') ? '../../dist/workers/' : '../../workers/';
  return new URL(`${root}${file}`, import.meta.url);
}
