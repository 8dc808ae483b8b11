// one-hook: latency of one fire that runs one `true` hook, end to end (fire call to result in
// hand), against spawning `sh -c true` with node:child_process on the main thread, execa, and
// Gemini CLI's hook system firing BeforeTool; beside them the floor, the same spawn from a node
// program that does nothing else (bench/floors/raw-spawn.js). Goals: the thread host's median ≤
// 1.15x raw spawn; the process host's ≤ 0.9x (issue 23: a spare process per hook fired often).
// Then the agent holds 1 GB and raw spawn and the process host run again: there the process
// host's median ≤ 0.15x raw spawn's (a fork from the agent copies its page tables).
import { runCase } from '../../lib/case.js';
import { holdingName, measureSpawnLatency, MINIMAL_SPAWN_FLOOR } from '../../lib/latency.js';
import { EXECA, GEMINI, hookpoolName, RAW } from '../../lib/contenders.js';
import { medianToRowAtMost, ratioAtMost, reference } from '../../lib/rows.js';

const GB = 1024 ** 3;

export const title = 'One `true` hook, end to end';
export const measures = 'Median and p99 latency of a fire running one `true` hook, and the main thread time each fire costs.';

export function measure({ quick, log }) {
  return measureSpawnLatency({
    hookCount: 1,
    quick,
    log,
    floor: true,
    held: GB,
    heldContenders: [RAW, hookpoolName('process')],
    goals: {
      [holdingName(hookpoolName('process'), 1024)]: medianToRowAtMost(0.15, holdingName(RAW, 1024)),
      [hookpoolName('thread')]: ratioAtMost(1.15),
      [hookpoolName('process')]: ratioAtMost(0.9),
      [MINIMAL_SPAWN_FLOOR]: reference('the spawn alone, from a small process'),
      [GEMINI]: reference('issue: ~1.3x'),
      [EXECA]: reference('issue: ~2.1x'),
    },
  });
}

await runCase(import.meta.url, { title, measures }, measure);
