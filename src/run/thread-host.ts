// The pool in the agent's own process: cheapest to start, right for small agents.
import { setTimeout as sleep } from 'node:timers/promises';
import { Piscina } from 'piscina';
import { GroupRegistry } from './group-registry.js';
import { failedOutcome, type HookOutcome } from './outcome.js';
import type { HookTask, PoolHost, PoolHostOptions } from './pool-host.js';
import { signalGroup } from './process-group.js';
import { compiledEntryUrl, type SpawnWorkerData } from './worker-file.js';

export function createThreadHost(options: PoolHostOptions): PoolHost & { readonly pool: Piscina } {
  const registry = new GroupRegistry(options.maxConcurrentHooks);
  const running = new Set<number>();
  const pool = new Piscina({
    filename: compiledEntryUrl('spawn-hook-entry.cjs').href,
    // 'sync' (the default) parks an idle worker in Atomics.wait: its timers freeze and exited
    // children stay zombies until the next task arrives.
    atomics: 'disabled',
    minThreads: options.threads,
    maxThreads: options.threads,
    concurrentTasksPerWorker: Math.ceil(options.maxConcurrentHooks / options.threads),
    idleTimeout: Number.POSITIVE_INFINITY,
    workerData: { registry: registry.buffer, baseEnvByHook: options.baseEnvByHook } satisfies SpawnWorkerData,
  });
  // A worker that dies with no task on it is reported here instead of crashing the agent.
  pool.on('error', (error: Error) => options.onWarning(`worker thread failed: ${error.message}`));

  return {
    pool,
    async run(task: HookTask): Promise<HookOutcome> {
      const slot = registry.claim();
      if (slot < 0) return failedOutcome(task.hookId, 'aborted', 'no free slot: too many hooks running');
      running.add(slot);
      try {
        return (await pool.run({ ...task, slot })) as HookOutcome;
      } catch (error) {
        // The worker thread died (guarantee 6): piscina replaces it; its processes are ours to kill.
        const pgid = registry.groupOf(slot);
        if (pgid > 0) signalGroup(pgid, 'SIGKILL');
        return failedOutcome(task.hookId, 'crashed', `worker thread died: ${(error as Error).message}`);
      } finally {
        running.delete(slot);
        registry.release(slot);
      }
    },
    async abortAll(graceMs: number): Promise<void> {
      const groups = [...running].map((slot) => registry.cancel(slot)).filter((pgid) => pgid > 0);
      for (const pgid of groups) signalGroup(pgid, 'SIGTERM');
      if (groups.length === 0) return;
      await sleep(graceMs);
      for (const pgid of groups) signalGroup(pgid, 'SIGKILL');
    },
    async close(): Promise<void> {
      await pool.close();
    },
  };
}
