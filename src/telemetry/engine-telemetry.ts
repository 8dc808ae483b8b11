// An engine's OpenTelemetry side: the tracer and the instruments, and a FireTelemetry per fire
// that runs hooks. Made only when the API is installed; with no provider registered the tracer's
// spans do not record and the meter is the API's no-op one, and a fire then gets no FireTelemetry
// at all. A fire that runs no hook is never seen here (it costs what it cost before).
import type { Attributes, Context, Counter, Histogram, Meter, MeterProvider, Tracer } from '@opentelemetry/api';
import type { EventSpec } from '../events/event-specs.js';
import type { PlannedHook } from '../plan/planner.js';
import { FireTelemetry } from './fire-telemetry.js';
import { otelApi, type OtelApiModule } from './otel-api.js';
import { ATTR, METRIC, SCOPE_NAME, SPAN } from './telemetry-names.js';

export interface EngineTelemetryOptions {
  /** Record the payload and each hook's stdout/stderr on the spans (off: only sizes and outcomes). */
  readonly contents: boolean;
  /** The agent's W3C trace context (its TRACEPARENT and TRACESTATE): the parent of fires made outside any active span. */
  readonly traceparent: string | undefined;
  readonly tracestate: string | undefined;
}

/** The instruments of one meter provider. */
export interface Instruments {
  readonly fires: Counter;
  readonly fireDuration: Histogram;
  readonly hooks: Counter;
  readonly hookDuration: Histogram;
  readonly dropped: Counter;
}

export class EngineTelemetry {
  private readonly tracer: Tracer;
  private meterProvider: MeterProvider | undefined;
  private instruments: Instruments | undefined;

  private constructor(private readonly api: OtelApiModule, private readonly options: EngineTelemetryOptions) {
    this.tracer = api.trace.getTracer(SCOPE_NAME);
  }

  /** undefined when the OpenTelemetry API is not installed. */
  static create(options: EngineTelemetryOptions): EngineTelemetry | undefined {
    const api = otelApi();
    return api === null ? undefined : new EngineTelemetry(api, options);
  }

  /** Starts a fire's span (a child of the active span, else of the agent's TRACEPARENT); undefined when nothing would be recorded. */
  startFire(spec: EventSpec, chosen: readonly PlannedHook[], subject: string | null, payload: Record<string, unknown>, sessionId: string): FireTelemetry | undefined {
    const instruments = this.currentInstruments();
    const parent = this.parentContext();
    const span = this.tracer.startSpan(`${SPAN.fire} ${spec.name}`, undefined, parent);
    const recording = span.isRecording();
    if (!recording && instruments === undefined) return undefined;
    if (recording) {
      const attributes: Attributes = { [ATTR.event]: spec.name, [ATTR.hookCount]: chosen.length, [ATTR.sessionId]: sessionId };
      if (subject !== null) attributes[ATTR.subject] = subject;
      if (this.options.contents) attributes[ATTR.payload] = JSON.stringify(payload);
      span.setAttributes(attributes);
    }
    const context = this.api.trace.setSpan(parent, span);
    return new FireTelemetry(this.api, {
      event: spec.name,
      chosen,
      tracer: this.tracer,
      span: recording ? span : undefined,
      context,
      instruments,
      contents: this.options.contents,
    });
  }

  /** A background hook left the full queue without running. */
  dropped(hookId: string): void {
    this.currentInstruments()?.dropped.add(1, { [ATTR.hookId]: hookId });
  }

  private parentContext(): Context {
    const { context, trace, propagation } = this.api;
    const active = context.active();
    const { traceparent, tracestate } = this.options;
    if (traceparent === undefined || trace.getSpanContext(active) !== undefined) return active;
    // The registered propagator reads the carrier (the CLI registers W3C's; so do the SDK's defaults).
    return propagation.extract(active, tracestate === undefined ? { traceparent } : { traceparent, tracestate });
  }

  // The meter provider can be registered after the engine was made: instruments follow it. The
  // API's no-op meter means no provider: no instruments, nothing recorded.
  private currentInstruments(): Instruments | undefined {
    const provider = this.api.metrics.getMeterProvider();
    if (provider !== this.meterProvider) {
      this.meterProvider = provider;
      const meter = provider.getMeter(SCOPE_NAME);
      this.instruments = meter === this.api.createNoopMeter() ? undefined : createInstruments(meter);
    }
    return this.instruments;
  }
}

function createInstruments(meter: Meter): Instruments {
  return {
    fires: meter.createCounter(METRIC.fires, { description: 'fires that ran at least one hook' }),
    fireDuration: meter.createHistogram(METRIC.fireDuration, { description: 'time from a fire to its merged answer', unit: 'ms' }),
    hooks: meter.createCounter(METRIC.hooks, { description: 'hook runs, by status' }),
    hookDuration: meter.createHistogram(METRIC.hookDuration, { description: "a hook run's duration", unit: 'ms' }),
    dropped: meter.createCounter(METRIC.dropped, { description: 'background hooks dropped from the full queue' }),
  };
}
