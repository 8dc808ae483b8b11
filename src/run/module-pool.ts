// The pool that runs in-worker hooks (`type: "module"`, built-ins): its own piscina pool, apart
// from the spawn workers, with one task per worker, so that stopping a hook that never answers
// (or spins) by terminating its worker touches no other hook and none of the spawn workers'
// process bookkeeping. piscina replaces a terminated worker. Started on the first module hook.
// Processes a module starts inherit its run's HOOKPOOL_RUN_ID: when the module is stopped (timed
// out, aborted) or its worker dies, they are found by it and killed.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Piscina } from 'piscina';
import { killEscapees } from './kill-escapees.js';
import type { ModuleRun, ModuleTask } from './module-task.js';
import { failedOutcome, type HookOutcome } from './outcome.js';
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

export function createModulePool(options: ModulePoolOptions): ModulePool {
  let pool: Piscina | undefined;
  const poolId = randomUUID();
  let runs = 0;
  const running = new Set<AbortController>();
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
      const controller = new AbortController();
      const startedAt = performance.now();
      const timer = setTimeout(() => controller.abort(TIMED_OUT), task.timeoutMs);
      running.add(controller);
      const runId = `${poolId}.${++runs}`;
      try {
        return (await started().run({ ...task, runId } satisfies ModuleRun, { signal: controller.signal })) as HookOutcome;
      } catch (error) {
        const durationMs = performance.now() - startedAt;
        killEscapees([{ leaderPid: 0, runId }]);
        if (controller.signal.reason === TIMED_OUT) return failedOutcome(task.hookId, 'timed_out', `no answer within ${task.timeoutMs} ms: its worker was terminated`, durationMs);
        if (controller.signal.aborted) return failedOutcome(task.hookId, 'aborted', String(controller.signal.reason), durationMs);
        return failedOutcome(task.hookId, 'crashed', `its worker died: ${(error as Error).message}`, durationMs);
      } finally {
        clearTimeout(timer);
        running.delete(controller);
      }
    },
    abortAll(reason: string): void {
      for (const controller of running) controller.abort(reason);
    },
    async close(): Promise<void> {
      await pool?.close();
    },
  };
}
