// One spawn task to its outcome on whichever thread calls it: a pool worker (spawn-hook.ts) or
// the sandbox process's main thread, which has nothing else to do (see sandbox-process.ts).
import type { GroupRegistry } from '../src/run/group-registry.js';
import { RUN_ID_VARIABLE } from '../src/run/kill-escapees.js';
import { failedOutcome, type HookOutcome, type SpawnTask } from '../src/run/outcome.js';
import { runHookProcess } from './run-hook-process.js';

/** Runs the task with its hook's base environment under the fire's variables; never rejects. */
export async function runSpawnTask(task: SpawnTask, baseEnv: Readonly<Record<string, string>> | undefined, registry: GroupRegistry): Promise<HookOutcome> {
  try {
    return await runHookProcess({ ...task, env: { ...baseEnv, ...task.env, [RUN_ID_VARIABLE]: task.runId } }, registry);
  } catch (error) {
    return failedOutcome(task.hookId, 'crashed', `worker error: ${(error as Error).message}`);
  }
}
