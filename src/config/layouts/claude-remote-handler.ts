// Claude Code's http, prompt, agent and mcp_tool handlers (hooks reference, "HTTP hook fields",
// "Prompt hook configuration", "Agent-based hooks", "MCP tool hook fields") into the native
// fields. As for command handlers, a field Claude Code does not define is ignored with a note, as
// it ignores it; a value hookpool cannot read makes the handler a broken entry.
import { z } from 'zod';
import { EVENT_SPECS, type EventName } from '../../events/event-specs.js';
import { HANDLER_KIND_SPECS } from '../../handlers/handler-kinds.js';
import { REMOTE_KINDS, type RemoteKind } from '../../model/remote-handler.js';
import type { NativeHookInput } from '../native-schema.js';
import { problemAt } from './shared.js';
import { noteIgnoredFields } from './claude-handler.js';
import { mcpOnFailureSchema, onErrorFromFailClosed, onErrorFromOnFailure, onFailureSchema } from './claude-on-failure.js';

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

// Where each type's schema has it: what the hook does when it cannot answer.
const withOnFailure = { onFailure: onFailureSchema.optional() };

const SCHEMAS = {
  http: z.looseObject({
    type: z.literal('http'),
    url: text,
    headers: z.record(z.string(), z.string({ error: 'expected a string header value' })).optional(),
    allowedEnvVars: z.array(text).optional(),
    ...withOnFailure,
    ...commonFields,
  }),
  prompt: z.looseObject({ type: z.literal('prompt'), prompt: text, model: text.optional(), ...commonFields }),
  agent: z.looseObject({ type: z.literal('agent'), prompt: text, model: text.optional(), ...commonFields }),
  mcp_tool: z.looseObject({ type: z.literal('mcp_tool'), server: text, tool: text, input: z.record(z.string(), z.unknown()).optional(), onFailure: mcpOnFailureSchema.optional(), ...commonFields }),
} as const;

const COMMON_FIELDS = ['type', 'timeout', 'statusMessage', 'once', 'if', 'onError', 'failClosed'];
/** The fields of each type in Claude Code's reference (2.1.332's schema) and hookpool's own. */
const REMOTE_FIELDS: Readonly<Record<RemoteKind, ReadonlySet<string>>> = {
  http: new Set([...COMMON_FIELDS, 'url', 'headers', 'allowedEnvVars', 'onFailure']),
  prompt: new Set([...COMMON_FIELDS, 'prompt', 'model', 'continueOnBlock']),
  agent: new Set([...COMMON_FIELDS, 'prompt', 'model']),
  mcp_tool: new Set([...COMMON_FIELDS, 'server', 'tool', 'input', 'onFailure']),
};

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
    for (const issue of result.error.issues) problems.push(problemAt(place.file, [...place.path, ...issue.path], issue.message));
    return undefined;
  }
  noteIgnoredFields(value, REMOTE_FIELDS[type], place, problems);
  // ok: false always reads as exit 2 here: a refusal that does not let the turn go on is never weaker.
  if (value.continueOnBlock === true) problems.push(problemAt(place.file, [...place.path, 'continueOnBlock'], 'hookpool reads ok: false as exit 2 whatever continueOnBlock says: ignored'));
  const handler: Parsed = result.data;
  if (handler.if !== undefined && !EVENT_SPECS[place.event].toolEvent) {
    problems.push(problemAt(place.file, [...place.path, 'if'], `never runs: Claude Code applies "if" only on tool events, and skips a hook that has one on ${place.event}`));
  }
  const eventDefaultMs = EVENT_SPECS[place.event].defaultTimeoutMs;
  const typeDefaultMs = HANDLER_KIND_SPECS[handler.type].defaultTimeoutMs ?? eventDefaultMs;
  const timeoutMs = handler.timeout === undefined ? Math.min(typeDefaultMs, eventDefaultMs) : Math.max(1, Math.round(handler.timeout * 1000));
  return {
    ...nativeHandlerOf(handler),
    timeout: timeoutMs,
    statusMessage: handler.statusMessage,
    once: handler.once,
    if: handler.if,
    onError: handler.onError ?? onErrorFromOnFailure(handler.type === 'http' || handler.type === 'mcp_tool' ? (handler.onFailure as 'block' | 'continue' | undefined) : undefined) ?? onErrorFromFailClosed(handler.failClosed),
  };
}

function nativeHandlerOf(handler: Parsed): Partial<NativeHookInput> {
  if (handler.type === 'http') return { type: 'http', url: handler.url, headers: handler.headers, allowedEnvVars: handler.allowedEnvVars };
  if (handler.type === 'prompt' || handler.type === 'agent') return { type: handler.type, prompt: handler.prompt, model: handler.model };
  return { type: 'mcp_tool', server: handler.server, tool: handler.tool, input: handler.input };
}
