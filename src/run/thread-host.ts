// The pool in the agent's own process: cheapest to start, right for small agents. Hooks it is
// running when the process exits, or dies of a signal it has no handler for, are killed on the
// way out (RunningHooks), so `hookpool run` killed by Ctrl-C or a timeout leaves nothing behind.
import { Piscina } from 'piscina';
import type { GroupRegistry } from './group-registry.js';
import { killEscapees } from './kill-escapees.js';
import { createModulePool } from './module-pool.js';
import { failedOutcome, type HookOutcome } from '../model/hook-outcome.js';
import type { HookTask, PoolHost, PoolHostOptions, SlottedTask } from './pool-host.js';
import { signalGroup } from './process-group.js';
import { isRunSlot, RunningHooks } from './running-hooks.js';
import { compiledEntryUrl, type SlotWorkerData } from './worker-file.js';

/**
 * Runs every spawn task (and http request) on the calling thread, and no worker pool is started
 * for them: for the sandbox process, whose main thread does nothing else. A spawn blocks the
 * thread that calls it for the fork, but forks from one process are serial in the kernel anyway,
 * and every worker thread's heap makes each fork copy more page tables (measured on 2 cores:
 * 8 background hooks at once ran at ~65/s with two workers, ~85/s with none: bench background-throughput).
 */
export type RunOnThisThread = (task: SlottedTask, registry: GroupRegistry) => Promise<HookOutcome>;

export function createThreadHost(options: PoolHostOptions, runOnThisThread?: RunOnThisThread): PoolHost & { readonly pool: Piscina | undefined } {
  const hooks = new RunningHooks(options.maxConcurrentHooks);
  const { registry } = hooks;
  const pool = runOnThisThread === undefined ? startSlotPool(options, registry) : undefined;
  const modules = createModulePool({ threads: options.threads, baseEnvByHook: options.baseEnvByHook, prestart: options.moduleRealms });

  return {
    pool,
    async run(task: HookTask): Promise<HookOutcome> {
      if (task.kind === 'module') return modules.run(task);
      const claimed = hooks.claim(task.hookId);
      if (!isRunSlot(claimed)) return claimed;
      const { slot, runId } = claimed;
      try {
        // Not `{ ...task, slot, runId }`: on Node 20 a spread with more properties takes V8's slow
        // path, measured at 4-6 µs per hook here; Object.assign costs a tenth of that.
        const slotted: SlottedTask = Object.assign({}, task, { slot, runId });
        return pool === undefined ? await runOnThisThread!(slotted, registry) : ((await pool.run(slotted)) as HookOutcome);
      } catch (error) {
        // A worker thread died (guarantee 6; piscina replaces it), or the runner on this thread
        // threw: either way the hook settles as a crash and its processes are ours to kill.
        const pgid = registry.groupOf(slot);
        if (pgid > 0) signalGroup(pgid, 'SIGKILL');
        killEscapees([{ leaderPid: pgid, runId }]);
        const where = pool === undefined ? 'the hook runner failed' : 'worker thread died';
        return failedOutcome(task.hookId, 'crashed', `${where}: ${(error as Error).message}`);
      } finally {
        claimed.release();
      }
    },
    async abortAll(graceMs: number): Promise<void> {
      modules.abortAll('the engine closed before the hook answered');
      await hooks.abortAll(graceMs);
    },
    async close(): Promise<void> {
      try {
        await Promise.all([pool?.close(), modules.close()]);
      } finally {
        hooks.dispose();
      }
    },
  };
}

/** The worker threads that spawn hook processes, each holding slots of the shared registry. */
function startSlotPool(options: PoolHostOptions, registry: GroupRegistry): Piscina {
  const pool = new Piscina({
    filename: compiledEntryUrl('slot-worker-entry.cjs').href,
    // 'sync' (the default) parks an idle worker in Atomics.wait: its timers freeze and exited
    // children stay zombies until the next task arrives.
    atomics: 'disabled',
    minThreads: options.threads,
    maxThreads: options.threads,
    concurrentTasksPerWorker: Math.ceil(options.maxConcurrentHooks / options.threads),
    idleTimeout: Number.POSITIVE_INFINITY,
    // Its run-time and wait-time histograms cost every task a few clock reads; nothing reads them.
    recordTiming: false,
    workerData: { registry: registry.buffer, baseEnvByHook: options.baseEnvByHook } satisfies SlotWorkerData,
  });
  // A worker that dies with no task on it is reported here instead of crashing the agent.
  pool.on('error', (error: Error) => options.onWarning(`worker thread failed: ${error.message}`));
  return pool;
}
