// What the standard OpenTelemetry variables ask the CLI (`run`, `serve`) to export, read without
// loading anything: a run whose environment asks for nothing never loads the SDK.
// Exporters: `otlp` (OTLP over http/protobuf or http/json) and `none`. Not `console`: the CLI's
// stdout is its answer to the agent. Not `grpc`: the CLI does not ship a gRPC client.
export type OtlpProtocol = 'http/protobuf' | 'http/json';

export interface ExportPlan {
  /** The protocol of each signal to export; absent: that signal is not exported. */
  readonly traces?: OtlpProtocol;
  readonly metrics?: OtlpProtocol;
  /** How long a short-lived `run` waits for its export after writing its answer (HOOKPOOL_OTEL_FLUSH_TIMEOUT_MS). */
  readonly flushTimeoutMs: number;
  /** Variables that ask for something the CLI cannot do, one line each (printed as warnings). */
  readonly problems: readonly string[];
}

type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULT_FLUSH_TIMEOUT_MS = 500;

/**
 * The variables a server started by hookpool-client keeps from the caller (it never holds an
 * agent's secrets): where and how to export, not OTEL_EXPORTER_OTLP_*HEADERS, which carry API keys.
 */
export const FORWARDED_OTEL_VARIABLES = [
  'OTEL_SDK_DISABLED', 'OTEL_TRACES_EXPORTER', 'OTEL_METRICS_EXPORTER', 'OTEL_SERVICE_NAME', 'OTEL_RESOURCE_ATTRIBUTES',
  'OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT',
  'OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_METRICS_PROTOCOL',
  'OTEL_EXPORTER_OTLP_TIMEOUT', 'OTEL_EXPORTER_OTLP_COMPRESSION', 'OTEL_METRIC_EXPORT_INTERVAL', 'OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE',
  'HOOKPOOL_OTEL_RECORD_CONTENTS',
];

const SIGNALS = [
  { key: 'traces', exporter: 'OTEL_TRACES_EXPORTER', endpoint: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', protocol: 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL' },
  { key: 'metrics', exporter: 'OTEL_METRICS_EXPORTER', endpoint: 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT', protocol: 'OTEL_EXPORTER_OTLP_METRICS_PROTOCOL' },
] as const;

/** The export the environment asks for, or null when it asks for none (or OTEL_SDK_DISABLED=true). */
export function exportPlan(env: Env): ExportPlan | null {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return null;
  const problems: string[] = [];
  const plan: { traces?: OtlpProtocol; metrics?: OtlpProtocol } = {};
  for (const signal of SIGNALS) {
    const exporters = (env[signal.exporter] ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
    for (const name of exporters.filter((name) => name !== 'otlp' && name !== 'none')) {
      problems.push(`${signal.exporter}=${name}: hookpool exports only with otlp${name === 'console' ? ' (its stdout is the answer to the agent)' : ''}; ignored`);
    }
    const endpointSet = nonEmpty(env.OTEL_EXPORTER_OTLP_ENDPOINT) || nonEmpty(env[signal.endpoint]);
    const wanted = exporters.includes('otlp') || (exporters.length === 0 && endpointSet);
    if (!wanted || exporters.includes('none')) continue;
    const protocol = (env[signal.protocol] ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf').trim();
    if (protocol === 'http/protobuf' || protocol === 'http/json') plan[signal.key] = protocol;
    else problems.push(`${nonEmpty(env[signal.protocol]) ? signal.protocol : 'OTEL_EXPORTER_OTLP_PROTOCOL'}=${protocol}: hookpool sends OTLP over http/protobuf or http/json only; ${signal.key} are not exported`);
  }
  if (plan.traces === undefined && plan.metrics === undefined && problems.length === 0) return null;
  return { ...plan, flushTimeoutMs: flushTimeout(env, problems), problems };
}

/** HOOKPOOL_OTEL_RECORD_CONTENTS=1: the payload and each hook's stdout/stderr go on the spans. */
export function recordsContents(env: Env): boolean {
  return env.HOOKPOOL_OTEL_RECORD_CONTENTS === '1';
}

function flushTimeout(env: Env, problems: string[]): number {
  const text = env.HOOKPOOL_OTEL_FLUSH_TIMEOUT_MS;
  if (text === undefined || text.trim() === '') return DEFAULT_FLUSH_TIMEOUT_MS;
  const ms = Number(text);
  if (Number.isInteger(ms) && ms >= 0 && ms <= 60_000) return ms;
  problems.push(`HOOKPOOL_OTEL_FLUSH_TIMEOUT_MS=${text}: expected whole milliseconds from 0 to 60000; using ${DEFAULT_FLUSH_TIMEOUT_MS}`);
  return DEFAULT_FLUSH_TIMEOUT_MS;
}

function nonEmpty(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}
