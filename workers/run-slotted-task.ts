// One spawn task (or http hook, which takes a slot the same way) to its outcome on whichever
// thread calls it: a pool worker (slot-worker.ts) or the sandbox process's main thread, which has
// nothing else to do (see sandbox-process.ts) and keeps the spare hook processes.
import type { GroupRegistry } from '../src/run/group-registry.js';
import { RUN_ID_VARIABLE } from '../src/run/kill-escapees.js';
import { failedOutcome, type HookOutcome } from '../src/model/hook-outcome.js';
import { isHttpTask, type SlottedTask } from '../src/run/pool-host.js';
import { runHookProcess } from './run-hook-process.js';
import type { SpareHookProcesses } from './spare-hook-processes.js';

/** Runs the task (a process: with its hook's base environment under the fire's variables); never rejects. */
export async function runSlottedTask(task: SlottedTask, baseEnv: Readonly<Record<string, string>> | undefined, registry: GroupRegistry, spares?: SpareHookProcesses): Promise<HookOutcome> {
  try {
    // node:http and node:https load with the first http hook: most runs spawn processes only.
    if (isHttpTask(task)) return await (await import('../src/run/remote/http-task.js')).runHttpHook(task, () => registry.isCancelled(task.slot));
    // Object.assign, not spreads: on Node 20 spreading the whole base environment costs ~20 µs per hook, this ~3.
    const overlay = Object.assign({}, task.env, { [RUN_ID_VARIABLE]: task.runId });
    const env = Object.assign({}, baseEnv, overlay);
    const spawnTask = Object.assign({}, task, { env });
    if (spares === undefined) return await runHookProcess(spawnTask, registry);
    try {
      return await runHookProcess(spawnTask, registry, (_, argv) => spares.take({ task: spawnTask, argv, baseEnv, overlay }));
    } finally {
      spares.refill({ task: spawnTask, argv: spawnTask.argv, baseEnv, overlay });
    }
  } catch (error) {
    return failedOutcome(task.hookId, 'crashed', `worker error: ${(error as Error).message}`);
  }
}
