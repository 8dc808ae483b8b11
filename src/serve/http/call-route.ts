// POST /call: one hook call from hookpool-client (the project's socket: only the user's own
// processes reach it), in any agent's dialect, answered with what `hookpool run --format <agent>`
// would print and exit with. The call carries the session's environment, which its hooks get, and
// the agent process, whose life is the session's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { emptyFireResult, type FireResult } from '../../aggregate/fire-result.js';
import type { AgentAnswer } from '../../dialects/dialect.js';
import { isDialectName } from '../../dialects/dialect-names.js';
import { loadDialect } from '../../dialects/dialects.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../engine/payload-limit.js';
import type { EventSpec } from '../../events/event-specs.js';
import { answerHookCall, eventOf } from '../../project/answer-hook-call.js';
import { parseHookParts } from '../../project/hook-parts.js';
import type { EngineSession } from '../../project/resident-engine.js';
import type { AgentProcess, HookCallRequest, ServerStatus } from '../../project/server/server-protocol.js';
import { readBody, sendJson } from './read-body.js';

// The hook input may be as large as an engine takes; the environment rides beside it.
const MAX_CALL_BYTES = DEFAULT_MAX_PAYLOAD_BYTES + 1024 * 1024;

export interface CallContext {
  readonly session: EngineSession;
  readonly status: () => ServerStatus;
  /** A call told the environment of a session, and the agent process it lives in. */
  readonly onSession: (id: string, env: Readonly<Record<string, string>>, agent: AgentProcess | null) => void;
}

export async function answerClientCall(context: CallContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request, MAX_CALL_BYTES);
  const call = parseCall(body.text);
  if (typeof call === 'string') {
    sendJson(response, 400, { error: call });
    return;
  }
  const dialect = await loadDialect(call.dialect as Parameters<typeof loadDialect>[0]);
  let input: Record<string, unknown> | { unreadable: unknown };
  try {
    input = parseInput(call.input);
  } catch (error) {
    input = { unreadable: error };
  }
  const answer = portProblem(call, context.status())
    ? stopSession(dialect, call, input, context.status())
    : (
        await answerHookCall(dialect, { agentEvent: call.agentEvent, input, envFile: call.env.CLAUDE_ENV_FILE, parts: call.parts === undefined ? undefined : parseHookParts(call.parts) }, (spec, payload, parts) => {
          const sessionId = payload.session_id;
          if (typeof sessionId === 'string' && sessionId !== '') {
            context.session.registerSession(sessionId, call.env);
            context.onSession(sessionId, call.env, call.agent ?? null);
          }
          return context.session.fire(spec, payload, { parts });
        })
      ).answer;
  sendJson(response, 200, answer);
}

function portProblem(call: HookCallRequest, status: ServerStatus): boolean {
  return call.httpPort !== undefined && call.httpPort !== status.httpPort;
}

/**
 * The agent's settings send http hooks to a port this server does not hold: whoever holds it
 * would get the hook inputs and could answer for the guards. The session stops before any of them.
 */
function stopSession(dialect: Awaited<ReturnType<typeof loadDialect>>, call: HookCallRequest, input: Record<string, unknown> | { unreadable: unknown }, status: ServerStatus): AgentAnswer {
  const held = status.httpPort === 0 ? `it could not listen there (${status.httpProblem ?? 'unknown reason'})` : `it listens on ${status.httpPort}`;
  const reason = `hookpool: the agent's settings send http hooks to port ${call.httpPort}, but the project's hookpool server does not hold that port (${held}): another program could answer for the guards, so the session stops. Free the port, or run hookpool init again.`;
  const payload = 'unreadable' in input ? {} : input;
  let spec: EventSpec;
  try {
    spec = eventOf(dialect, call.agentEvent ?? (typeof payload.hook_event_name === 'string' ? payload.hook_event_name : undefined));
  } catch {
    return { stdout: null, stderr: reason, exitCode: 2 };
  }
  const result: FireResult = { ...emptyFireResult(spec.name), continue: false, stopReason: reason, systemMessage: reason };
  return dialect.answer(spec, result, [], payload);
}

function parseInput(text: string): Record<string, unknown> {
  const value = JSON.parse(text) as unknown;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new Error('the hook input is not a JSON object');
}

/** The request, or why it is not one (one line). */
function parseCall(text: string | null): HookCallRequest | string {
  if (text === null) return `the call is over ${MAX_CALL_BYTES} bytes`;
  let value: Partial<HookCallRequest>;
  try {
    value = JSON.parse(text) as Partial<HookCallRequest>;
  } catch {
    return 'the call must be a JSON object';
  }
  if (typeof value.dialect !== 'string' || !isDialectName(value.dialect)) return '"dialect" must name an agent hookpool speaks to';
  if (typeof value.input !== 'string') return '"input" must be the hook input as text';
  if (typeof value.env !== 'object' || value.env === null || Object.values(value.env).some((entry) => typeof entry !== 'string')) return '"env" must be an object of strings';
  return value as HookCallRequest;
}
