// The library's OpenTelemetry spans and metrics, exported by the official SDK (OTLP/HTTP protobuf)
// to a real receiver on 127.0.0.1 that decodes them with the official protobuf definitions.
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine } from '../../src/index.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver.js';

let receiver: OtlpReceiver;
let tracerProvider: BasicTracerProvider;
let meterProvider: MeterProvider;
let engine: HookEngine | undefined;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  const resource = resourceFromAttributes({ 'service.name': 'telemetry-test' });
  tracerProvider = new BasicTracerProvider({ resource, spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: `${receiver.endpoint}/v1/traces` }))] });
  meterProvider = new MeterProvider({ resource, readers: [new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter({ url: `${receiver.endpoint}/v1/metrics` }), exportIntervalMillis: 3_600_000 })] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
});

afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

afterAll(async () => {
  await tracerProvider.shutdown();
  await meterProvider.shutdown();
  trace.disable();
  metrics.disable();
  context.disable();
  propagation.disable();
  await receiver.close();
});

const GUARD = { id: 'guard', event: 'PreToolUse', matcher: 'Bash', command: 'echo "no rm here" >&2; exit 2' };
const QUIET = { id: 'quiet', event: 'PreToolUse', matcher: 'Bash', command: 'echo ok' };

/** The spans of the trace holding the fire span whose session id is `sessionId`: that fire's and its hooks'. */
async function fireTrace(sessionId: string, hookCount: number): Promise<{ fire: ReceivedSpan; hooks: ReceivedSpan[] }> {
  await tracerProvider.forceFlush();
  const fireOf = () => receiver.spans.find((span) => span.name.startsWith('hookpool.fire') && span.attributes['hookpool.session.id'] === sessionId);
  const hooksOf = (fire: ReceivedSpan) => receiver.spans.filter((span) => span.parentSpanId === fire.spanId && span.traceId === fire.traceId);
  await receiver.waitFor(() => fireOf() !== undefined && hooksOf(fireOf()!).length === hookCount);
  const fire = fireOf()!;
  return { fire, hooks: hooksOf(fire).sort((a, b) => a.name.localeCompare(b.name)) };
}

