// The handler kinds that are not a process nor JavaScript: `http` (a POST to a URL, run in the
// pool's workers), `prompt` and `agent` (an evaluator the agent injects, e.g. an LLM call) and
// `mcp_tool` (a tool of an MCP server, through a caller the agent injects). Their native fields
// are Claude Code's own names (hooks reference, "Hook handler fields"). Kept apart from
// hook-handler.ts, which only adds them to its kinds.
import { z } from 'zod';
import { envNameSchema } from './field-schemas.js';

/** The kinds this file defines, as `type` names them. */
export const REMOTE_KINDS = ['http', 'prompt', 'agent', 'mcp_tool'] as const;
export type RemoteKind = (typeof REMOTE_KINDS)[number];

/** A POST of the hook input to `url`; the 2xx body is the hook's JSON answer. */
export interface HttpHandler {
  readonly kind: 'http';
  readonly url: string;
  /** Header values may name variables (`$VAR`, `${VAR}`): only those in `allowedEnvVars` are filled in, others become empty. */
  readonly headers: Readonly<Record<string, string>>;
  readonly allowedEnvVars: readonly string[];
}

/** A prompt (`prompt`) or a task (`agent`) for the evaluator of that kind, answering `{ok, reason}` (Claude) or a Wundr result. */
export interface EvaluatedHandler {
  readonly kind: 'prompt' | 'agent';
  /** `$ARGUMENTS` is the hook input JSON (appended when absent); `{{metadata.x}}` a field of it (Wundr). */
  readonly prompt: string;
  readonly model: string | undefined;
  /** Wundr's `agentConfig`, handed to the agent evaluator as it is. */
  readonly agentConfig: Readonly<Record<string, unknown>> | undefined;
}

/** A tool of a connected MCP server; its text result is the hook's answer. */
export interface McpToolHandler {
  readonly kind: 'mcp_tool';
  readonly server: string;
  readonly tool: string;
  /** The tool's arguments; `${path}` in a string value is a field of the hook input (`${tool_input.file_path}`). */
  readonly input: Readonly<Record<string, unknown>>;
}

export type RemoteHandler = HttpHandler | EvaluatedHandler | McpToolHandler;

/** Claude Code's default timeouts of the evaluated kinds (hooks reference, "Timeouts"); Wundr's are the same. */
export const EVALUATED_DEFAULT_TIMEOUT_MS: Readonly<Record<EvaluatedHandler['kind'], number>> = { prompt: 30_000, agent: 60_000 };

export function isRemoteKind(kind: string): kind is RemoteKind {
  return (REMOTE_KINDS as readonly string[]).includes(kind);
}

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

// Which fields each kind needs and which it may have.
const FIELDS: Readonly<Record<RemoteKind, { readonly required: readonly (keyof ParsedRemote)[]; readonly optional: readonly (keyof ParsedRemote)[] }>> = {
  http: { required: ['url'], optional: ['headers', 'allowedEnvVars'] },
  prompt: { required: ['prompt'], optional: ['model'] },
  agent: { required: ['prompt'], optional: ['model', 'agentConfig'] },
  mcp_tool: { required: ['server', 'tool'], optional: ['input'] },
};

/** Checks that a hook of `kind` (any kind) has exactly the fields of these kinds it needs, for the native schema's refinement. */
export function checkRemoteFields(hook: ParsedRemote, kind: string, ctx: z.RefinementCtx): void {
  const own = isRemoteKind(kind) ? FIELDS[kind] : { required: [], optional: [] };
  for (const field of own.required) {
    if (hook[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `a "${kind}" hook needs "${field}"` });
  }
  for (const field of Object.keys(remoteHandlerShape) as (keyof ParsedRemote)[]) {
    if (hook[field] === undefined || own.required.includes(field) || own.optional.includes(field)) continue;
    const users = REMOTE_KINDS.filter((other) => FIELDS[other].required.includes(field) || FIELDS[other].optional.includes(field));
    ctx.addIssue({ code: 'custom', path: [field], message: `only used with "type": ${users.map((user) => `"${user}"`).join(' or ')}` });
  }
}

/** The handler of a parsed native hook of a remote kind. */
export function remoteHandlerOf(hook: ParsedRemote, kind: RemoteKind): RemoteHandler {
  if (kind === 'http') return { kind, url: hook.url!, headers: hook.headers ?? {}, allowedEnvVars: hook.allowedEnvVars ?? [] };
  if (kind === 'mcp_tool') return { kind, server: hook.server!, tool: hook.tool!, input: hook.input ?? {} };
  return { kind, prompt: hook.prompt!, model: hook.model, agentConfig: hook.agentConfig };
}

/** The timeout a hook of `kind` gets when its entry gives none, or undefined to keep the command default. */
export function defaultTimeoutMsOf(kind: string): number | undefined {
  return kind === 'prompt' || kind === 'agent' ? EVALUATED_DEFAULT_TIMEOUT_MS[kind] : undefined;
}
