// POST /hookpool/claude-code: a Claude Code `type: "http"` hook. Claude Code reads a 2xx JSON body as a
// command hook's stdout and never a status code to refuse, so whatever hookpool cannot answer (a
// body over the limit, not JSON) is answered 200 as a hook that gave no answer, refused where
// the event's guards fail closed, whenever the event can be told.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { claudeDialect } from '../../dialects/claude/claude.js';
import { claudeHttpBody } from '../../dialects/claude/http-answer.js';
import { failureAnswer } from '../../dialects/failure-answer.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../engine/payload-limit.js';
import { describeError } from '../../errors.js';
import { answerHookCall, eventOf } from '../../project/answer-hook-call.js';
import { parseHookParts } from '../../project/hook-parts.js';
import type { EngineSession } from '../../project/engine-session.js';
import { readBody, sendJson } from './read-body.js';

// Claude Code's http entries are the foreground entries; asyncRewake hooks have their own entry (dialects/claude/settings.ts).
const HTTP_PARTS = parseHookParts('foreground,background');

export async function answerClaudeHttpHook(session: EngineSession, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request, DEFAULT_MAX_PAYLOAD_BYTES);
  const payload = parsePayload(body.text);
  let spec;
  try {
    spec = eventOf(claudeDialect, typeof payload === 'string' ? eventNameIn(body.head) : textField(payload, 'hook_event_name'));
  } catch (error) {
    sendJson(response, 400, { error: describeError(error) });
    return;
  }
  if (typeof payload === 'string') {
    const { answer, result } = failureAnswer(claudeDialect, spec, `hookpool serve could not read the hook input (${payload}); nothing was run`);
    sendJson(response, 200, claudeHttpBody(spec, answer, result));
    return;
  }
  const reply = await answerHookCall(claudeDialect, { agentEvent: spec.name, input: payload, stderrShown: false, parts: HTTP_PARTS }, (firedSpec, firedPayload, parts) => session.fire(firedSpec, firedPayload, { parts }));
  const result = reply.result ?? failureAnswer(claudeDialect, spec, 'no result').result;
  sendJson(response, 200, claudeHttpBody(spec, reply.answer, result));
}

/** The event a hook input names near its start (Claude Code writes hook_event_name early), to refuse a body hookpool cannot read as that event. */
function eventNameIn(head: string): string | undefined {
  return /"hook_event_name"\s*:\s*"([A-Za-z]+)"/.exec(head)?.[1];
}

/** The hook input object, or the one-line reason it is not one. */
function parsePayload(body: string | null): Record<string, unknown> | string {
  if (body === null) return `the hook input is over ${DEFAULT_MAX_PAYLOAD_BYTES} bytes`;
  try {
    const value = JSON.parse(body) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Said below.
  }
  return 'the request body must be the hook input: a JSON object';
}

function textField(payload: Record<string, unknown>, key: string): string | undefined {
  const value = payload[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
