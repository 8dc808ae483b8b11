// What the hooks would do now to one recorded event, read off the engine's merged answer.
import type { FireResult } from '../model/fire-result.js';
import type { EventName } from '../events/event-specs.js';
import type { ReplayEvent } from './replay-event.js';

export type Verdict = 'proceed' | 'blocked' | 'stop';

export interface EventReport {
  /** 0-based position among the replayed events. */
  readonly index: number;
  readonly line: number;
  readonly event: EventName;
  /** The tool of a tool event, else null. */
  readonly tool: string | null;
  /** What the event is about, one line: the command, the file, the prompt. */
  readonly subject: string | null;
  /** When the fire started, ms since the replay started, and how long it took. */
  readonly startedMs: number;
  readonly durationMs: number;
  readonly verdict: Verdict;
  readonly decision: FireResult['decision'];
  readonly reason: string | null;
  /** The hooks whose answer is the decision, each with the reason it gave. */
  readonly decidedBy: { readonly hook: string; readonly reason: string | null }[];
  readonly updatedInput: Record<string, unknown> | null;
  readonly updatedPrompt: string | null;
  readonly additionalContext: string | null;
  readonly systemMessage: string | null;
  /** Hooks that gave no answer (timed out, could not start, crashed). */
  readonly failures: { readonly hook: string; readonly message: string }[];
  /** Hooks that answered with an error (a non-blocking error exit, unreadable output). */
  readonly hookErrors: { readonly hook: string; readonly message: string }[];
  readonly hooks: { readonly id: string; readonly status: string; readonly exitCode: number | null; readonly durationMs: number }[];
}

const SUBJECT_LENGTH = 160;

export function reportEvent(index: number, replayed: ReplayEvent, result: FireResult, timing: { startedMs: number; durationMs: number }): EventReport {
  const { payload } = replayed;
  return {
    index,
    line: replayed.line,
    event: replayed.event,
    tool: typeof payload.tool_name === 'string' ? payload.tool_name : null,
    subject: subjectOf(payload),
    startedMs: tenths(timing.startedMs),
    durationMs: tenths(timing.durationMs),
    verdict: !result.continue ? 'stop' : result.blocked ? 'blocked' : 'proceed',
    decision: result.decision,
    reason: result.blocked || !result.continue ? (result.reason ?? result.stopReason) : result.reason,
    decidedBy: result.decidedBy.map(({ id, reason }) => ({ hook: id, reason })),
    updatedInput: result.updatedInput,
    updatedPrompt: result.updatedPrompt,
    additionalContext: result.additionalContext,
    systemMessage: result.systemMessage,
    failures: result.failures.map(({ id, message }) => ({ hook: id, message })),
    hookErrors: result.hookErrors.map(({ id, message }) => ({ hook: id, message })),
    hooks: result.hooks.map(({ id, status, exitCode, durationMs }) => ({ id, status, exitCode, durationMs })),
  };
}

/** Whether a hook changed what the agent gets: context, a rewritten input or prompt, a message. */
export function changedSomething(report: EventReport): boolean {
  return report.additionalContext !== null || report.updatedInput !== null || report.updatedPrompt !== null || report.systemMessage !== null;
}

const tenths = (ms: number): number => Math.round(ms * 10) / 10;

function subjectOf(payload: Record<string, unknown>): string | null {
  const input = typeof payload.tool_input === 'object' && payload.tool_input !== null ? (payload.tool_input as Record<string, unknown>) : undefined;
  const text = typeof payload.prompt === 'string' ? payload.prompt : input === undefined ? null : (pick(input, ['file_path', 'command', 'path', 'pattern', 'url', 'query']) ?? JSON.stringify(input));
  if (text === null) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SUBJECT_LENGTH ? `${flat.slice(0, SUBJECT_LENGTH - 1)}…` : flat;
}

function pick(input: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) if (typeof input[key] === 'string') return input[key];
  return undefined;
}
