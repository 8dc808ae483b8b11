// A server's answer to Claude Code for one hook input, as `hookpool run --format claude` gives it:
// the same merged answer, configuration notices once per session, and whatever goes wrong in
// hookpool itself answered as a hook that gave no answer (refused where the event fails closed).
import type { FireResult } from '../aggregate/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import { HookpoolError } from '../errors.js';
import type { ClaudeAnswer } from '../dialects/claude/answer.js';
import { claudeFailureAnswer } from '../dialects/failure-answer.js';
import { EXIT } from '../dialects/exit-codes.js';
import { withForwardedExports } from './forward-env-exports.js';
import { describeError } from '../cli/report-error.js';
import { resolveCliEvent } from './event-named.js';
import { claudeFireAnswer } from './claude-fire-answer.js';
import type { EngineSession } from './resident-engine.js';

export interface ClaudeHookReply {
  readonly spec: EventSpec;
  readonly answer: ClaudeAnswer;
  /** The merged answer (when hookpool itself failed: the failure, aggregated as a hook that gave no answer). */
  readonly result: FireResult;
}

export interface ClaudeHookCall {
  /** The caller's CLAUDE_ENV_FILE: the hooks' `export` lines are appended there, as `run` does. */
  readonly envFile?: string | undefined;
  /** False for an http hook's answer, whose stderr Claude Code never sees on success. */
  readonly stderrShown?: boolean;
}

/** The event named by the payload's `hook_event_name`; throws ERR_HOOKPOOL_USAGE / UNKNOWN_EVENT. */
export function claudeEventOf(payload: Record<string, unknown>): EventSpec {
  const name = payload.hook_event_name;
  if (typeof name !== 'string' || name === '') throw new HookpoolError('ERR_HOOKPOOL_USAGE', 'the hook input has no "hook_event_name"');
  return resolveCliEvent(name);
}

/** Fires the payload's event in the session and answers as `run --format claude` would for it. */
export async function answerClaudeHook(session: EngineSession, spec: EventSpec, payload: Record<string, unknown>, call: ClaudeHookCall = {}): Promise<ClaudeHookReply> {
  const sessionId = typeof payload.session_id === 'string' && payload.session_id !== '' ? payload.session_id : undefined;
  try {
    const { result: fired, config } = await session.fire(spec.name, payload);
    const result = await withForwardedExports(fired, call.envFile);
    return { spec, answer: await claudeFireAnswer(spec, result, config, sessionId, { stderrShown: call.stderrShown }), result };
  } catch (error) {
    return hookpoolFailureReply(spec, `hookpool could not run the hooks: ${describeError(error)}`);
  }
}

/** hookpool's own failure, answered as claudeFailureAnswer says. */
export function hookpoolFailureReply(spec: EventSpec, reason: string): ClaudeHookReply {
  return { spec, ...claudeFailureAnswer(spec, reason) };
}

/** True when the answer refuses by exit code (what an http hook must say in JSON instead). */
export function isExit2(answer: ClaudeAnswer): boolean {
  return answer.exitCode === EXIT.blocked;
}

