// POST /call: one hook call from hookpool-client (the project's socket: only the user's own
// processes reach it), in any agent's dialect, answered with what `hookpool run --format <agent>`
// would print and exit with. The call carries the session's environment, which its hooks get, and
// the agent process, whose life is the session's. The status line goes out first, before the call
// is even read: a client still waiting for it looks at the server's process, and answers the call
// itself when it is stopped or gone; a call whose client has gone by then runs nothing. A call
// that is not one is answered with an error body the client does not take for an answer.
import { inCallerTrace } from '../../telemetry/serve-telemetry.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDialectName } from '../../dialects/dialect-names.js';
import { loadDialect } from '../../dialects/dialects.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../engine/payload-limit.js';
import { answerHookCall } from '../../project/answer-hook-call.js';
import { serverPortProblem, stopSessionAnswer } from '../../project/http-port-check.js';
import { parseHookParts } from '../../project/hook-parts.js';
import type { EngineSession } from '../../project/engine-session.js';
import type { AgentProcess, HookCallRequest, ServerStatus } from '../../project/server/server-messages.js';
import { readBody } from './read-body.js';

// The hook input may be as large as an engine takes; the environment rides beside it.
const MAX_CALL_BYTES = DEFAULT_MAX_PAYLOAD_BYTES + 1024 * 1024;

export interface CallContext {
  readonly session: EngineSession;
  readonly status: () => ServerStatus;
  /** A call told the environment of a session, and the agent process it lives in. */
  readonly onSession: (id: string, env: Readonly<Record<string, string>>, agent: AgentProcess | null) => void;
}

export async function answerClientCall(context: CallContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.flushHeaders();
  const body = await readBody(request, MAX_CALL_BYTES);
  const call = parseCall(body.text);
  if (typeof call === 'string') {
    response.end(JSON.stringify({ error: call }));
    return;
  }
  const dialect = await loadDialect(call.dialect as Parameters<typeof loadDialect>[0]);
  let input: Record<string, unknown> | { unreadable: unknown };
  try {
    input = parseInput(call.input);
  } catch (error) {
    input = { unreadable: error };
  }
  // The session lives as long as its agent: the server follows it, whether its hooks run or the session is stopped.
  const register = (sessionId: unknown) => {
    if (typeof sessionId !== 'string' || sessionId === '') return;
    context.session.registerSession(sessionId, call.env);
    context.onSession(sessionId, call.env, call.agent ?? null);
  };
  const status = context.status();
  const portProblem = call.httpPort === undefined ? null : serverPortProblem(call.httpPort, status.httpPort, status.httpProblem);
  if (portProblem !== null) {
    const payload = 'unreadable' in input ? undefined : input;
    register(payload?.session_id);
    response.end(JSON.stringify(stopSessionAnswer(dialect, call.agentEvent, payload, call.httpPort!, portProblem)));
    return;
  }
  const { answer } = await answerHookCall(dialect, { agentEvent: call.agentEvent, input, envFile: call.env.CLAUDE_ENV_FILE, parts: call.parts === undefined ? undefined : parseHookParts(call.parts) }, (spec, payload, parts) => {
    if (request.socket.destroyed) throw new Error('the client stopped waiting for this server and answers the call itself');
    register(payload.session_id);
    return inCallerTrace(call.env, () => context.session.fire(spec, payload, { parts }));
  });
  response.end(JSON.stringify(answer));
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
