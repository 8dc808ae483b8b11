// Every handler kind, by the name `type` gives it: the one place that maps a kind to what it is
// (each kind's facts are in its own file beside this one).
import type { HandlerKind, HookHandler } from '../model/hook-handler.js';
import type { RemoteKind } from '../model/remote-handler.js';
import { AGENT_KIND } from './agent.js';
import { COMMAND_KIND } from './command.js';
import { FUNCTION_KIND } from './function.js';
import type { HandlerKindSpec, HookWords } from './handler-kind.js';
import { HTTP_KIND } from './http.js';
import { MCP_TOOL_KIND } from './mcp-tool.js';
import { MODULE_KIND } from './module.js';
import { PROMPT_KIND } from './prompt.js';

/** The handler type of kind K (EvaluatedHandler for both `prompt` and `agent`). */
type HandlerOf<K extends HandlerKind> = HookHandler extends infer H ? (H extends { readonly kind: infer Of } ? (K extends Of ? H : never) : never) : never;

export const HANDLER_KIND_SPECS = {
  command: COMMAND_KIND,
  module: MODULE_KIND,
  function: FUNCTION_KIND,
  http: HTTP_KIND,
  prompt: PROMPT_KIND,
  agent: AGENT_KIND,
  mcp_tool: MCP_TOOL_KIND,
} as const satisfies { readonly [K in HandlerKind]: HandlerKindSpec<HandlerOf<K>> };

/** The spec of a handler's kind, typed for that handler. */
export function kindOf<H extends HookHandler>(handler: H): HandlerKindSpec<H> {
  return HANDLER_KIND_SPECS[handler.kind] as unknown as HandlerKindSpec<H>;
}

/** What a hook runs, as one line: `command` as written, `args` joined, a module's `path#export`, what a remote hook calls. */
export function describeHandler(handler: HookHandler, hook: HookWords): string {
  return kindOf(handler).describe(handler, hook);
}

/** Whether `kind` names a request or call rather than a process or JavaScript (http, prompt, agent, mcp_tool). */
export function isRemoteKind(kind: string): kind is RemoteKind {
  return Object.hasOwn(HANDLER_KIND_SPECS, kind) && HANDLER_KIND_SPECS[kind as HandlerKind].remote;
}

/** The timeout a hook of `kind` gets when its entry gives none, or undefined to keep the command default. */
export function defaultTimeoutMsOf(kind: string): number | undefined {
  return Object.hasOwn(HANDLER_KIND_SPECS, kind) ? HANDLER_KIND_SPECS[kind as HandlerKind].defaultTimeoutMs : undefined;
}
