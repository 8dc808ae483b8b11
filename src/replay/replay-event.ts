// What a recorded session implies, one lifecycle event at a time, in hookpool's canonical (Claude
// Code) event names and tool vocabulary: the unit `hookpool replay` fires.
import type { EventName } from '../events/event-specs.js';

/** One parsed line of a transcript. */
export interface TranscriptRecord {
  /** 1-based line number in the file. */
  readonly line: number;
  readonly value: Record<string, unknown>;
}

/** One event to fire, with the transcript line it came from. */
export interface ReplayEvent {
  readonly event: EventName;
  readonly line: number;
  /** The payload as the agent would have sent it (Claude Code's field names). */
  readonly payload: Record<string, unknown>;
}

/** The transcript formats hookpool reads. */
export const TRANSCRIPT_FORMATS = ['claude', 'gemini', 'codex'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

/** A stateful reader of one transcript: fed its records in order, it returns the events each implies. */
export interface TranscriptReader {
  read(record: TranscriptRecord): ReplayEvent[];
  /** What the end of the transcript implies (the last turn's Stop). */
  finish(lastLine: number): ReplayEvent[];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