describe('OpenTelemetry from the library', () => {
  it('makes a span per fire and per hook, the hooks children of the fire, with outcomes and no contents', async () => {
    engine = createHookEngine({ host: 'thread', sessionId: 'spans-1', hooks: [GUARD, QUIET] });
    const result = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /secret-path' } });
    expect(result.blocked).toBe(true);
    const { fire, hooks } = await fireTrace('spans-1', 2);
    expect(fire.name).toBe('hookpool.fire PreToolUse');
    expect(fire.parentSpanId).toBe('');
    expect(fire.scope).toBe('hookpool');
    expect(fire.resource['service.name']).toBe('telemetry-test');
    expect(fire.attributes).toMatchObject({
      'hookpool.event': 'PreToolUse', 'hookpool.subject': 'Bash', 'hookpool.hooks.count': 2,
      'hookpool.blocked': true, 'hookpool.decision': result.decision, 'hookpool.decided_by': ['guard'], 'hookpool.failures.count': 0,
    });
    const [guard, quiet] = hooks;
    expect(guard!.name).toBe('hookpool.hook guard');
    expect(guard!.attributes).toMatchObject({
      'hookpool.event': 'PreToolUse', 'hookpool.hook.id': 'guard', 'hookpool.hook.kind': 'command', 'hookpool.hook.background': false,
      'hookpool.hook.status': 'exit_nonzero', 'hookpool.hook.exit_code': 2, 'hookpool.hook.stdout_bytes': 0,
      'hookpool.hook.stderr_bytes': Buffer.byteLength('no rm here\n'), 'hookpool.hook.truncated': false, 'hookpool.hook.decision': result.decision,
    });
    expect(guard!.attributes['hookpool.hook.duration_ms']).toBe(result.hooks.find((hook) => hook.id === 'guard')!.durationMs);
    expect(guard!.status.code).toBe(0);
    expect(quiet!.attributes).toMatchObject({ 'hookpool.hook.id': 'quiet', 'hookpool.hook.status': 'ok', 'hookpool.hook.exit_code': 0, 'hookpool.hook.stdout_bytes': 3 });
    expect(quiet!.attributes).not.toHaveProperty('hookpool.hook.decision');
    for (const span of [guard!, quiet!]) {
      expect(span.startMs).toBeGreaterThanOrEqual(fire.startMs);
      expect(span.endMs).toBeLessThanOrEqual(fire.endMs);
    }
    // Neither the payload nor any output is recorded unless asked.
    const everything = JSON.stringify([fire, ...hooks]);
    expect(everything).not.toContain('secret-path');
    expect(everything).not.toContain('no rm here');
    expect(receiver.rejected).toEqual([]);
  });

  it('marks a hook that timed out as an error, and records contents when asked', async () => {
    engine = createHookEngine({ host: 'thread', sessionId: 'spans-2', telemetry: { contents: true },
      hooks: [{ id: 'slow', event: 'PostToolUse', command: 'echo partial; sleep 5', timeout: 300 }, { id: 'echo', event: 'PostToolUse', command: 'cat >/dev/null; echo seen' }] });
    await engine.fire('PostToolUse', { tool_name: 'Read', tool_input: { file_path: '/tmp/visible-path' } });
    const { fire, hooks } = await fireTrace('spans-2', 2);
    const [echo, slow] = hooks;
    expect(slow!.attributes['hookpool.hook.status']).toBe('timed_out');
    expect(slow!.status.code).toBe(2);
    expect(slow!.status.message).not.toBe('');
    expect(echo!.attributes['hookpool.hook.stdout']).toBe('seen\n');
    expect(JSON.parse(fire.attributes['hookpool.payload'] as string)).toEqual({ tool_name: 'Read', tool_input: { file_path: '/tmp/visible-path' } });
  });

  it("parents a fire on the agent's active span", async () => {
    engine = createHookEngine({ host: 'thread', sessionId: 'spans-3', hooks: [QUIET] });
    const agentTracer = trace.getTracer('agent');
    const agentSpan = agentTracer.startSpan('agent turn');
    await context.with(trace.setSpan(context.active(), agentSpan), () => engine!.fire('PreToolUse', { tool_name: 'Bash' }));
    agentSpan.end();
    const { fire } = await fireTrace('spans-3', 1);
    expect(fire.traceId).toBe(agentSpan.spanContext().traceId);
    expect(fire.parentSpanId).toBe(agentSpan.spanContext().spanId);
  });

  it("parents a fire made outside any span on the TRACEPARENT of the agent's environment", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    engine = createHookEngine({ host: 'thread', sessionId: 'spans-4', env: { PATH: process.env.PATH, TRACEPARENT: `00-${traceId}-${parentId}-01` }, hooks: [QUIET] });
    await engine.fire('PreToolUse', { tool_name: 'Bash' });
    const { fire, hooks } = await fireTrace('spans-4', 1);
    expect(fire.traceId).toBe(traceId);
    expect(fire.parentSpanId).toBe(parentId);
    expect(hooks[0]!.traceId).toBe(traceId);
  });

  it('gives a background hook a child span that ends after its fire', async () => {
    engine = createHookEngine({ host: 'thread', sessionId: 'spans-5', hooks: [{ id: 'later', event: 'PostToolUse', command: 'sleep 0.3', background: true }, { id: 'now', event: 'PostToolUse', command: 'true' }] });
    await engine.fire('PostToolUse', { tool_name: 'Edit' });
    await engine.close();
    const { fire, hooks } = await fireTrace('spans-5', 2);
    const later = hooks.find((span) => span.attributes['hookpool.hook.id'] === 'later')!;
    expect(later.attributes).toMatchObject({ 'hookpool.hook.background': true, 'hookpool.hook.status': 'ok' });
    expect(later.endMs).toBeGreaterThan(fire.endMs);
  });

  it('makes no span for a fire that runs no hook, and none at all with telemetry: false', async () => {
    engine = createHookEngine({ host: 'thread', sessionId: 'spans-6', hooks: [QUIET] });
    await engine.fire('PreToolUse', { tool_name: 'Read' });
    await engine.close();
    engine = createHookEngine({ host: 'thread', sessionId: 'spans-7', telemetry: false, hooks: [QUIET] });
    await engine.fire('PreToolUse', { tool_name: 'Bash' });
    await engine.close();
    engine = createHookEngine({ host: 'thread', sessionId: 'spans-8', hooks: [QUIET] });
    await engine.fire('PreToolUse', { tool_name: 'Bash' });
    await fireTrace('spans-8', 1);
    const sessions = new Set(receiver.spans.map((span) => span.attributes['hookpool.session.id']));
    expect(sessions.has('spans-6')).toBe(false);
    expect(sessions.has('spans-7')).toBe(false);
  });

  it('counts fires, hooks by status, their durations and dropped background hooks', async () => {
    engine = createHookEngine({ host: 'thread', sessionId: 'metrics-1', pool: { backgroundConcurrency: 1, backgroundQueueSize: 1 },
      hooks: [GUARD, QUIET, { id: 'bg', event: 'Notification', command: 'sleep 0.2', background: true }] });
    await engine.fire('PreToolUse', { tool_name: 'Bash' });
    await engine.fire('PreToolUse', { tool_name: 'Bash' });
    for (let i = 0; i < 3; i++) await engine.fire('Notification', { message: `n${i}` });
    await engine.close();
    await meterProvider.forceFlush();
    const point = (metric: string, attributes: Record<string, unknown>) =>
      receiver.points.filter((p) => p.metric === metric && Object.entries(attributes).every(([key, value]) => p.attributes[key] === value)).at(-1)?.value;
    await receiver.waitFor(() => point('hookpool.fires', { 'hookpool.event': 'PreToolUse' }) !== undefined);
    expect(point('hookpool.fires', { 'hookpool.event': 'PreToolUse', 'hookpool.blocked': true })).toBeGreaterThanOrEqual(2);
    expect(point('hookpool.hooks', { 'hookpool.hook.id': 'guard', 'hookpool.hook.status': 'exit_nonzero', 'hookpool.hook.kind': 'command' })).toBeGreaterThanOrEqual(2);
    expect(point('hookpool.hooks', { 'hookpool.hook.id': 'quiet', 'hookpool.hook.status': 'ok' })).toBeGreaterThanOrEqual(2);
    expect(point('hookpool.hook.duration', { 'hookpool.hook.id': 'guard' })).toBeGreaterThanOrEqual(2);
    expect(point('hookpool.fire.duration', { 'hookpool.event': 'PreToolUse' })).toBeGreaterThanOrEqual(2);
    expect(point('hookpool.background.dropped', { 'hookpool.hook.id': 'bg' })).toBeGreaterThanOrEqual(1);
    expect(point('hookpool.hooks', { 'hookpool.hook.id': 'bg', 'hookpool.hook.status': 'aborted', 'hookpool.hook.background': true })).toBeGreaterThanOrEqual(1);
  });
});
