// The handlers that are not a process: `http` (a POST to a URL, run in the pool's workers),
// `prompt` and `agent` (an evaluator the agent injects, e.g. an LLM call) and `mcp_tool` (a tool
// of an MCP server, through a caller the agent injects). Kept apart from the command fields so
// model.ts and native-schema.ts only spread them in.
import { z } from 'zod';
import { envNameSchema } from './field-schemas.js';

/** A POST of the hook input to `url`; the 2xx body is the hook's JSON answer. */
export interface HttpHandler {
  readonly type: 'http';
  readonly url: string;
  /** Header values may name variables (`$VAR`, `${VAR}`): only those in `allowedEnvVars` are filled in, others become empty. */
  readonly headers: Readonly<Record<string, string>>;
  readonly allowedEnvVars: readonly string[];
}

/** A prompt (`prompt`) or a task (`agent`) for the evaluator of that kind, answering `{ok, reason}` (Claude) or a Wundr result. */
export interface EvaluatedHandler {
  readonly type: 'prompt' | 'agent';
  /** `$ARGUMENTS` is the hook input JSON (appended when absent); `{{metadata.x}}` a field of it (Wundr). */
  readonly prompt: string;
  readonly model: string | undefined;
  /** Wundr's `agentConfig`, handed to the agent evaluator as it is. */
  readonly agentConfig: Readonly<Record<string, unknown>> | undefined;
}

/** A tool of a connected MCP server; its text result is the hook's answer. */
export interface McpToolHandler {
  readonly type: 'mcp_tool';
  readonly server: string;
  readonly tool: string;
  /** The tool's arguments; `${path}` in a string value is a field of the hook input (`${tool_input.file_path}`). */
  readonly input: Readonly<Record<string, unknown>>;
}

export type RemoteHandler = HttpHandler | EvaluatedHandler | McpToolHandler;

/** Every handler type besides command: the name Claude Code gives it. */
export type RemoteHandlerType = RemoteHandler['type'];

/** Claude Code's default timeouts of the evaluated handlers (hooks reference, "Timeouts"); Wundr's are the same. */
export const EVALUATED_DEFAULT_TIMEOUT_MS: Readonly<Record<EvaluatedHandler['type'], number>> = { prompt: 30_000, agent: 60_000 };

const text = z.string().min(1, 'expected a non-empty string');

const httpUrlSchema = z.string({ error: 'expected an http:// or https:// URL' }).refine((value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'expected an http:// or https:// URL');

/** `http`, `prompt`, `agent` and `mcpTool` in the native schema: each an object, at most one per hook. */
export const remoteHandlerShape = {
  http: z
    .strictObject({
      url: httpUrlSchema,
      headers: z.record(z.string(), z.string()).default({}).describe('values may hold $VAR or ${VAR}, filled from the environment only for names in allowedEnvVars'),
      allowedEnvVars: z.array(envNameSchema).default([]),
    })
    .optional()
    .describe('POST the hook input as JSON to url (from a pool worker); a 2xx body is read as the hook\'s JSON output'),
  prompt: z
    .strictObject({ prompt: text.describe('$ARGUMENTS: the hook input JSON (appended when absent); {{metadata.x}}: a field of it'), model: text.optional() })
    .optional()
    .describe('ask the prompt evaluator (createHookEngine({ evaluators: { prompt } })); default timeout 30000'),
  agent: z
    .strictObject({ prompt: text, model: text.optional(), agentConfig: z.record(z.string(), z.unknown()).optional() })
    .optional()
    .describe('hand the task to the agent evaluator (createHookEngine({ evaluators: { agent } })); default timeout 60000'),
  mcpTool: z
    .strictObject({ server: text, tool: text, input: z.record(z.string(), z.unknown()).default({}).describe('${path} in a string value is a field of the hook input') })
    .optional()
    .describe('call a tool through the MCP caller (createHookEngine({ mcp: { callTool } }))'),
};

type ParsedRemote = z.output<z.ZodObject<typeof remoteHandlerShape>>;

/** The remote handler of a parsed native hook, or undefined for a command hook. */
export function remoteHandlerOf(hook: ParsedRemote): RemoteHandler | undefined {
  if (hook.http !== undefined) return { type: 'http', ...hook.http };
  if (hook.prompt !== undefined) return { type: 'prompt', prompt: hook.prompt.prompt, model: hook.prompt.model, agentConfig: undefined };
  if (hook.agent !== undefined) return { type: 'agent', prompt: hook.agent.prompt, model: hook.agent.model, agentConfig: hook.agent.agentConfig };
  if (hook.mcpTool !== undefined) return { type: 'mcp_tool', ...hook.mcpTool };
  return undefined;
}

/** How many handlers a native hook names (command or args counting as one): exactly one is valid. */
export function countHandlers(hook: ParsedRemote & { command?: unknown; args?: unknown }): number {
  const named = [hook.command !== undefined || hook.args !== undefined, hook.http, hook.prompt, hook.agent, hook.mcpTool];
  return named.filter((value) => value !== undefined && value !== false).length;
}

/** The native timeout a remote handler gets when its entry gives none, or undefined to keep the command default. */
export function remoteDefaultTimeoutMs(hook: ParsedRemote): number | undefined {
  if (hook.prompt !== undefined) return EVALUATED_DEFAULT_TIMEOUT_MS.prompt;
  if (hook.agent !== undefined) return EVALUATED_DEFAULT_TIMEOUT_MS.agent;
  return undefined;
}
