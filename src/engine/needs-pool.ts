// Which hooks need a pool at all: the agent's own functions and remote calls run on its thread.
import { HANDLER_KIND_SPECS } from '../handlers/handler-kinds.js';
import type { HookDefinition } from '../model/hook-definition.js';

/** True for an enabled hook that runs in the pool (a process, a module, an http request). */
export function needsPool(hook: HookDefinition): boolean {
  return hook.enabled && !HANDLER_KIND_SPECS[hook.handler.kind].onAgentThread;
}
