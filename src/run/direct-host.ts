// No pool at all: each hook is spawned from the calling thread by the very module the workers
// run (workers/run-slotted-task.ts), with the same timeouts, caps and process-group kills. For a
// one-shot command (`hookpool run`), which would otherwise boot a worker thread to run one or two
// hooks; an agent's engine keeps its main thread free with the thread or process host. Hooks
// still running when the process exits or dies of a signal are killed on the way out. Module hooks
// still go to their own pool (loaded and started on the first one: piscina is not loaded before):
// only a worker can be stopped mid-call. A resident caller (`hookpool serve`) keeps spare hook
// processes for the hooks it fires often, as the sandbox does (workers/spare-hook-processes.ts).
import { SpareHookProcesses } from '../../workers/spare-hook-processes.js';
import { runSlottedTask } from '../../workers/run-slotted-task.js';
import type { ModulePool } from './module-pool.js';
import { failedOutcome, type HookOutcome } from '../model/hook-outcome.js';
import type { HookTask, PoolHost, PoolHostOptions } from './pool-host.js';
import { isRunSlot, RunningHooks } from './running-hooks.js';

export function createDirectHost(options: PoolHostOptions): PoolHost {
  const hooks = new RunningHooks(options.maxConcurrentHooks);
  const inFlight = new Set<Promise<HookOutcome>>();
  const spares = new SpareHookProcesses(options.spareProcesses ?? 0);
  // Undefined until a module hook needs it, and again if it could not be loaded (tried anew next time).
  let modules: Promise<ModulePool | undefined> | undefined;
  const modulePool = () =>
    (modules ??= import('./module-pool.js').then(
      ({ createModulePool }) => createModulePool({ threads: options.threads, baseEnvByHook: options.baseEnvByHook }),
      () => (modules = undefined),
    ));

  async function runOne(task: HookTask): Promise<HookOutcome> {
    if (task.kind === 'module') {
      // A host never rejects: a pool that cannot load is the hook's failure (a guard then refuses).
      const pool = await modulePool();
      return pool === undefined ? failedOutcome(task.hookId, 'crashed', "the module hooks' worker pool could not be loaded (is hookpool's install complete?)") : pool.run(task);
    }
    const claimed = hooks.claim(task.hookId);
    if (!isRunSlot(claimed)) return claimed;
    try {
      return await runSlottedTask({ ...task, slot: claimed.slot, runId: claimed.runId }, options.baseEnvByHook[task.envKey], hooks.registry, spares);
    } finally {
      claimed.release();
    }
  }

  return {
    run(task: HookTask): Promise<HookOutcome> {
      const outcome = runOne(task);
      inFlight.add(outcome);
      void outcome.finally(() => inFlight.delete(outcome));
      return outcome;
    },
    async abortAll(graceMs: number): Promise<void> {
      (await modules)?.abortAll('the engine closed before the hook answered');
      await hooks.abortAll(graceMs);
    },
    // The engine closes once its fires settled (or were aborted); a run still going is awaited.
    async close(): Promise<void> {
      spares.close();
      await Promise.all(inFlight);
      await (await modules)?.close();
      hooks.dispose();
    },
  };
}
