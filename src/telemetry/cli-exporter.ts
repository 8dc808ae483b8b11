// The CLI's OpenTelemetry SDK (`run`, `serve`): the official tracer and meter providers with the
// OTLP exporters the environment asks for (otel-env.ts), registered globally with the W3C trace
// context propagator and an AsyncLocalStorage context manager. The SDK packages are optional
// dependencies, required here only when a run that runs hooks is asked to export: every other
// run loads none of them. The exporters read the standard variables themselves (endpoints,
// headers, timeout, compression, metric temporality); the resource takes OTEL_SERVICE_NAME and
// OTEL_RESOURCE_ATTRIBUTES over the default service name `hookpool`.
import { createRequire } from 'node:module';
import type * as ContextAsyncHooks from '@opentelemetry/context-async-hooks';
import type * as Core from '@opentelemetry/core';
import type * as MetricsHttp from '@opentelemetry/exporter-metrics-otlp-http';
import type * as MetricsProto from '@opentelemetry/exporter-metrics-otlp-proto';
import type * as TraceHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as TraceProto from '@opentelemetry/exporter-trace-otlp-proto';
import type * as Resources from '@opentelemetry/resources';
import type * as SdkMetrics from '@opentelemetry/sdk-metrics';
import type * as SdkTrace from '@opentelemetry/sdk-trace-base';
import { writeToFd } from '../io/raw-stdio.js';
import { otelApi } from './otel-api.js';
import type { ExportPlan } from './otel-env.js';

const require = createRequire(import.meta.url);

/** The started SDK: what a process calls before it exits. */
export interface CliTelemetry {
  /** Exports what was recorded, waiting at most `timeoutMs`; resolves with a warning when it did not finish, else null. */
  flush(timeoutMs: number): Promise<string | null>;
  /** Flushes, then stops the providers (a resident server's end). */
  shutdown(timeoutMs: number): Promise<string | null>;
}

export interface StartOptions {
  /** The exporters give up on a request after this long (a short-lived `run` passes its flush bound); default: OTEL_EXPORTER_OTLP_TIMEOUT's. */
  readonly exportTimeoutMs?: number;
}

/**
 * Starts the export `plan` asks for, if it asks for one; every problem (a variable it cannot
 * follow, the SDK missing) goes to `warn`, one line each. null when nothing is exported.
 */
export function startPlannedExport(plan: ExportPlan, warn: (line: string) => void, options: StartOptions = {}): CliTelemetry | null {
  const started = plan.traces === undefined && plan.metrics === undefined ? null : startCliTelemetry(plan, options);
  for (const problem of [...plan.problems, ...(typeof started === 'string' ? [started] : [])]) warn(problem);
  return typeof started === 'string' ? null : started;
}

const MISSING = 'the OpenTelemetry variables ask for an export, but the OpenTelemetry SDK packages (hookpool\'s optional dependencies) are not installed; nothing is exported';

/** Starts the SDK for `plan`; a string says why it could not (one line). */
export function startCliTelemetry(plan: ExportPlan, options: StartOptions = {}): CliTelemetry | string {
  const api = otelApi();
  if (api === null) return MISSING;
  let sdk;
  try {
    sdk = {
      resources: require('@opentelemetry/resources') as typeof Resources,
      core: require('@opentelemetry/core') as typeof Core,
      contextHooks: require('@opentelemetry/context-async-hooks') as typeof ContextAsyncHooks,
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return MISSING;
    throw error;
  }
  const resource = sdk.resources.resourceFromAttributes({ 'service.name': 'hookpool' }).merge(sdk.resources.detectResources({ detectors: [sdk.resources.envDetector] }));
  const exporterOptions = options.exportTimeoutMs === undefined ? {} : { timeoutMillis: Math.max(1, options.exportTimeoutMs) };
  const flushers: { forceFlush(): Promise<void>; shutdown(): Promise<void> }[] = [];

  // The SDK reports a failed export through the diagnostic logger: one stderr line each, never silence.
  // A failure can reach both the logger and a flush's rejection: each message is written once.
  const reported = new Set<string>();
  const warn = (message: string) => {
    const line = diagnosticMessage(message);
    if (reported.has(line)) return;
    reported.add(line);
    writeToFd(2, `hookpool: warning: OpenTelemetry: ${line}\n`);
  };
  api.diag.setLogger({ error: warn, warn, info: () => {}, debug: () => {}, verbose: () => {} }, api.DiagLogLevel.WARN);
  api.context.setGlobalContextManager(new sdk.contextHooks.AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new sdk.core.W3CTraceContextPropagator());
  if (plan.traces !== undefined) {
    const { BasicTracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace-base') as typeof SdkTrace;
    const { OTLPTraceExporter } = plan.traces === 'http/json' ? (require('@opentelemetry/exporter-trace-otlp-http') as typeof TraceHttp) : (require('@opentelemetry/exporter-trace-otlp-proto') as typeof TraceProto);
    const provider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter(exporterOptions))] });
    api.trace.setGlobalTracerProvider(provider);
    flushers.push(provider);
  }
  if (plan.metrics !== undefined) {
    const { MeterProvider, PeriodicExportingMetricReader } = require('@opentelemetry/sdk-metrics') as typeof SdkMetrics;
    const { OTLPMetricExporter } = plan.metrics === 'http/json' ? (require('@opentelemetry/exporter-metrics-otlp-http') as typeof MetricsHttp) : (require('@opentelemetry/exporter-metrics-otlp-proto') as typeof MetricsProto);
    const provider = new MeterProvider({ resource, readers: [new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(exporterOptions) })] });
    api.metrics.setGlobalMeterProvider(provider);
    flushers.push(provider);
  }
  const within = async (work: Promise<unknown>, timeoutMs: number, what: string): Promise<string | null> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`the OpenTelemetry export did not finish within ${timeoutMs} ms (HOOKPOOL_OTEL_FLUSH_TIMEOUT_MS): ${what} may be lost`), timeoutMs);
    });
    try {
      return await Promise.race([work.then(() => null, (error: unknown) => {
        warn(error instanceof Error ? error.message : String(error));
        return null;
      }), late]);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    flush: (timeoutMs) => within(Promise.all(flushers.map((provider) => provider.forceFlush())), timeoutMs, "this run's spans and metrics"),
    shutdown: (timeoutMs) => within(Promise.all(flushers.map((provider) => provider.shutdown())), timeoutMs, 'the last spans and metrics'),
  };
}

// The SDK hands its errors over as JSON ({ message, stack, ... }): their message only, on one line.
function diagnosticMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message.replace(/\s+/g, ' ');
  } catch {
    // Plain text.
  }
  return text.replace(/\s+/g, ' ');
}
