// The file piscina loads in each worker thread. piscina tries require() first; on the ES module
// worker that is Node 20's require(esm), which aborts the whole process when the worker thread
// is terminated mid-load (seen: an engine closed right after it was created). Loading the
// worker with import() from this CommonJS entry keeps that load asynchronous, and safe to stop.
import type { HookOutcome } from '../src/model/hook-outcome.js';
import type { SlottedTask } from '../src/run/pool-host.js';

const loading = import('./slot-worker.js');

export = async function slotWorkerEntry(task: SlottedTask): Promise<HookOutcome> {
  return (await loading).default(task);
};
