// Which hooks need a pool at all: the agent's own functions and remote calls run on its thread.
import type { HookDefinition } from '../model/hook-definition.js';

// Function, prompt, agent and mcp_tool hooks run on the agent's thread: an engine with only those starts no pool.
const ON_AGENT_THREAD: ReadonlySet<string> = new Set(['function', 'prompt', 'agent', 'mcp_tool']);

/** True for an enabled hook that runs in the pool (a process, a module, an http request). */
export function needsPool(hook: HookDefinition): boolean {
  return hook.enabled && !ON_AGENT_THREAD.has(hook.handler.kind);
}
