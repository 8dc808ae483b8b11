// `hookpool run` exporting its spans and metrics with the official SDK, configured by the standard
// OTEL_* variables, to a real OTLP receiver on 127.0.0.1 (official protobuf definitions).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.js';
import { createTempProject, nativeConfig, type TempProject } from './cli-harness.js';

let receiver: OtlpReceiver;
let project: TempProject;
let config: string;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(async () => receiver.close());
beforeEach(async () => {
  project = await createTempProject();
  config = await project.write('telemetry-hooks.json', nativeConfig([
    { id: 'no-rm', event: 'PreToolUse', matcher: 'Bash', command: 'grep -q "rm -rf" && { echo "rm -rf is not allowed" >&2; exit 2; }; exit 0' },
    { id: 'note', event: 'PreToolUse', matcher: 'Bash', command: 'cat >/dev/null; echo noted' },
  ]));
});
afterEach(async () => project.remove());

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const PARENT_ID = 'b7ad6b7169203331';
const OFF = { OTEL_SDK_DISABLED: undefined, OTEL_TRACES_EXPORTER: undefined, OTEL_METRICS_EXPORTER: undefined, OTEL_EXPORTER_OTLP_PROTOCOL: undefined, OTEL_SERVICE_NAME: undefined, TRACEPARENT: undefined, OTEL_EXPORTER_OTLP_ENDPOINT: undefined };

function claudeCall(session: string, command: string): string {
  return project.claudeInput('PreToolUse', { session_id: session, tool_name: 'Bash', tool_input: { command } });
}

describe('hookpool run with OTEL_* variables', () => {
  it('answers first, then exports a fire span parented on TRACEPARENT with its hook spans, and the metrics', async () => {
    const env = { ...OFF, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: 'fleet-agent', TRACEPARENT: `00-${TRACE_ID}-${PARENT_ID}-01` };
    const { exitCode, stderr } = await project.cli(['run', '--format', 'claude', '--config', config], { input: claudeCall('cli-1', 'rm -rf /tmp/x'), env });
    expect(exitCode).toBe(2);
    expect(stderr).toContain('rm -rf is not allowed');
    // The process has exited: everything it exports was sent before.
    const fire = receiver.spans.find((span) => span.attributes['hookpool.session.id'] === 'cli-1');
    expect(fire).toBeDefined();
    expect(fire!).toMatchObject({ name: 'hookpool.fire PreToolUse', traceId: TRACE_ID, parentSpanId: PARENT_ID, scope: 'hookpool' });
    expect(fire!.resource['service.name']).toBe('fleet-agent');
    expect(fire!.attributes).toMatchObject({ 'hookpool.event': 'PreToolUse', 'hookpool.subject': 'Bash', 'hookpool.blocked': true, 'hookpool.decided_by': ['no-rm'] });
    const hooks = receiver.spans.filter((span) => span.parentSpanId === fire!.spanId);
    expect(hooks.map((span) => span.name).sort()).toEqual(['hookpool.hook no-rm', 'hookpool.hook note']);
    expect(hooks.every((span) => span.traceId === TRACE_ID)).toBe(true);
    expect(hooks.find((span) => span.name === 'hookpool.hook no-rm')!.attributes).toMatchObject({ 'hookpool.hook.exit_code': 2, 'hookpool.hook.status': 'exit_nonzero', 'hookpool.hook.decision': 'deny' });
    expect(JSON.stringify([fire, ...hooks])).not.toContain('/tmp/x');
    const fires = receiver.points.filter((point) => point.metric === 'hookpool.fires' && point.attributes['hookpool.blocked'] === true);
    expect(fires.length).toBeGreaterThan(0);
    expect(receiver.points.some((point) => point.metric === 'hookpool.hooks' && point.attributes['hookpool.hook.id'] === 'note' && point.attributes['hookpool.hook.status'] === 'ok')).toBe(true);
    expect(receiver.rejected).toEqual([]);
  });

  it('exports traces only when OTEL_METRICS_EXPORTER=none, and nothing with OTEL_SDK_DISABLED=true', async () => {
    const env = { ...OFF, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_METRICS_EXPORTER: 'none' };
    const before = receiver.points.length;
    expect((await project.cli(['run', '--format', 'claude', '--config', config], { input: claudeCall('cli-2', 'ls'), env })).exitCode).toBe(0);
    expect(receiver.spans.some((span) => span.attributes['hookpool.session.id'] === 'cli-2' && span.parentSpanId === '')).toBe(true);
    expect(receiver.points.length).toBe(before);
    const disabled = await project.cli(['run', '--format', 'claude', '--config', config], { input: claudeCall('cli-3', 'ls'), env: { ...env, OTEL_SDK_DISABLED: 'true' } });
    expect(disabled).toMatchObject({ exitCode: 0, stderr: '' });
    expect(receiver.spans.some((span) => span.attributes['hookpool.session.id'] === 'cli-3')).toBe(false);
  });

  it('loads no OpenTelemetry module on a run that does not export, or that runs no hook', async () => {
    const log = `${project.dir}/loaded.log`;
    const probe = await project.write('probe.cjs', `process.on('exit', () => require('node:fs').appendFileSync(${JSON.stringify(log)}, Object.keys(require.cache).filter((file) => file.includes('@opentelemetry')).length + '\\n'));`);
    const env = { ...OFF, NODE_OPTIONS: `--require ${probe}` };
    expect((await project.cli(['run', '--format', 'claude', '--config', config], { input: claudeCall('cli-6', 'ls'), env })).exitCode).toBe(0);
    const noMatch = project.claudeInput('PreToolUse', { session_id: 'cli-7', tool_name: 'Read', tool_input: {} });
    expect((await project.cli(['run', '--format', 'claude', '--config', config], { input: noMatch, env: { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint } })).exitCode).toBe(0);
    expect(await project.read('loaded.log')).toBe('0\n0\n');
  });

  it('still answers when the collector is down or the protocol is one it cannot speak, and says so on stderr', async () => {
    const down = await project.cli(['run', '--format', 'claude', '--config', config], { input: claudeCall('cli-4', 'rm -rf /'), env: { ...OFF, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_METRICS_EXPORTER: 'none' } });
    expect(down.exitCode).toBe(2);
    expect(down.stderr).toContain('rm -rf is not allowed');
    expect(down.stderr).toMatch(/^hookpool: warning: OpenTelemetry: .*ECONNREFUSED/m);
    expect(down.stderr).not.toContain('    at ');
    const grpc = await project.cli(['run', '--format', 'claude', '--config', config], { input: claudeCall('cli-5', 'ls'), env: { ...OFF, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' } });
    expect(grpc.exitCode).toBe(0);
    expect(grpc.stderr).toContain('hookpool: warning: OTEL_EXPORTER_OTLP_PROTOCOL=grpc: hookpool sends OTLP over http/protobuf or http/json only; traces are not exported');
    expect(receiver.spans.some((span) => span.attributes['hookpool.session.id'] === 'cli-5')).toBe(false);
  });
});
