// Prompt and agent hooks: the agent injects an evaluator for each kind
// (`createHookEngine({ evaluators: { prompt, agent } })`) that asks a model, or runs a subagent,
// and returns its reply. The reply is read as the hook's answer: Claude Code's `{ok, reason}`
// (ok: false reads as a command hook's exit 2 with the reason, so it denies, blocks or gives
// feedback exactly where exit 2 does), or, for a Wundr hook, Wundr's result object as its
// command hooks print it.
import type { EvaluatedHandler } from '../../model/remote-handler.js';
import { WUNDR_RESULT_FIELDS } from '../../aggregate/read-wundr-output.js';
import type { EventName } from '../../events/event-specs.js';
import type { CallAnswer } from './call-task.js';

/** What an evaluator is asked. */
export interface EvaluationRequest {
  /** `prompt`: one model call; `agent`: a task for a subagent that may use tools. */
  readonly kind: EvaluatedHandler['kind'];
  /** The prompt with `$ARGUMENTS` and `{{metadata.x}}` filled in. */
  readonly prompt: string;
  /** The hook's `model`, when it names one. */
  readonly model: string | undefined;
  /**
   * `okReason`: reply `{"ok": boolean, "reason"?: string}` (Claude Code); `hookResult`: reply the
   * JSON result a Wundr hook returns; `text`: reply plain text, what the prompt asks for (a
   * built-in's request: smart-commit's commit message).
   */
  readonly expects: 'okReason' | 'hookResult' | 'text';
  readonly event: string;
  readonly hookId: string;
  /** The hook input as a command hook would read it on stdin. */
  readonly input: Readonly<Record<string, unknown>>;
  /** Wundr's `agentConfig` of an agent hook. */
  readonly agentConfig: Readonly<Record<string, unknown>> | undefined;
  readonly timeoutMs: number;
  /** Aborted at the hook's timeout or when the engine closes; the reply is discarded then. */
  readonly signal: AbortSignal;
}

/**
 * Answers a prompt or agent hook: the model's reply as text (JSON, possibly inside a code fence)
 * or already parsed. A throw or rejection is a hook that failed; `onError` decides what it means.
 */
export type HookEvaluator = (request: EvaluationRequest) => unknown;

/** The evaluators an engine was given, by hook kind. */
export interface HookEvaluators {
  readonly prompt?: HookEvaluator;
  readonly agent?: HookEvaluator;
}

/**
 * Reads an evaluator's reply as a command hook's stdout and exit status. A reply that is not the
 * answer asked for is a hook that gave no answer (so a guard that fails closed refuses): for
 * `okReason` anything but `{ok: boolean}`; for `hookResult` anything but a JSON object that
 * names a field of the event's Wundr result (`{}`, a number, plain text, nothing at all).
 */
export function readEvaluatorReply(reply: unknown, expects: 'okReason' | 'hookResult', event?: string): CallAnswer {
  const answer = typeof reply === 'string' ? parseObject(extractJsonObject(reply)) : reply;
  if (expects === 'hookResult') {
    const problem = hookResultProblem(answer, event);
    if (problem !== null) return noAnswer(`the evaluator's reply is not a Wundr hook result (${problem}): ${describeReply(reply)}`);
    return { status: 'ok', exitCode: 0, stdout: typeof reply === 'string' ? extractJsonObject(reply)! : JSON.stringify(answer), stderr: '' };
  }
  if (typeof answer !== 'object' || answer === null || typeof (answer as { ok?: unknown }).ok !== 'boolean') {
    return noAnswer(`the evaluator's reply is not {"ok": true|false, "reason": "..."}: ${describeReply(reply)}`);
  }
  const { ok, reason } = answer as { ok: boolean; reason?: unknown };
  if (ok) return { status: 'ok', exitCode: 0, stdout: '', stderr: '' };
  const text = typeof reason === 'string' && reason.trim() !== '' ? reason : 'the evaluator answered ok: false and gave no reason';
  return { status: 'exit_nonzero', exitCode: 2, stdout: '', stderr: text };
}

function noAnswer(error: string): CallAnswer {
  return { status: 'crashed', exitCode: null, stdout: '', stderr: '', error };
}

// A Wundr result is a JSON object; on the events whose result Wundr reads, one naming at least
// one of its fields (an empty or unrelated object would silently let the action proceed).
function hookResultProblem(answer: unknown, event: string | undefined): string | null {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return 'not a JSON object';
  const fields = event === undefined ? undefined : WUNDR_RESULT_FIELDS[event as EventName];
  const keys = Object.keys(answer);
  if (fields === undefined) return keys.length === 0 ? 'an empty object' : null;
  return keys.some((key) => fields.includes(key)) ? null : `names none of ${fields.join(', ')}`;
}

// A model often wraps its JSON in a code fence or a sentence: the first `{` to the last `}`.
function extractJsonObject(text: string): string | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start < 0 || end < start ? null : text.slice(start, end + 1);
}

function parseObject(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeReply(reply: unknown): string {
  let text: string;
  try {
    text = typeof reply === 'string' ? reply : (JSON.stringify(reply) ?? String(reply));
  } catch {
    text = `a value of type ${typeof reply}`;
  }
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line === '' ? '(empty)' : line;
}
