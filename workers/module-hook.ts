// The module worker: imports an in-worker hook (once per worker), calls it with the hook input
// and its context, and returns its answer as the JSON stdout of a command hook that exited 0.
// Never throws: a load error, a throw and an answer that is not JSON are outcomes. Before the
// module loads and before every run, `process.env` is the running hook's environment, exactly
// what a command hook would get (module-pool.ts says which hooks share a worker).
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';
import type { InWorkerHook, InWorkerHookContext } from '../src/run/in-worker-hook.js';
import type { ModuleRun, ModuleTask } from '../src/run/module-task.js';
import { answerOutcome, errorLine } from '../src/run/in-worker-answer.js';
import { failedOutcome, type HookOutcome } from '../src/model/hook-outcome.js';
import { startStopwatch } from '../src/run/stopwatch.js';
import type { ModuleWorkerData } from '../src/run/worker-file.js';
import { trustedScriptsProblem } from '../src/trust/verify-trusted-scripts.js';
import { ProcessEnv } from './process-env.js';

const { baseEnvByHook } = workerData as ModuleWorkerData;
// import() caches the module; this caches the lookup of the export, and a failed load too.
const loaded = new Map<string, Promise<InWorkerHook>>();
const processEnv = new ProcessEnv();

export default async function runModuleHook(task: ModuleRun): Promise<HookOutcome> {
  const elapsed = startStopwatch();
  // One task per worker at a time: what the module sees and spawns now is this run's.
  const baseEnv = baseEnvByHook[task.envKey];
  processEnv.apply(baseEnv, task.env, task.runId);
  let hook: InWorkerHook;
  try {
    hook = await loadHook(task);
  } catch (error) {
    return failedOutcome(task.hookId, 'spawn_failed', (error as Error).message, elapsed());
  }
  const { context, finish } = createContext(task, baseEnv);
  try {
    const input = JSON.parse(task.stdin) as Record<string, unknown>;
    const answer = await hook(input, context);
    return answerOutcome(task.hookId, answer, elapsed(), task.maxOutputBytes);
  } catch (error) {
    return failedOutcome(task.hookId, 'crashed', `threw: ${errorLine(error)}`, elapsed());
  } finally {
    // The answer is in (or the hook failed): whatever it still does is no longer wanted.
    finish();
  }
}

/*
 * The environment and the abort signal are made when the hook first reads them: most hooks read
 * neither, and on Node 20 they cost more than the rest of the run (measured per hook: merging
 * the base environment ~20 µs as a spread, ~3 µs with Object.assign; an AbortController ~4 µs,
 * aborting it ~9 µs). A signal first read after the run finished is already aborted.
 */
function createContext(task: ModuleRun, baseEnv: Readonly<Record<string, string>> | undefined): { context: InWorkerHookContext; finish: () => void } {
  let env: Record<string, string> | undefined;
  let controller: AbortController | undefined;
  let finished = false;
  const context: InWorkerHookContext = {
    event: task.event,
    hookId: task.hookId,
    cwd: task.cwd,
    projectDir: task.projectDir,
    options: task.options,
    get env() {
      return (env ??= Object.assign({}, baseEnv, task.env));
    },
    get signal() {
      if (controller === undefined) {
        controller = new AbortController();
        if (finished) controller.abort();
      }
      return controller.signal;
    },
  };
  const finish = () => {
    finished = true;
    controller?.abort();
  };
  return { context, finish };
}

function loadHook(task: ModuleTask): Promise<InWorkerHook> {
  const key = `${task.moduleUrl}#${task.exportName}`;
  let hook = loaded.get(key);
  if (hook === undefined) loaded.set(key, (hook = importHook(task)));
  return hook;
}

async function importHook({ moduleUrl, exportName, trustedScripts, cwd }: ModuleTask): Promise<InWorkerHook> {
  const file = fileURLToPath(moduleUrl);
  // A module of a trusted project file is imported only with the content the user approved.
  const changed = trustedScripts === undefined ? null : trustedScriptsProblem(trustedScripts, cwd);
  if (changed !== null) throw new Error(changed);
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(moduleUrl)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`cannot load module ${file}: ${errorLine(error)}`);
  }
  const hook = namespace[exportName];
  if (typeof hook !== 'function') {
    const found = hook === undefined ? 'has no such export' : `exports a ${typeof hook}, not a function`;
    throw new Error(`module ${file}: "${exportName}" ${found}`);
  }
  return hook as InWorkerHook;
}
