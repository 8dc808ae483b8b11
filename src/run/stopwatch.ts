// Durations (a hook's, a fire's), read from process.hrtime. The global `performance` loads
// node:perf_hooks on its first use (~1.2 ms in a fresh process, measured on Node 20), which a
// one-shot `hookpool run` would pay for the one duration it measures.

/** Starts timing; the function returned gives the milliseconds since. */
export function startStopwatch(): () => number {
  const started = process.hrtime.bigint();
  return () => Number(process.hrtime.bigint() - started) / 1e6;
}
