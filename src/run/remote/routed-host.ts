// One host for every task kind: process and http tasks go to the pool (created when the first
// one arrives, or at once when `warm`), call tasks (prompt, agent, mcp_tool) to the agent's
// thread. Closing stops both.
import type { HookOutcome } from '../outcome.js';
import type { HookTask, PoolHost } from '../pool-host.js';
import { createCallHost } from './call-host.js';
import { isCallTask, type CallTask } from './call-task.js';

/** A task of any kind: what the dispatcher hands on. */
export type AnyHookTask = HookTask | CallTask;

export interface RoutedHost {
  run(task: AnyHookTask): Promise<HookOutcome>;
  abortAll(graceMs: number): Promise<void>;
  close(): Promise<void>;
}

export function createRoutedHost(createPool: () => PoolHost, options: { readonly warm: boolean }): RoutedHost {
  const calls = createCallHost();
  let pool: PoolHost | undefined;
  const poolHost = () => (pool ??= createPool());
  if (options.warm) poolHost();
  return {
    run: (task) => (isCallTask(task) ? calls.run(task) : poolHost().run(task)),
    async abortAll(graceMs) {
      calls.abortAll('the engine closed while the hook ran');
      await pool?.abortAll(graceMs);
    },
    async close() {
      calls.abortAll('the engine closed while the hook ran');
      await pool?.close();
    },
  };
}
