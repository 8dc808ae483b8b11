// five-hooks: latency of one fire that runs five distinct `true` hooks in parallel, end to end,
// against five parallel raw spawns, execa and Gemini CLI's hook system. No goal in the issue:
// this shows how the cost of a fire grows with the hooks that match it.
import { runCase } from '../../lib/case.js';
import { measureSpawnLatency } from '../../lib/latency.js';

export const title = 'Five hooks on one fire';
export const measures = 'Median and p99 latency of a fire running five `true` hooks in parallel, and the main thread time it costs.';

export function measure({ quick, log }) {
  return measureSpawnLatency({ hookCount: 5, quick, log, goals: {} });
}

await runCase(import.meta.url, { title, measures }, measure);
