// The pools that run in-worker hooks (`type: "module"`, built-ins): piscina pools of their own,
// apart from the spawn workers, with one task per worker, so that stopping a hook that never
// answers (or spins) by terminating its worker touches no other hook and none of the spawn
// workers' process bookkeeping. piscina replaces a terminated worker.
//
// One pool per realm (module-realm.ts): the built-ins share one, with `threads` workers; every
// other module hook has a pool of its own, with one worker (up to `threads` while its fires
// overlap). Each starts with the host for the hooks the engine had then (the thread and process
// hosts), or on its first run (hooks registered later, the direct host), so no module can change what
// another hook decides by changing its worker's globals. Each worker is started with only its
// hooks' environments, and sets `process.env` to the running hook's environment (the one a
// command hook would get, secrets removed) before the module loads and before every run.
// Processes a module starts inherit its run's HOOKPOOL_RUN_ID: when the module is stopped (timed
// out, aborted) or its worker dies, they are found by it and killed.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Piscina } from 'piscina';
import { killEscapees } from './kill-escapees.js';
import { BUILTINS_REALM } from './module-realm.js';
import type { ModuleRealmStart, ModuleRun, ModuleTask } from './module-task.js';
import { failedOutcome, type HookOutcome, type HookStatus } from '../model/hook-outcome.js';
import { startStopwatch } from './stopwatch.js';
import { compiledEntryUrl, type ModuleWorkerData } from './worker-file.js';

export interface ModulePoolOptions {
  threads: number;
  /** Every hook's fixed environment, by key; each realm's workers get only their hooks'. */
  baseEnvByHook: ModuleWorkerData['baseEnvByHook'];
  /** Realms started now, so that their hooks' first runs do not wait for a worker to boot. */
  prestart?: readonly ModuleRealmStart[];
}

export interface ModulePool {
  run(task: ModuleTask): Promise<HookOutcome>;
  /** Stops every running or queued module hook (terminating its worker); they settle as aborted. */
  abortAll(reason: string): void;
  close(): Promise<void>;
}

const TIMED_OUT = Symbol('timed out');
// A hook's second worker (its fires overlapped) ends after this long without a task.
const EXTRA_WORKER_IDLE_MS = 30_000;

/*
 * What stops one module task: piscina takes, as a task's signal, an emitter of 'abort' with
 * `aborted` and `reason`, and then terminates the worker running it. Not an AbortController:
 * on Node 20 making one costs ~4 µs and piscina's listener on it ~3 µs more, per hook, on
 * the thread that hands the hooks out (the agent's, or the sandbox's).
 */
class TaskStop extends EventEmitter {
  aborted = false;
  reason: unknown;

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }
}

export function createModulePool(options: ModulePoolOptions): ModulePool {
  const realms = new Map<string, Piscina>();
  const poolId = randomUUID();
  let runs = 0;
  const running = new Set<TaskStop>();
  const poolOf = (task: ModuleRealmStart) => {
    let pool = realms.get(task.realm);
    if (pool === undefined) realms.set(task.realm, (pool = startRealm(task, options)));
    return pool;
  };
  for (const realm of options.prestart ?? []) poolOf(realm);

  return {
    async run(task: ModuleTask): Promise<HookOutcome> {
      const stop = new TaskStop();
      const elapsed = startStopwatch();
      const timer = setTimeout(() => stop.abort(TIMED_OUT), task.timeoutMs);
      running.add(stop);
      const runId = `${poolId}.${++runs}`;
      try {
        // Object.assign, not a spread with more properties: see thread-host.ts.
        const run: ModuleRun = Object.assign({}, task, { runId });
        return checkedOutcome(task.hookId, await poolOf(task).run(run, { signal: stop }));
      } catch (error) {
        const durationMs = elapsed();
        killEscapees([{ leaderPid: 0, runId }]);
        if (stop.reason === TIMED_OUT) return failedOutcome(task.hookId, 'timed_out', `no answer within ${task.timeoutMs} ms: its worker was terminated`, durationMs);
        if (stop.aborted) return failedOutcome(task.hookId, 'aborted', String(stop.reason), durationMs);
        return failedOutcome(task.hookId, 'crashed', `its worker died: ${(error as Error).message}`, durationMs);
      } finally {
        clearTimeout(timer);
        running.delete(stop);
      }
    },
    abortAll(reason: string): void {
      for (const stop of running) stop.abort(reason);
    },
    async close(): Promise<void> {
      await Promise.all([...realms.values()].map((pool) => pool.close()));
    },
  };
}

// The built-ins' realm gets every hook's environment (hookpool's own code, as trusted as this
// file); any other realm only its hook's, and its workers start with it as their environment, so
// even the module's top-level code never sees the host process's.
function startRealm(task: ModuleRealmStart, { threads, baseEnvByHook }: ModulePoolOptions): Piscina {
  const builtins = task.realm === BUILTINS_REALM;
  const ownEnv = baseEnvByHook[task.envKey] ?? {};
  return new Piscina({
    filename: compiledEntryUrl('module-hook-entry.cjs').href,
    minThreads: builtins ? threads : 1,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
    idleTimeout: builtins ? Number.POSITIVE_INFINITY : EXTRA_WORKER_IDLE_MS,
    // Never the host's own environment (a worker's default): the agent's, with the thread host.
    env: builtins ? {} : { ...ownEnv },
    workerData: { baseEnvByHook: builtins ? baseEnvByHook : { [task.envKey]: ownEnv } } satisfies ModuleWorkerData,
  });
}

const STATUSES: ReadonlySet<unknown> = new Set<HookStatus>(['ok', 'exit_nonzero', 'timed_out', 'aborted', 'spawn_failed', 'crashed']);

/**
 * The outcome a module worker answered, as plain checked data under the hook's own id. A module
 * runs in that worker and can reach the worker's side of piscina: what comes back is not taken
 * on trust, so a forged answer can neither claim another hook's id nor throw in the engine.
 */
function checkedOutcome(hookId: string, value: unknown): HookOutcome {
  const outcome = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof HookOutcome, unknown>>;
  const { status, exitCode, signal, durationMs, stdout, stderr, truncated, error } = outcome;
  const fits = STATUSES.has(status) && typeof stdout === 'string' && typeof stderr === 'string' && typeof truncated === 'boolean'
    && (exitCode === null || typeof exitCode === 'number') && (signal === null || typeof signal === 'string') && typeof durationMs === 'number'
    && (error === undefined || typeof error === 'string');
  if (!fits) return failedOutcome(hookId, 'crashed', 'its worker answered something that is not an outcome');
  const checked: HookOutcome = { id: hookId, status: status as HookStatus, exitCode, signal, durationMs, stdout, stderr, truncated };
  if (error !== undefined) checked.error = error;
  return checked;
}
