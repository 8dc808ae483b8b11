// tracing: what hookpool's OpenTelemetry instrumentation costs per fire, for a fire no hook matches
// (ns) and a fire running one `true` hook (thread host), in three states: tracing off
// (`telemetry: false`: the engine's path when @opentelemetry/api is not installed), the API
// installed with no provider registered (what every agent without OpenTelemetry gets), and a
// registered SDK provider exporting spans (batched) and metrics over OTLP/HTTP protobuf to a
// receiver on 127.0.0.1. A provider is process-wide, so the case runs two interleaved phases,
// each against its own "tracing off" engine: before and after registering the provider.
import { createServer } from 'node:http';
import { runCase } from '../../lib/case.js';
import { hookpoolHooks, loadHookpool } from '../../lib/hookpool.js';
import { runInterleaved } from '../../lib/interleave.js';
import { HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD, UNMATCHED_HOOKPOOL_PAYLOAD } from '../../lib/payload.js';
import { caseResult, contenderRows, medianP99 } from '../../lib/rows.js';
import { withTempDir } from '../../lib/tmp.js';
import { closingAfter, firstLine } from '../../lib/contenders.js';

export const title = 'Tracing cost per fire';
export const measures = 'No-match (ns) and one-hook (µs) fire cost with tracing off, with @opentelemetry/api and no provider, and with an SDK provider exporting OTLP.';

const OFF = 'tracing off';
const NO_PROVIDER = 'API, no provider';
const PROVIDER = 'provider + OTLP exporter';
const NO_MATCH_BATCH = 2000;

// A receiver that takes OTLP requests and answers 200 (the export's cost is the SDK's, not a decoder's).
async function startSink() {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }) };
}

async function registerProvider(url) {
  const [api, { BasicTracerProvider, BatchSpanProcessor }, { MeterProvider, PeriodicExportingMetricReader }, { OTLPTraceExporter }, { OTLPMetricExporter }] = await Promise.all([
    import('@opentelemetry/api'), import('@opentelemetry/sdk-trace-base'), import('@opentelemetry/sdk-metrics'),
    import('@opentelemetry/exporter-trace-otlp-proto'), import('@opentelemetry/exporter-metrics-otlp-proto'),
  ]);
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${url}/v1/traces` }))] });
  const meterProvider = new MeterProvider({ readers: [new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter({ url: `${url}/v1/metrics` }), exportIntervalMillis: 1000 })] });
  api.trace.setGlobalTracerProvider(tracerProvider);
  api.metrics.setGlobalMeterProvider(meterProvider);
  return { close: async () => { await tracerProvider.shutdown(); await meterProvider.shutdown(); } };
}

export async function measure({ quick, log }) {
  const hookpool = await loadHookpool();
  if (hookpool.missing) throw new Error(hookpool.missing);
  const rounds = quick ? 30 : 200;
  return withTempDir(async (cwd) => {
    const closers = [];
    const engineFor = (telemetry) => {
      const engine = hookpool.createHookEngine({ cwd, host: 'thread', telemetry, hooks: hookpoolHooks(['true'], { timeoutMs: 10_000 }) });
      closers.push({ name: 'engine', close: () => engine.close() });
      return engine;
    };
    const contendersFor = (label, engine, phase) => [
      { name: `no match: ${label}${phase}`, kind: 'noMatch', fire: async () => { for (let i = 0; i < NO_MATCH_BATCH; i++) await engine.fire(HOOKPOOL_EVENT, UNMATCHED_HOOKPOOL_PAYLOAD); } },
      { name: `one hook: ${label}${phase}`, kind: 'oneHook', fire: () => engine.fire(HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD), check: (result) => { if (result.hooks[0]?.status !== 'ok') throw new Error(JSON.stringify(result.hooks)); } },
    ];
    const phase = async (contenders) => {
      for (const c of contenders.filter((c) => c.kind === 'oneHook')) for (let i = 0; i < 16; i++) await c.fire();
      return runInterleaved(contenders, { warmup: 3, rounds, budgetMs: quick ? 8_000 : 90_000 });
    };
    const sink = await startSink();
    try {
      return await closingAfter(closers, async () => {
        log('phase 1: no provider registered');
        const first = [...contendersFor(OFF, engineFor(false), ' (1)'), ...contendersFor(NO_PROVIDER, engineFor(undefined), '')];
        const firstSamples = await phase(first);
        log('phase 2: a provider exporting OTLP');
        const provider = await registerProvider(sink.url);
        closers.push({ name: 'provider', close: () => provider.close() });
        const second = [...contendersFor(OFF, engineFor(false), ' (2)'), ...contendersFor(PROVIDER, engineFor(undefined), '')];
        const secondSamples = await phase(second);
        const perFire = ({ total }, { kind }) =>
          medianP99(total.map((ms) => (kind === 'noMatch' ? (ms * 1e6) / NO_MATCH_BATCH : ms * 1e3)), { unit: kind === 'noMatch' ? 'ns' : 'µs' });
        const rows = [...contenderRows(first, firstSamples, perFire), ...contenderRows(second, secondSamples, perFire)];
        // Each row against the "tracing off" row of its kind in its own phase.
        const offOf = (name) => (name.startsWith('no match') ? 'no match' : 'one hook') + `: ${OFF} (${name.includes(PROVIDER) || name.endsWith('(2)') ? 2 : 1})`;
        for (const row of rows) {
          const off = rows.find((r) => r.name === offOf(row.name))?.values?.median;
          if (row.values?.median !== undefined && Number.isFinite(off)) row.values.vsOff = row.values.median / off;
        }
        const within = (max) => ({ text: `≤ ${max}x tracing off`, pass: (row) => Number.isFinite(row.values?.vsOff) && row.values.vsOff <= max, measured: (row) => `${row.values.vsOff.toFixed(2)}x` });
        return caseResult({
          params: { rounds, noMatchBatch: NO_MATCH_BATCH, host: 'thread' },
          columns: [
            { key: 'median', label: 'median per fire' },
            { key: 'p99', label: 'p99 per fire' },
            { key: 'unit', label: 'unit' },
            { key: 'vsOff', label: 'x tracing off (same phase)' },
          ],
          baseline: `one hook: ${OFF} (1)`,
          ratioKey: 'median',
          rows,
          goals: {
            [`no match: ${NO_PROVIDER}`]: within(1.1),
            [`one hook: ${NO_PROVIDER}`]: within(1.05),
            [`no match: ${PROVIDER}`]: within(1.1),
          },
          notes: [
            '"tracing off" is `telemetry: false`, the same engine path as when @opentelemetry/api is not installed (no telemetry object is made).',
            `No-match samples are batches of ${NO_MATCH_BATCH} awaited fires (ns/fire); one-hook samples are single fires (µs, fire call to result).`,
            'A fire that runs no hook makes no span and records no metric in any state; with a provider each one-hook fire makes 2 spans (fire, hook), batched, and updates 4 instruments.',
            'The ratio column is against phase 1\'s one-hook row; compare rows with "x tracing off", which uses the tracing-off row of the same phase.',
          ],
        });
      });
    } catch (error) {
      return { error: firstLine(error) };
    } finally {
      await sink.close();
    }
  });
}

await runCase(import.meta.url, { title, measures }, measure);
