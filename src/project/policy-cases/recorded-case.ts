// A policy case made from one replayed event (`hookpool test --record`): the payload the agent
// sent, without what only ties it to the recorded session, and as expectations what the hooks
// answered: the decision, whether the agent may proceed, the exact reason and context (as
// anchored, escaped regular expressions) and, on a tool event, the rewritten input. Written in the
// format `hookpool test --cases` reads, so the case passes until the policy's answer changes.
import type { FireResult } from '../../model/fire-result.js';
import type { EventName } from '../../events/event-specs.js';

/** A case as written to its file (the fields of case-schema.ts, before parsing). */
export interface RecordedCase {
  readonly name: string;
  readonly event: EventName;
  readonly payload: Record<string, unknown>;
  readonly expect: {
    readonly decision: FireResult['decision'];
    readonly blocked: boolean;
    readonly reason?: string;
    readonly context?: string;
    readonly updatedInput?: Record<string, unknown> | null;
  };
}

/** What the event came from: its place among the replayed events and in the transcript. */
export interface RecordedOrigin {
  readonly index: number;
  readonly transcript: string;
  readonly line: number;
  /** What the event is about (the command, the file, the prompt), one line. */
  readonly subject: string | null;
}

// The recorded session's ids: a case stands for the call, not for that session.
const SESSION_FIELDS: readonly string[] = ['session_id', 'tool_use_id', 'transcript_path'];

export function recordedCase(event: EventName, payload: Record<string, unknown>, result: FireResult, origin: RecordedOrigin): RecordedCase {
  const tool = typeof payload.tool_name === 'string' ? payload.tool_name : null;
  const toolEvent = 'tool_input' in payload;
  return {
    name: `${[event, tool].filter(Boolean).join(' ')}${origin.subject === null ? '' : `: ${origin.subject}`} (${origin.transcript}:${origin.line})`,
    event,
    payload: Object.fromEntries(Object.entries(payload).filter(([key]) => !SESSION_FIELDS.includes(key))),
    expect: {
      decision: result.decision,
      blocked: result.blocked,
      ...(result.reason === null ? {} : { reason: exactly(result.reason) }),
      ...(result.additionalContext === null ? {} : { context: exactly(result.additionalContext) }),
      ...(toolEvent ? { updatedInput: result.updatedInput } : {}),
    },
  };
}

/** `003-PreToolUse-Bash.json`: the event's index among the replayed events (as `replay --json` numbers them), its event and tool. */
export function recordedCaseFileName(index: number, event: EventName, tool: string | null): string {
  const parts = [String(index).padStart(3, '0'), event, ...(tool === null ? [] : [tool.replace(/[^\w.-]+/g, '_')])];
  return `${parts.join('-')}.json`;
}

/** A pattern that matches `text` and nothing else. */
export function exactly(text: string): string {
  return `^${text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}$`;
}
