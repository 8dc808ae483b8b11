// Where an engine's hooks run: which pool host its `host` option names, and which hooks need a
// pool at all (the agent's own functions and remote calls run on its thread).
import type { HookDefinition } from '../config/model.js';
import { createDirectHost } from '../run/direct-host.js';
import type { PoolHost, PoolHostOptions } from '../run/pool-host.js';
import { createProcessHost } from '../run/process-host.js';
import { createThreadHost } from '../run/thread-host.js';
import type { ResolvedEngineOptions } from './engine-options.js';

// Function, prompt, agent and mcp_tool hooks run on the agent's thread: an engine with only those starts no pool.
const ON_AGENT_THREAD: ReadonlySet<string> = new Set(['function', 'prompt', 'agent', 'mcp_tool']);

const HOSTS = { process: createProcessHost, thread: createThreadHost, direct: createDirectHost } as const;

/** True for an enabled hook that runs in the pool (a process, a module, an http request). */
export function needsPool(hook: HookDefinition): boolean {
  return hook.enabled && !ON_AGENT_THREAD.has(hook.handler.kind);
}

/** Starts the pool host the options name. */
export function startPoolHost(options: ResolvedEngineOptions, host: Omit<PoolHostOptions, 'maxConcurrentHooks' | 'threads' | 'niceness'>): PoolHost {
  const { maxConcurrentHooks, threads, niceness } = options.pool;
  return HOSTS[options.host]({ maxConcurrentHooks, threads, niceness, ...host });
}
