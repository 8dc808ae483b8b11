// A server started by hookpool-client exports with the OTEL_* variables of the agent that called
// it, and parents each call's fire on that call's TRACEPARENT; a real OTLP receiver on 127.0.0.1.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGone } from '../helpers/processes.js';
import { startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.js';
import { createServeProject } from './serve-harness.js';

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(async () => receiver.close());

describe('hookpool serve with OTEL_* variables', () => {
  it("exports a span per call's fire, parented on the calling hook's TRACEPARENT, and flushes when it stops", async () => {
    const project = await createServeProject();
    try {
      await project.write('.hookpool/hooks.json', { hooks: [{ id: 'guard', event: 'PreToolUse', matcher: 'Bash', command: 'echo "no rm here" >&2; exit 2' }] });
      await project.cli(['trust']);
      const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: 'fleet-server', OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=kept-out', OTEL_SDK_DISABLED: undefined, OTEL_TRACES_EXPORTER: undefined, OTEL_METRICS_EXPORTER: undefined, OTEL_EXPORTER_OTLP_PROTOCOL: undefined };
      const calls = [['1111111111111111aaaaaaaaaaaaaaaa', '1111111111111111'], ['2222222222222222bbbbbbbbbbbbbbbb', '2222222222222222']];
      for (const [traceId, spanId] of calls) {
        const input = project.claudeInput('PreToolUse', { session_id: 'served', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
        const answer = await project.client(input, { ...otel, TRACEPARENT: `00-${traceId}-${spanId}-01` });
        expect(answer.exitCode).toBe(2);
      }
      const server = await project.waitForServer();
      // The server keeps where to export, never the headers (they carry API keys).
      expect(readFileSync(`/proc/${server.pid}/environ`, 'utf8')).not.toContain('kept-out');
      process.kill(server.pid, 'SIGTERM');
      await expectGone(server.pid, 20_000);
      await receiver.waitFor(() => calls.every(([traceId]) => receiver.spans.some((span) => span.traceId === traceId && span.name === 'hookpool.hook guard')));
      for (const [traceId, spanId] of calls) {
        const fire = receiver.spans.find((span) => span.traceId === traceId && span.name === 'hookpool.fire PreToolUse')!;
        expect(fire.parentSpanId).toBe(spanId);
        expect(fire.resource['service.name']).toBe('fleet-server');
        expect(receiver.spans.find((span) => span.traceId === traceId && span.name === 'hookpool.hook guard')!.parentSpanId).toBe(fire.spanId);
      }
    } finally {
      await project.remove();
    }
  });
});
