// The replay's totals, kept in constant memory as events go by: counts per event, tool calls and
// how many the hooks would block, the most frequent reasons, each hook's runs and durations (from
// the engine's onHookSettled observer, background hooks included), and the timeline's bins.
import { describeFailure } from '../model/hook-failure.js';
import type { HookSettled } from '../engine/engine-options.js';
import { DurationHistogram } from './duration-histogram.js';
import { changedSomething, type EventReport } from './event-report.js';
import type { SkippedHook } from './side-effects.js';
import { Timeline, type TimelineBin } from './timeline-bins.js';
import type { TranscriptFormat } from './replay-event.js';

export interface HookSummary {
  readonly id: string;
  readonly runs: number;
  /** Events whose decision this hook gave as a refusal. */
  readonly blocked: number;
  /** Runs that gave no answer (timed out, could not start, crashed); a refusing exit 2 is an answer. */
  readonly failed: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface ReplaySummary {
  readonly transcript: string;
  readonly format: TranscriptFormat;
  readonly sessionId: string | null;
  readonly lines: number;
  readonly skippedLines: readonly string[];
  readonly events: Readonly<Record<string, number>>;
  readonly toolCalls: number;
  /** Tool calls (PreToolUse) the hooks would refuse now. */
  readonly blockedToolCalls: number;
  /** Events of any kind the hooks would refuse or stop now. */
  readonly blocked: number;
  readonly changed: number;
  readonly failures: number;
  readonly topReasons: readonly { readonly reason: string; readonly count: number; readonly hooks: readonly string[] }[];
  readonly hooks: readonly HookSummary[];
  readonly skippedHooks: readonly SkippedHook[];
  readonly timeline: { readonly eventsPerBin: number; readonly bins: readonly TimelineBin[] };
  readonly durationMs: number;
}

const TOP_REASONS = 5;
const TRACKED_REASONS = 1_000;
const LISTED_SKIPPED_LINES = 100;

export class SummaryCollector {
  readonly #events = new Map<string, number>();
  readonly #reasons = new Map<string, { count: number; hooks: Set<string> }>();
  readonly #hooks = new Map<string, { histogram: DurationHistogram; blocked: number; failed: number }>();
  readonly #timeline = new Timeline();
  readonly #skippedLines: string[] = [];
  #skippedLineCount = 0;
  #toolCalls = 0;
  #blockedToolCalls = 0;
  #blocked = 0;
  #changed = 0;
  #failures = 0;
  sessionId: string | null = null;

  /** onHookSettled: one hook run finished. */
  readonly hookSettled = ({ outcome }: HookSettled): void => {
    const hook = this.#hook(outcome.id);
    hook.histogram.add(outcome.durationMs);
    if (describeFailure(outcome) !== null) hook.failed += 1;
  };

  skippedLine(message: string): void {
    this.#skippedLineCount += 1;
    if (this.#skippedLines.length < LISTED_SKIPPED_LINES) this.#skippedLines.push(message);
  }

  add(report: EventReport): void {
    this.#events.set(report.event, (this.#events.get(report.event) ?? 0) + 1);
    const toolCall = report.event === 'PreToolUse';
    const blocked = report.verdict !== 'proceed';
    this.#toolCalls += toolCall ? 1 : 0;
    this.#blockedToolCalls += toolCall && blocked ? 1 : 0;
    this.#blocked += blocked ? 1 : 0;
    this.#changed += changedSomething(report) ? 1 : 0;
    this.#failures += report.failures.length;
    if (blocked) this.#countReason(report);
    this.#timeline.add({ line: report.line, toolCall, blocked, failed: report.failures.length > 0, changed: changedSomething(report), fireMs: report.durationMs });
  }

  summary(fixed: { transcript: string; format: TranscriptFormat; lines: number; skippedHooks: readonly SkippedHook[]; durationMs: number }): ReplaySummary {
    const reasons = [...this.#reasons.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, TOP_REASONS);
    const extra = this.#skippedLineCount - this.#skippedLines.length;
    return {
      transcript: fixed.transcript,
      format: fixed.format,
      sessionId: this.sessionId,
      lines: fixed.lines,
      skippedLines: extra > 0 ? [...this.#skippedLines, `... and ${extra} more`] : [...this.#skippedLines],
      events: Object.fromEntries(this.#events),
      toolCalls: this.#toolCalls,
      blockedToolCalls: this.#blockedToolCalls,
      blocked: this.#blocked,
      changed: this.#changed,
      failures: this.#failures,
      topReasons: reasons.map(([reason, { count, hooks }]) => ({ reason, count, hooks: [...hooks] })),
      hooks: [...this.#hooks.entries()].map(([id, { histogram, blocked, failed }]) => ({ id, runs: histogram.count, blocked, failed, p50Ms: histogram.percentile(0.5), p99Ms: histogram.percentile(0.99), maxMs: histogram.max })),
      skippedHooks: fixed.skippedHooks,
      timeline: { eventsPerBin: this.#timeline.eventsPerBin, bins: this.#timeline.bins },
      durationMs: fixed.durationMs,
    };
  }

  #countReason(report: EventReport): void {
    for (const { hook } of report.decidedBy) this.#hook(hook).blocked += 1;
    const reason = report.reason ?? '(no reason given)';
    const known = this.#reasons.get(reason);
    if (known === undefined && this.#reasons.size >= TRACKED_REASONS) return;
    const entry = known ?? { count: 0, hooks: new Set<string>() };
    entry.count += 1;
    for (const { hook } of report.decidedBy) entry.hooks.add(hook);
    this.#reasons.set(reason, entry);
  }

  #hook(id: string): { histogram: DurationHistogram; blocked: number; failed: number } {
    let hook = this.#hooks.get(id);
    if (hook === undefined) this.#hooks.set(id, (hook = { histogram: new DurationHistogram(), blocked: 0, failed: 0 }));
    return hook;
  }
}
