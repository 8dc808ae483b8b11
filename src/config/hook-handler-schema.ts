// The native schema's fields for the handler kinds (model/hook-handler.ts): `type` and a module's or a
// function's fields, the check that an entry's fields fit its kind, and the handler it makes.
import { dirname } from 'node:path';
import { z } from 'zod';
import { COMMAND_HANDLER, HANDLER_KINDS, HOOK_ORIGINS, type FunctionHook, type HookHandler } from '../model/hook-handler.js';
import { isRemoteKind } from '../handlers/handler-kinds.js';
import { checkRemoteFields, remoteHandlerOf, remoteHandlerShape } from './remote-handler-schema.js';

const isFunction = (value: unknown): value is FunctionHook => typeof value === 'function';

/** The native schema's fields for them (spread into nativeHookSchema). */
export const handlerKindShape = {
  type: z.enum(HANDLER_KINDS).default('command')
    .describe('command: a process (command or args); module: an export of a JavaScript module run inside the pool\'s workers; function: a callback given to engine.register(); http: a POST to url; prompt, agent: the evaluators given to createHookEngine; mcp_tool: a tool of an MCP server'),
  module: z.string().min(1).optional().describe('type module: the module file, relative to this configuration file\'s folder'),
  export: z.string().min(1).default('default').describe('type module: the export to call'),
  options: z.record(z.string(), z.unknown()).optional().describe('type module: handed to the hook as context.options'),
  handler: z.custom<FunctionHook>(isFunction, { message: 'expected a function (input, context) => answer' }).optional()
    .describe('type function: the callback (engine.register() only)'),
  origin: z.enum(HOOK_ORIGINS).default('config').describe('where the hook came from: builtin, config, plugin or api (set by hookpool)'),
  ...remoteHandlerShape,
};

type ParsedKind = z.output<z.ZodObject<typeof handlerKindShape>>;

// Fields that only a process has, as set away from their defaults: meaningless for a module or a function.
const processOnlyFields = (hook: Record<string, unknown>): string[] => [
  ...(['command', 'args', 'sandbox'] as const).filter((field) => hook[field] !== undefined),
  ...(hook.template === true ? ['template'] : []),
  ...(hook.killDescendants === false ? ['killDescendants'] : []),
];

/** Checks that the entry's fields fit its kind, for the native schema's refinement. */
export function checkHandlerKind(hook: ParsedKind & Record<string, unknown>, ctx: z.RefinementCtx): void {
  checkRemoteFields(hook, hook.type, ctx);
  if (hook.type === 'command') {
    if ((hook.command === undefined) === (hook.args === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['command'], message: 'give exactly one of "command" (run by sh -c) or "args" (an argv array)' });
    }
    for (const field of ['module', 'options', 'handler'] as const) {
      if (hook[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: `only used with "type": "${field === 'handler' ? 'function' : 'module'}"` });
    }
    return;
  }
  for (const field of processOnlyFields(hook)) ctx.addIssue({ code: 'custom', path: [field], message: `has no effect on a "${hook.type}" hook, which runs no process (remove it)` });
  if (isRemoteKind(hook.type)) {
    for (const field of ['module', 'options', 'handler'] as const) {
      if (hook[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: `only used with "type": "${field === 'handler' ? 'function' : 'module'}"` });
    }
    return;
  }
  if (hook.type === 'module') {
    if (hook.module === undefined) ctx.addIssue({ code: 'custom', path: ['module'], message: 'a "module" hook needs "module": the path of its JavaScript file' });
    if (hook.handler !== undefined) ctx.addIssue({ code: 'custom', path: ['handler'], message: 'only used with "type": "function"' });
    return;
  }
  if (hook.handler === undefined) ctx.addIssue({ code: 'custom', path: ['handler'], message: 'a "function" hook needs "handler": a function, given to engine.register() (a JSON file cannot hold one)' });
  if (hook.module !== undefined || hook.options !== undefined) ctx.addIssue({ code: 'custom', path: [hook.module !== undefined ? 'module' : 'options'], message: 'only used with "type": "module"' });
}

/** The model's handler from a parsed entry; `configFile` is the file that named it, if any. */
export function handlerOf(hook: ParsedKind, configFile: string | undefined): HookHandler {
  if (hook.type === 'module') {
    return { kind: 'module', module: hook.module!, baseDir: configFile === undefined ? undefined : dirname(configFile), exportName: hook.export, options: hook.options ?? {} };
  }
  if (hook.type === 'function') return { kind: 'function', run: hook.handler! };
  if (isRemoteKind(hook.type)) return remoteHandlerOf(hook, hook.type);
  return COMMAND_HANDLER;
}

