// Running many fires at a fixed concurrency while watching the main thread: event-loop delay
// (monitorEventLoopDelay at 1 ms resolution), the synchronous part of each fire call, and the
// main thread's active time from event-loop utilisation.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { nowMs } from './clock.js';
import { summarize } from './stats.js';

/*
 * The histogram records the interval between its 1 ms timer ticks, not the lateness: an idle
 * loop reads about 1.07 ms. The delay reported here is that interval minus the resolution.
 */
const RESOLUTION_MS = 1;

/**
 * Fires `total` times, `concurrency` in flight at once, each lane starting its next fire as
 * soon as its last one settled.
 * @returns { maxDelayMs, p99DelayMs, p50DelayMs, sync: summary of ms per fire call,
 *   busyPerFireMs, wallMs, perSecond, settled }
 */
export async function runUnderLoad(fire, { total, concurrency }) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const sync = [];
  let started = 0;
  let settled = 0;
  const lane = async () => {
    while (started < total) {
      started++;
      const t0 = nowMs();
      const pending = fire();
      sync.push(nowMs() - t0);
      await pending;
      settled++;
    }
  };
  histogram.enable();
  const elu0 = performance.eventLoopUtilization();
  const t0 = nowMs();
  await Promise.all(Array.from({ length: concurrency }, lane));
  const wallMs = nowMs() - t0;
  const elu = performance.eventLoopUtilization(elu0);
  histogram.disable();
  const delay = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  return {
    maxDelayMs: delay(histogram.max),
    p99DelayMs: delay(histogram.percentile(99)),
    p50DelayMs: delay(histogram.percentile(50)),
    sync: summarize(sync),
    busyPerFireMs: elu.active / total,
    wallMs,
    perSecond: (settled / wallMs) * 1000,
    settled,
  };
}
