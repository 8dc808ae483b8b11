import type { ModuleRealmStart, ModuleTask } from './module-task.js';
import type { HookOutcome, SpawnTask } from '../model/hook-outcome.js';
import type { HttpTask } from './remote/http-task.js';

/** A hook process to run, before the host gives it a registry slot and a run id. */
export type SpawnHookTask = Omit<SpawnTask, 'slot' | 'runId'> & { readonly kind?: 'spawn' };

/** What a pool host runs: a hook process, an in-worker module hook, or an http hook's request. */
export type HookTask = SpawnHookTask | ModuleTask | HttpTask;

/** A task holding a slot of the host's registry (and a run id): a process to spawn, or an http request. */
export type SlottedTask = SpawnTask | (HttpTask & Pick<SpawnTask, 'slot' | 'runId'>);

/** True for an http hook's request (its module, with node:http, is loaded for the first one). */
export function isHttpTask(task: object): task is HttpTask {
  return (task as { kind?: unknown }).kind === 'http';
}

/** Where the piscina pool lives: in the agent's process, or in a sandbox process. */
export interface PoolHost {
  /** Runs one hook (a process, or a module in a worker of its own pool) to its outcome; never rejects. */
  run(task: HookTask): Promise<HookOutcome>;
  /** Kills every running hook's process group (SIGTERM, grace, SIGKILL) and stops every module hook; their outcomes settle as aborted. */
  abortAll(graceMs: number): Promise<void>;
  /** Stops the pool; the hooks it ran are all settled by then. */
  close(): Promise<void>;
}

export interface PoolHostOptions {
  /** Hooks running at once; also the size of the process-group registry. */
  maxConcurrentHooks: number;
  threads: number;
  /** Process host: at most this many hook processes started ahead of time, for the hooks fired often (0: none). */
  spareProcesses?: number;
  /** Each hook's fixed environment, given once so that tasks carry only their fire's variables. */
  baseEnvByHook: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The module hooks' realms to start with the host, off the first fire's path (module-pool.ts); the direct host starts none. */
  moduleRealms?: readonly ModuleRealmStart[];
  onWarning: (message: string) => void;
}
