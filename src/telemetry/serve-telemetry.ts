// `hookpool serve`'s export: started with the server when its environment asks for one (the
// standard OTEL_* variables, otel-env.ts), flushed and stopped when it stops. A call from the
// agent's side (hookpool-client) carries that hook's environment: its TRACEPARENT parents the
// fire the call makes.
import { writeToFd } from '../io/raw-stdio.js';
import { startPlannedExport, type CliTelemetry } from './cli-exporter.js';
import { otelApi } from './otel-api.js';
import { exportPlan } from './otel-env.js';

/** How long a stopping server waits for its last export. */
const SHUTDOWN_TIMEOUT_MS = 5_000;

let started: CliTelemetry | undefined;

/** Starts the export the environment asks for (problems are one stderr line each); resolves the function that stops it. */
export function startServeTelemetry(env: NodeJS.ProcessEnv = process.env): () => Promise<void> {
  const plan = exportPlan(env);
  const telemetry = plan === null ? null : startPlannedExport(plan, (line) => writeToFd(2, `hookpool serve: warning: ${line}\n`));
  if (telemetry === null) return async () => {};
  started = telemetry;
  return async () => {
    started = undefined;
    const warning = await telemetry.shutdown(SHUTDOWN_TIMEOUT_MS);
    if (warning !== null) writeToFd(2, `hookpool serve: warning: ${warning}\n`);
  };
}

/** The server exports: its engines make spans and metrics (otherwise they do not even load the API). */
export function serverExports(): boolean {
  return started !== undefined;
}

/** Runs `fire` in the trace context of the calling hook's TRACEPARENT/TRACESTATE, when the server exports and the call has one. */
export function inCallerTrace<T>(env: Readonly<Record<string, string | undefined>>, fire: () => T): T {
  const api = started === undefined ? null : otelApi();
  const traceparent = env.TRACEPARENT;
  if (api === null || traceparent === undefined) return fire();
  const carrier = env.TRACESTATE === undefined ? { traceparent } : { traceparent, tracestate: env.TRACESTATE };
  return api.context.with(api.propagation.extract(api.context.active(), carrier), fire);
}
