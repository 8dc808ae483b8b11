// The piscina worker entry: one task in, one outcome out, never a thrown error.
import { workerData } from 'node:worker_threads';
import { GroupRegistry } from '../src/run/group-registry.js';
import { RUN_ID_VARIABLE } from '../src/run/kill-escapees.js';
import { failedOutcome, type HookOutcome, type SpawnTask } from '../src/run/outcome.js';
import type { SpawnWorkerData } from '../src/run/worker-file.js';
import { isHttpTask, runHttpHook, type HttpTask } from '../src/run/remote/http-task.js';
import { runHookProcess } from './run-hook-process.js';

const { registry: registryBuffer, baseEnvByHook } = workerData as SpawnWorkerData;
const registry = new GroupRegistry(registryBuffer);

export default async function spawnHook(task: SpawnTask | (HttpTask & Pick<SpawnTask, 'slot'>)): Promise<HookOutcome> {
  try {
    if (isHttpTask(task)) return await runHttpHook(task, () => registry.isCancelled(task.slot));
    return await runHookProcess({ ...task, env: { ...baseEnvByHook[task.envKey], ...task.env, [RUN_ID_VARIABLE]: task.runId } }, registry);
  } catch (error) {
    return failedOutcome(task.hookId, 'crashed', `worker error: ${(error as Error).message}`);
  }
}
