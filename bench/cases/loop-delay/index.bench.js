// loop-delay: the agent's event loop while 200 `true` hooks run 8 at a time: the worst and p99
// event-loop delay (monitorEventLoopDelay, 1 ms resolution) and the main-thread time each fire
// costs. Goal: hookpool blocks the main thread ≤ 0.1 ms per fire and the worst delay stays < 5 ms.
import { runCase } from '../../lib/case.js';
import { measureLoopDelay } from '../../lib/loop-delay.js';

export const title = 'Main-thread event-loop delay, 200 hooks 8 at a time';
export const measures = 'Worst and p99 event-loop delay, and main-thread time blocked and busy per fire, while 200 `true` hooks run 8 at a time.';

export function measure({ quick, log }) {
  return measureLoopDelay({ quick, log, total: quick ? 80 : 200 });
}

await runCase(import.meta.url, { title, measures }, measure);
