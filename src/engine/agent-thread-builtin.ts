// A built-in that runs on the agent's thread instead of in a pool worker (AGENT_THREAD_BUILTINS
// in src/builtins/builtin-modules.ts): it may ask the engine's prompt evaluator, a function of the agent's that
// cannot cross into a worker. It is hookpool's own code and only waits on the processes it starts
// and on the evaluator, so the thread stays free. It runs as a call task (src/run/remote/
// call-host.ts): bounded by its timeout, aborted at close, its answer read as an in-worker hook's.
import type { HookDefinition } from '../model/hook-definition.js';
import type { ModuleHandler } from '../model/hook-handler.js';
import type { InWorkerHook } from '../run/in-worker-hook.js';
import type { BuiltinModuleLoader } from '../builtins/builtin-modules.js';
import type { CallTask } from '../run/remote/call-task.js';
import type { HookEvaluators } from '../run/remote/evaluator.js';
import { answerAsStdout } from './function-hook.js';

/** What one run of such a built-in gets besides its input. */
export interface AgentThreadRun {
  /** Loads the built-in's module. */
  readonly load: BuiltinModuleLoader;
  readonly cwd: string;
  readonly projectDir: string;
  /** The hook's whole environment: its fixed one, this fire's variables, the run's own. */
  readonly env: Record<string, string>;
  /** The hook input as its protocol writes it on stdin. */
  readonly stdin: string;
  readonly evaluators: HookEvaluators;
}

/** The call task of one run of a built-in on the agent's thread. */
export function agentThreadBuiltinTask(hook: HookDefinition, handler: ModuleHandler, run: AgentThreadRun): CallTask {
  return {
    kind: 'call',
    hookId: hook.id,
    timeoutMs: hook.timeoutMs,
    maxOutputBytes: hook.maxOutputBytes,
    async call(signal) {
      const builtin = (await run.load())[handler.exportName] as InWorkerHook;
      const input = JSON.parse(run.stdin) as Record<string, unknown>;
      const ask = run.evaluators.prompt;
      const evaluate = ask === undefined ? undefined : async (prompt: string) =>
        ask({ kind: 'prompt', prompt, model: undefined, expects: 'text', event: hook.event, hookId: hook.id, input, agentConfig: undefined, timeoutMs: hook.timeoutMs, signal });
      const context = { event: hook.event, hookId: hook.id, cwd: run.cwd, projectDir: run.projectDir, env: run.env, options: handler.options, signal, ...(evaluate === undefined ? {} : { evaluate }) };
      return answerAsStdout(await builtin(input, context));
    },
  };
}
