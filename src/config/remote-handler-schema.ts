// The native schema's fields of the remote kinds (model/remote-handler.ts): their zod shape, the check
// of which fields each kind needs, and the handler they make.
import { z } from 'zod';
import { envNameSchema } from './field-schemas.js';
import { HANDLER_KIND_SPECS, isRemoteKind } from '../handlers/handler-kinds.js';
import { REMOTE_KINDS, type RemoteHandler, type RemoteKind } from '../model/remote-handler.js';

const text = z.string().min(1, 'expected a non-empty string');

const httpUrlSchema = z.string({ error: 'expected an http:// or https:// URL' }).refine((value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'expected an http:// or https:// URL');

/** The native schema's fields of these kinds (spread into nativeHookSchema). */
export const remoteHandlerShape = {
  url: httpUrlSchema.optional().describe('type http: where the hook input is POSTed as JSON (from a pool worker); a 2xx body is read as the hook\'s JSON output'),
  headers: z.record(z.string(), z.string()).optional().describe('type http: request headers; $VAR and ${VAR} are filled from the environment only for names in allowedEnvVars'),
  allowedEnvVars: z.array(envNameSchema).optional().describe('type http: the variables headers may use'),
  prompt: text.optional().describe('type prompt or agent: $ARGUMENTS is the hook input JSON (appended when absent), {{metadata.x}} a field of it'),
  model: text.optional().describe('type prompt or agent: the model the evaluator asks'),
  agentConfig: z.record(z.string(), z.unknown()).optional().describe('type agent: handed to the agent evaluator as it is (Wundr)'),
  server: text.optional().describe('type mcp_tool: the MCP server'),
  tool: text.optional().describe('type mcp_tool: the tool to call'),
  input: z.record(z.string(), z.unknown()).optional().describe('type mcp_tool: the tool\'s arguments; ${path} in a string value is a field of the hook input'),
};

type ParsedRemote = z.output<z.ZodObject<typeof remoteHandlerShape>>;

// Which fields each kind needs and which it may have: each kind's own (src/handlers/).
const FIELDS = (kind: RemoteKind): { readonly required: readonly (keyof ParsedRemote)[]; readonly optional: readonly (keyof ParsedRemote)[] } => HANDLER_KIND_SPECS[kind].fields;

/** Checks that a hook of `kind` (any kind) has exactly the fields of these kinds it needs, for the native schema's refinement. */
export function checkRemoteFields(hook: ParsedRemote, kind: string, ctx: z.RefinementCtx): void {
  const own = isRemoteKind(kind) ? FIELDS(kind) : { required: [], optional: [] };
  for (const field of own.required) {
    if (hook[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `a "${kind}" hook needs "${field}"` });
  }
  for (const field of Object.keys(remoteHandlerShape) as (keyof ParsedRemote)[]) {
    if (hook[field] === undefined || own.required.includes(field) || own.optional.includes(field)) continue;
    const users = REMOTE_KINDS.filter((other) => FIELDS(other).required.includes(field) || FIELDS(other).optional.includes(field));
    ctx.addIssue({ code: 'custom', path: [field], message: `only used with "type": ${users.map((user) => `"${user}"`).join(' or ')}` });
  }
}

/** The handler of a parsed native hook of a remote kind. */
export function remoteHandlerOf(hook: ParsedRemote, kind: RemoteKind): RemoteHandler {
  if (kind === 'http') return { kind, url: hook.url!, headers: hook.headers ?? {}, allowedEnvVars: hook.allowedEnvVars ?? [] };
  if (kind === 'mcp_tool') return { kind, server: hook.server!, tool: hook.tool!, input: hook.input ?? {} };
  return { kind, prompt: hook.prompt!, model: hook.model, agentConfig: hook.agentConfig };
}
