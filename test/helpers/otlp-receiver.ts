// A real OTLP/HTTP receiver on 127.0.0.1 for the telemetry tests: it decodes each export request
// (application/x-protobuf) with the code generated from the official opentelemetry-proto
// definitions, as shipped in @opentelemetry/otlp-transformer 0.57 (installed as the dev dependency
// `otlp-transformer-protos`), and keeps the spans and metric points it received.
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);

interface ProtoMessage {
  decode(bytes: Uint8Array): unknown;
  toObject(message: unknown, options: Record<string, unknown>): Record<string, unknown>;
}
const root = require('otlp-transformer-protos/build/src/generated/root.js') as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: ProtoMessage } }; metrics: { v1: { ExportMetricsServiceRequest: ProtoMessage } } } } };
};
const { ExportTraceServiceRequest } = root.opentelemetry.proto.collector.trace.v1;
const { ExportMetricsServiceRequest } = root.opentelemetry.proto.collector.metrics.v1;

type Value = string | number | boolean | Value[] | null;
type Attributes = Record<string, Value>;

export interface ReceivedSpan {
  name: string;
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  attributes: Attributes;
  /** 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string };
  startMs: number;
  endMs: number;
  resource: Attributes;
  scope: string;
}

export interface ReceivedPoint {
  metric: string;
  attributes: Attributes;
  /** A sum's value, or a histogram's count. */
  value: number;
}

export interface OtlpReceiver {
  /** http://127.0.0.1:<port> (the OTLP base endpoint: /v1/traces and /v1/metrics are below it). */
  readonly endpoint: string;
  readonly spans: ReceivedSpan[];
  readonly points: ReceivedPoint[];
  /** Requests it could not decode (none expected): a message each. */
  readonly rejected: string[];
  /** Resolves once `predicate` holds on what was received (polled), or rejects after `timeoutMs`. */
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

// oneofs: an AnyValue names its member in `value`.
const TO_OBJECT = { longs: Number, bytes: String, enums: Number, oneofs: true, arrays: true };

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const points: ReceivedPoint[] = [];
  const rejected: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        if (request.headers['content-type'] !== 'application/x-protobuf') throw new Error(`content-type ${request.headers['content-type']}`);
        const body = Buffer.concat(chunks);
        if (request.url === '/v1/traces') spans.push(...readSpans(ExportTraceServiceRequest.toObject(ExportTraceServiceRequest.decode(body), TO_OBJECT)));
        else if (request.url === '/v1/metrics') points.push(...readPoints(ExportMetricsServiceRequest.toObject(ExportMetricsServiceRequest.decode(body), TO_OBJECT)));
        else throw new Error(`path ${request.url}`);
        response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      } catch (error) {
        rejected.push((error as Error).message);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    points,
    rejected,
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`the OTLP receiver did not get what was expected in ${timeoutMs} ms (${spans.length} spans, ${points.length} points)`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

type Json = Record<string, unknown>;

function readSpans(request: Json): ReceivedSpan[] {
  return (request.resourceSpans as Json[]).flatMap((resourceSpans) => {
    const resource = attributesOf(((resourceSpans.resource as Json | undefined)?.attributes ?? []) as Json[]);
    return (resourceSpans.scopeSpans as Json[]).flatMap((scopeSpans) => (scopeSpans.spans as Json[]).map((span) => ({
      name: span.name as string,
      traceId: hex(span.traceId),
      spanId: hex(span.spanId),
      parentSpanId: hex(span.parentSpanId),
      attributes: attributesOf(span.attributes as Json[]),
      status: { code: Number((span.status as Json | undefined)?.code ?? 0), message: String((span.status as Json | undefined)?.message ?? '') },
      startMs: Number(span.startTimeUnixNano) / 1e6,
      endMs: Number(span.endTimeUnixNano) / 1e6,
      resource,
      scope: ((scopeSpans.scope as Json | undefined)?.name ?? '') as string,
    })));
  });
}

function readPoints(request: Json): ReceivedPoint[] {
  return (request.resourceMetrics as Json[]).flatMap((resourceMetrics) => (resourceMetrics.scopeMetrics as Json[]).flatMap((scopeMetrics) => (scopeMetrics.metrics as Json[]).flatMap((metric) => {
    const sum = metric.sum as Json | undefined;
    const histogram = metric.histogram as Json | undefined;
    const dataPoints = ((sum ?? histogram)?.dataPoints ?? []) as Json[];
    return dataPoints.map((point) => ({
      metric: metric.name as string,
      attributes: attributesOf(point.attributes as Json[]),
      value: sum !== undefined ? Number(point.asInt ?? point.asDouble) : Number(point.count),
    }));
  })));
}

// toObject gives bytes as base64.
function hex(bytes: unknown): string {
  return Buffer.from(String(bytes ?? ''), 'base64').toString('hex');
}

function attributesOf(list: Json[]): Attributes {
  return Object.fromEntries(list.map((entry) => [entry.key as string, valueOf(entry.value as Json)]));
}

function valueOf(value: Json | undefined): Value {
  switch (value?.value) {
    case 'stringValue':
    case 'boolValue':
      return value[value.value] as Value;
    case 'intValue':
    case 'doubleValue':
      return Number(value[value.value]);
    case 'arrayValue':
      return (((value.arrayValue as Json).values ?? []) as Json[]).map(valueOf);
    default:
      return null;
  }
}
