// The file piscina loads in each module worker: CommonJS loading the ES module worker with
// import(), for the reason given in slot-worker-entry.cts (a worker terminated mid-load must not
// abort the process, and module workers are terminated on purpose when a hook times out).
import type { ModuleRun } from '../src/run/module-task.js';
import type { HookOutcome } from '../src/model/hook-outcome.js';

const loading = import('./module-hook.js');

export = async function moduleHookEntry(task: ModuleRun): Promise<HookOutcome> {
  return (await loading).default(task);
};
