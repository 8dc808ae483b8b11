// The handler kinds that are not a process nor JavaScript: `http` (a POST to a URL, run in the
// pool's workers), `prompt` and `agent` (an evaluator the agent injects, e.g. an LLM call) and
// `mcp_tool` (a tool of an MCP server, through a caller the agent injects). Their native fields
// are Claude Code's own names (hooks reference, "Hook handler fields"). Kept apart from
// hook-handler.ts, which only adds them to its kinds; their zod fields: config/remote-handler-schema.ts; what
// each kind is (its defaults, fields, wording): src/handlers/.

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
