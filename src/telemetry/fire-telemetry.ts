// One fire's span, its hooks' spans (children of it) and its metrics, fed by the engine's
// observers of that fire (hook started, hook settled) and by the fire's answer. A foreground hook's
// span ends at the time it settled, once the fire's answer says whether that hook decided it;
// a background hook's ends when it settles, after its fire's span may have ended.
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import type { FireResult } from '../model/fire-result.js';
import type { HookSettled } from '../engine/engine-options.js';
import type { HookStarted, RunObservers } from '../engine/observers.js';
import type { PlannedHook } from '../plan/planner.js';
import type { HookOutcome } from '../model/hook-outcome.js';
import type { Instruments } from './engine-telemetry.js';
import type { OtelApiModule } from './otel-api.js';
import { ATTR, SPAN } from './telemetry-names.js';

export interface FireTelemetryParts {
  readonly event: string;
  readonly chosen: readonly PlannedHook[];
  readonly tracer: Tracer;
  /** The fire's span; undefined when it does not record (no tracer provider, or not sampled). */
  readonly span: Span | undefined;
  /** The context whose span is the fire's: its hooks' parent. */
  readonly context: Context;
  readonly instruments: Instruments | undefined;
  readonly contents: boolean;
}

interface HookRun {
  readonly span: Span | undefined;
  /** Epoch milliseconds at which a foreground hook settled; its span ends there, with the fire. */
  settledAt?: number;
}

// Statuses where the hook answered (exit 2 and other exits are answers the protocol reads); the rest are errors.
const ANSWERED = new Set<HookOutcome['status']>(['ok', 'exit_nonzero']);

export class FireTelemetry {
  private readonly runs = new Map<string, HookRun>();
  private readonly startedAt = performance.now();

  constructor(private readonly api: OtelApiModule, private readonly parts: FireTelemetryParts) {}

  /** The engine's observers of this fire, with this fire's telemetry fed first. */
  observe(inner: RunObservers): RunObservers {
    return {
      hookStarted: (started) => {
        this.hookStarted(started);
        inner.hookStarted(started);
      },
      hookSettled: (settled) => {
        this.hookSettled(settled);
        inner.hookSettled(settled);
      },
    };
  }

  /** Ends the fire's telemetry when its answer (or its failure) is in. */
  track(answer: Promise<FireResult>): Promise<FireResult> {
    return answer.then(
      (result) => {
        this.end(result);
        return result;
      },
      (error: unknown) => {
        this.fail(error);
        throw error;
      },
    );
  }

  private hookStarted({ hookId, background }: HookStarted): void {
    this.runs.set(hookId, { span: this.startHookSpan(hookId, background) });
  }

  private hookSettled({ background, outcome }: HookSettled): void {
    // A hook that could not start (spawn_failed before the pool) was never reported started.
    const run = this.runs.get(outcome.id) ?? { span: this.startHookSpan(outcome.id, background) };
    this.runs.set(outcome.id, run);
    const kind = this.kindOf(outcome.id);
    const { instruments } = this.parts;
    if (instruments !== undefined) {
      const attributes = { [ATTR.event]: this.parts.event, [ATTR.hookId]: outcome.id, [ATTR.hookKind]: kind, [ATTR.status]: outcome.status, [ATTR.background]: background };
      instruments.hooks.add(1, attributes);
      instruments.hookDuration.record(outcome.durationMs, attributes);
    }
    const { span } = run;
    if (span === undefined) return;
    span.setAttributes(this.outcomeAttributes(outcome));
    if (!ANSWERED.has(outcome.status)) span.setStatus({ code: this.api.SpanStatusCode.ERROR, message: outcome.error ?? outcome.status });
    if (background) span.end();
    else run.settledAt = performance.timeOrigin + performance.now();
  }

  private end(result: FireResult): void {
    const { span, instruments, event } = this.parts;
    const deciders = new Set(result.decidedBy.map(({ id }) => id));
    for (const [id, run] of this.runs) {
      if (run.settledAt === undefined) continue;
      if (result.decision !== null && deciders.has(id)) run.span?.setAttribute(ATTR.hookDecision, result.decision);
      run.span?.end(run.settledAt);
    }
    if (span !== undefined) {
      const attributes: Attributes = { [ATTR.blocked]: result.blocked, [ATTR.failures]: result.failures.length };
      if (result.decision !== null) attributes[ATTR.decision] = result.decision;
      if (deciders.size > 0) attributes[ATTR.decidedBy] = [...deciders];
      span.setAttributes(attributes);
      span.end();
    }
    if (instruments !== undefined) {
      const attributes: Attributes = { [ATTR.event]: event, [ATTR.blocked]: result.blocked };
      if (result.decision !== null) attributes[ATTR.decision] = result.decision;
      instruments.fires.add(1, attributes);
      instruments.fireDuration.record(performance.now() - this.startedAt, { [ATTR.event]: event });
    }
  }

  private fail(error: unknown): void {
    const { span, instruments, event } = this.parts;
    const message = error instanceof Error ? error.message : String(error);
    for (const run of this.runs.values()) if (run.settledAt !== undefined) run.span?.end(run.settledAt);
    span?.setStatus({ code: this.api.SpanStatusCode.ERROR, message });
    span?.end();
    const errorType = (error as { code?: unknown } | null)?.code;
    instruments?.fires.add(1, { [ATTR.event]: event, 'error.type': typeof errorType === 'string' ? errorType : 'Error' });
  }

  private startHookSpan(hookId: string, background: boolean): Span | undefined {
    if (this.parts.span === undefined) return undefined;
    const attributes = { [ATTR.event]: this.parts.event, [ATTR.hookId]: hookId, [ATTR.hookKind]: this.kindOf(hookId), [ATTR.background]: background };
    return this.parts.tracer.startSpan(`${SPAN.hook} ${hookId}`, { attributes }, this.parts.context);
  }

  private kindOf(hookId: string): string {
    return this.parts.chosen.find((planned) => planned.hook.id === hookId)?.hook.handler.kind ?? 'command';
  }

  private outcomeAttributes(outcome: HookOutcome): Attributes {
    const attributes: Attributes = {
      [ATTR.status]: outcome.status,
      [ATTR.durationMs]: outcome.durationMs,
      [ATTR.stdoutBytes]: Buffer.byteLength(outcome.stdout),
      [ATTR.stderrBytes]: Buffer.byteLength(outcome.stderr),
      [ATTR.truncated]: outcome.truncated,
    };
    if (outcome.exitCode !== null) attributes[ATTR.exitCode] = outcome.exitCode;
    if (outcome.signal !== null) attributes[ATTR.signal] = outcome.signal;
    if (this.parts.contents) {
      attributes[ATTR.stdout] = outcome.stdout;
      attributes[ATTR.stderr] = outcome.stderr;
    }
    return attributes;
  }
}
