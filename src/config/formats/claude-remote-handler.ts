// Claude Code's http, prompt, agent and mcp_tool handlers (hooks reference, "HTTP hook fields",
// "Prompt hook configuration", "Agent-based hooks", "MCP tool hook fields") into the native
// fields. As for command handlers, a field hookpool does not know makes the handler a broken
// entry instead of a hook that silently does less than its author wrote.
import { z } from 'zod';
import { EVENT_SPECS, type EventName } from '../../events/event-specs.js';
import { EVALUATED_DEFAULT_TIMEOUT_MS, REMOTE_KINDS, type RemoteKind } from '../remote-handler.js';
import type { NativeHookInput } from '../native-schema.js';
import { problemAt } from './shared.js';

/** The handler types besides command, as Claude Code names them. */
export const CLAUDE_REMOTE_TYPES: ReadonlySet<string> = new Set<RemoteKind>(REMOTE_KINDS);

const text = z.string().min(1, 'expected a non-empty string');
const seconds = z.number({ error: 'expected a number of seconds' }).positive('expected a positive number of seconds').max(86_400, 'expected at most 86400 seconds');

// The fields every handler type shares (hooks reference: "All five types also take the common fields").
const commonFields = {
  timeout: seconds.optional(),
  statusMessage: text.optional(),
  once: z.boolean().optional(),
  if: z.string({ error: 'expected one permission rule, e.g. "Bash(git push *)"' }).optional(),
  onError: z.enum(['open', 'closed']).optional(),
  failClosed: z.boolean().optional(),
};

const SCHEMAS = {
  http: z.strictObject({
    type: z.literal('http'),
    url: text,
    headers: z.record(z.string(), z.string({ error: 'expected a string header value' })).optional(),
    allowedEnvVars: z.array(text).optional(),
    ...commonFields,
  }),
    // continueOnBlock: true would let the turn go on after ok: false; hookpool reads ok: false as exit 2 only, so it refuses the field rather than ignore it.
  prompt: z.strictObject({
    type: z.literal('prompt'),
    prompt: text,
    model: text.optional(),
    continueOnBlock: z.literal(false, { error: 'continueOnBlock: true is not implemented by hookpool (ok: false always reads as exit 2)' }).optional(),
    ...commonFields,
  }),
  agent: z.strictObject({ type: z.literal('agent'), prompt: text, model: text.optional(), ...commonFields }),
  mcp_tool: z.strictObject({ type: z.literal('mcp_tool'), server: text, tool: text, input: z.record(z.string(), z.unknown()).optional(), ...commonFields }),
} as const;

interface HandlerPlace {
  readonly file: string;
  readonly event: EventName;
  readonly path: readonly PropertyKey[];
}

type Parsed = z.output<(typeof SCHEMAS)[keyof typeof SCHEMAS]>;

/**
 * The native fields (all but event and matcher) of an http, prompt, agent or mcp_tool handler,
 * or undefined with its problems. Timeouts are Claude Code's: the event's default for http and
 * mcp_tool, 30 s for prompt and 60 s for agent (or the event's shorter default).
 */
export function readRemoteHandler(value: Record<string, unknown>, type: RemoteKind, place: HandlerPlace, problems: string[]): Partial<NativeHookInput> | undefined {
  const result = SCHEMAS[type].safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const message = issue.code === 'unrecognized_keys' ? `${issue.keys.map((key: string) => `"${key}"`).join(', ')} not supported on a ${type} hook by hookpool, so this hook is not loaded` : issue.message;
      problems.push(problemAt(place.file, [...place.path, ...issue.path], message));
    }
    return undefined;
  }
  const handler: Parsed = result.data;
  if (handler.if !== undefined && !EVENT_SPECS[place.event].toolEvent) {
    problems.push(problemAt(place.file, [...place.path, 'if'], `never runs: Claude Code applies "if" only on tool events, and skips a hook that has one on ${place.event}`));
  }
  const eventDefaultMs = EVENT_SPECS[place.event].defaultTimeoutMs;
  const typeDefaultMs = handler.type === 'prompt' || handler.type === 'agent' ? EVALUATED_DEFAULT_TIMEOUT_MS[handler.type] : eventDefaultMs;
  const timeoutMs = handler.timeout === undefined ? Math.min(typeDefaultMs, eventDefaultMs) : Math.max(1, Math.round(handler.timeout * 1000));
  return {
    ...nativeHandlerOf(handler),
    timeout: timeoutMs,
    statusMessage: handler.statusMessage,
    once: handler.once,
    if: handler.if,
    onError: handler.onError ?? (handler.failClosed === undefined ? undefined : handler.failClosed ? 'closed' : 'open'),
  };
}

function nativeHandlerOf(handler: Parsed): Partial<NativeHookInput> {
  if (handler.type === 'http') return { type: 'http', url: handler.url, headers: handler.headers, allowedEnvVars: handler.allowedEnvVars };
  if (handler.type === 'prompt' || handler.type === 'agent') return { type: handler.type, prompt: handler.prompt, model: handler.model };
  return { type: 'mcp_tool', server: handler.server, tool: handler.tool, input: handler.input };
}
