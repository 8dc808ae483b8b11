// The piscina worker entry: one task in, one outcome out, never a thrown error.
import { workerData } from 'node:worker_threads';
import { GroupRegistry } from '../src/run/group-registry.js';
import type { HookOutcome } from '../src/model/hook-outcome.js';
import type { SlotWorkerData } from '../src/run/worker-file.js';
import type { SlottedTask } from '../src/run/pool-host.js';
import { runSlottedTask } from './run-slotted-task.js';

const { registry: registryBuffer, baseEnvByHook } = workerData as SlotWorkerData;
const registry = new GroupRegistry(registryBuffer);

export default function slotWorker(task: SlottedTask): Promise<HookOutcome> {
  return runSlottedTask(task, baseEnvByHook[task.envKey], registry);
}
