// The pool in the agent's own process: cheapest to start, right for small agents. Hooks it is
// running when the process exits, or dies of a signal it has no handler for, are killed on the
// way out (signal-exit), so `hookpool run` killed by Ctrl-C or a timeout leaves nothing behind.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Piscina } from 'piscina';
import { onExit } from 'signal-exit';
import { GroupRegistry } from './group-registry.js';
import { killEscapees, type HookRun } from './kill-escapees.js';
import { createModulePool } from './module-pool.js';
import { failedOutcome, type HookOutcome } from './outcome.js';
import type { HookTask, PoolHost, PoolHostOptions, SlottedTask } from './pool-host.js';
import { signalGroup, terminateGroupsSync } from './process-group.js';
import { compiledEntryUrl, type SpawnWorkerData } from './worker-file.js';

// On exit: SIGTERM, then SIGKILL after this long (the process waits, blocked, that long at most).
const EXIT_KILL_GRACE_MS = 100;

/**
 * Runs a spawn task on the calling thread instead of in a pool worker: for the sandbox process,
 * whose main thread does nothing else, this saves a thread round trip per hook. One hook at a
 * time: the others of a burst go to the workers, whose spawns run in parallel.
 */
export type RunOnThisThread = (task: SlottedTask, registry: GroupRegistry) => Promise<HookOutcome>;

export function createThreadHost(options: PoolHostOptions, runOnThisThread?: RunOnThisThread): PoolHost & { readonly pool: Piscina } {
  const registry = new GroupRegistry(options.maxConcurrentHooks);
  // Running slots and their run ids, unique to this host (`<host>.<n>`).
  const running = new Map<number, string>();
  const hostId = randomUUID();
  let runs = 0;
  let runningOnThisThread = 0;
  const pool = new Piscina({
    filename: compiledEntryUrl('spawn-hook-entry.cjs').href,
    // 'sync' (the default) parks an idle worker in Atomics.wait: its timers freeze and exited
    // children stay zombies until the next task arrives.
    atomics: 'disabled',
    minThreads: options.threads,
    maxThreads: options.threads,
    concurrentTasksPerWorker: Math.ceil(options.maxConcurrentHooks / options.threads),
    idleTimeout: Number.POSITIVE_INFINITY,
    // Its run-time and wait-time histograms cost every task a few clock reads; nothing reads them.
    recordTiming: false,
    workerData: { registry: registry.buffer, baseEnvByHook: options.baseEnvByHook } satisfies SpawnWorkerData,
  });
  // A worker that dies with no task on it is reported here instead of crashing the agent.
  pool.on('error', (error: Error) => options.onWarning(`worker thread failed: ${error.message}`));
  const modules = createModulePool({ threads: options.threads, baseEnvByHook: options.baseEnvByHook });

  /** The running hooks, each marked cancelled so that a worker about to spawn one kills it instead. */
  const cancelRunning = (): HookRun[] => [...running].map(([slot, runId]) => ({ leaderPid: registry.cancel(slot), runId }));

  // Synchronous: on exit the event loop is gone. Nothing to do (the normal path) costs one size check.
  const removeExitHook = onExit(() => {
    if (running.size === 0) return;
    const runsLeft = cancelRunning();
    terminateGroupsSync(runsLeft.map((run) => run.leaderPid).filter((pgid) => pgid > 0), EXIT_KILL_GRACE_MS);
    killEscapees(runsLeft);
  });

  return {
    pool,
    async run(task: HookTask): Promise<HookOutcome> {
      if (task.kind === 'module') return modules.run(task);
      const slot = registry.claim();
      if (slot < 0) return failedOutcome(task.hookId, 'aborted', 'no free slot: too many hooks running');
      const runId = `${hostId}.${++runs}`;
      running.set(slot, runId);
      try {
        const slotted: SlottedTask = { ...task, slot, runId };
        if (runOnThisThread === undefined || runningOnThisThread > 0) return (await pool.run(slotted)) as HookOutcome;
        runningOnThisThread++;
        try {
          return await runOnThisThread(slotted, registry);
        } finally {
          runningOnThisThread--;
        }
      } catch (error) {
        // The worker thread died (guarantee 6): piscina replaces it; its processes are ours to kill.
        const pgid = registry.groupOf(slot);
        if (pgid > 0) signalGroup(pgid, 'SIGKILL');
        killEscapees([{ leaderPid: pgid, runId }]);
        return failedOutcome(task.hookId, 'crashed', `worker thread died: ${(error as Error).message}`);
      } finally {
        running.delete(slot);
        registry.release(slot);
      }
    },
    async abortAll(graceMs: number): Promise<void> {
      modules.abortAll('the engine closed before the hook answered');
      const started = cancelRunning().filter((run) => run.leaderPid > 0);
      for (const run of started) signalGroup(run.leaderPid, 'SIGTERM');
      if (started.length === 0) return;
      await sleep(graceMs);
      for (const run of started) signalGroup(run.leaderPid, 'SIGKILL');
      // Here too, not only when each run settles: the sandbox exits right after an abort.
      killEscapees(started);
    },
    async close(): Promise<void> {
      try {
        await Promise.all([pool.close(), modules.close()]);
      } finally {
        removeExitHook();
      }
    },
  };
}
