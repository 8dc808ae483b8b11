// Worker threads and the sandbox process run compiled JavaScript. From the build the entries sit
// beside this file's folder; from source (tests run the .ts files) they come from the build,
// which `npm test` makes first.

/**
 * The base environment key of a hook the pool host was not given (one registered after it
 * started): its task carries its environment, and this key holds only what the host adds to
 * every hook (the sandbox's marker).
 */
export const INLINE_ENV_KEY = '';

/** What every slot worker (slot-worker.ts: hook processes and http hooks) is started with. */
export interface SlotWorkerData {
  registry: SharedArrayBuffer;
  baseEnvByHook: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** What every module worker (in-worker hooks) is started with. */
export interface ModuleWorkerData {
  baseEnvByHook: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

type EntryFile = 'slot-worker-entry.cjs' | 'module-hook-entry.cjs' | 'sandbox-process.js';

/** The compiled entry file: a worker thread's (CommonJS, see workers/slot-worker-entry.cts) or the sandbox process's. */
export function compiledEntryUrl(file: EntryFile): URL {
  const root = import.meta.url.endsWith('.ts') ? '../../dist/workers/' : '../../workers/';
  return new URL(`${root}${file}`, import.meta.url);
}
