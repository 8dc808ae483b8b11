// loop-delay-1gb: as loop-delay, with the agent holding 1 GB of Buffers (64 MB chunks, every
// page touched). fork() write-locks the whole address space, so from a big process every spawn,
// from any thread, can stall the main thread; this is where the `process` host should earn its
// keep. Same goal: ≤ 0.1 ms blocked per fire and worst delay < 5 ms.
import { runCase } from '../../lib/case.js';
import { measureLoopDelay } from '../../lib/loop-delay.js';

export const title = 'Main-thread event-loop delay with 1 GB of Buffers held';
export const measures = 'As loop-delay, while the agent holds 1 GB of touched Buffers.';

const GB = 1024 * 1024 * 1024;

export function measure({ quick, log }) {
  return measureLoopDelay({ quick, log, holdBytes: GB, total: quick ? 16 : 200, rounds: quick ? 1 : 3 });
}

await runCase(import.meta.url, { title, measures }, measure);
