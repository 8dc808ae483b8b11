// The pool that runs in-worker hooks (`type: "module"`, built-ins): its own piscina pool, apart
// from the spawn workers, with one task per worker, so that stopping a hook that never answers
// (or spins) by terminating its worker touches no other hook and none of the spawn workers'
// process bookkeeping. piscina replaces a terminated worker. Started on the first module hook.
// Processes a module starts inherit its run's HOOKPOOL_RUN_ID: when the module is stopped (timed
// out, aborted) or its worker dies, they are found by it and killed.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Piscina } from 'piscina';
import { killEscapees } from './kill-escapees.js';
import type { ModuleRun, ModuleTask } from './module-task.js';
import { failedOutcome, type HookOutcome } from './outcome.js';
import { startStopwatch } from './stopwatch.js';
import { compiledEntryUrl, type ModuleWorkerData } from './worker-file.js';

export interface ModulePoolOptions {
  threads: number;
  baseEnvByHook: ModuleWorkerData['baseEnvByHook'];
}

export interface ModulePool {
  run(task: ModuleTask): Promise<HookOutcome>;
  /** Stops every running or queued module hook (terminating its worker); they settle as aborted. */
  abortAll(reason: string): void;
  close(): Promise<void>;
}

const TIMED_OUT = Symbol('timed out');

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
  let pool: Piscina | undefined;
  const poolId = randomUUID();
  let runs = 0;
  const running = new Set<TaskStop>();
  const started = () =>
    (pool ??= new Piscina({
      filename: compiledEntryUrl('module-hook-entry.cjs').href,
      minThreads: options.threads,
      maxThreads: options.threads,
      concurrentTasksPerWorker: 1,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData: { baseEnvByHook: options.baseEnvByHook } satisfies ModuleWorkerData,
    }));

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
        return (await started().run(run, { signal: stop })) as HookOutcome;
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
      await pool?.close();
    },
  };
}
