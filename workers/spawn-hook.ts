// The piscina worker entry: one task in, one outcome out, never a thrown error.
import { workerData } from 'node:worker_threads';
import { GroupRegistry } from '../src/run/group-registry.js';
import { failedOutcome, type HookOutcome, type SpawnTask } from '../src/run/outcome.js';
import { runHookProcess } from './run-hook-process.js';

const registry = new GroupRegistry((workerData as { registry: SharedArrayBuffer }).registry);

export default async function spawnHook(task: SpawnTask): Promise<HookOutcome> {
  try {
    return await runHookProcess(task, registry);
  } catch (error) {
    return failedOutcome(task.hookId, 'crashed', `worker error: ${(error as Error).message}`);
  }
}
