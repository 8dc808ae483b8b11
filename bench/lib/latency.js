// Shared body of the end-to-end latency cases: every contender runs the same `true` commands
// per fire, one fire at a time, interleaved round-robin, with the Gemini peer loaded in the
// process for all of them (spawn cost grows with the size of the spawning process).
import { loadGemini } from './gemini.js';
import { loadHookpool } from './hookpool.js';
import { closingAfter, createSpawnContenders, warmUp, RAW } from './contenders.js';
import { runInterleaved } from './interleave.js';
import { median } from './stats.js';
import { MEDIAN_P99_COLUMNS, caseResult, contenderRows, medianP99 } from './rows.js';
import { trueCommands } from './payload.js';
import { withTempDir } from './tmp.js';
import { startFloor } from './floor-child.js';
import { holdBuffers, MB } from './memory.js';

/** The row of bench/floors/raw-spawn.js: the same spawn from a node program that does nothing else. */
export const MINIMAL_SPAWN_FLOOR = 'floor: raw spawn from a minimal node program (bench/floors/raw-spawn.js)';

export const LATENCY_COLUMNS = [
  ...MEDIAN_P99_COLUMNS,
  { key: 'syncMedian', label: 'blocked/fire ms' },
  { key: 'busyMedian', label: 'busy/fire ms' },
];

/** A row's LATENCY_COLUMNS values from its runInterleaved samples. */
export const latencyValues = (samples) => medianP99(samples.total, { syncMedian: median(samples.sync), busyMedian: median(samples.busy) });

/** A contender's row name in the phase where the agent holds `heldMB` of memory. */
export const holdingName = (name, heldMB) => `${name}, agent holding ${heldMB >= 1024 ? `${heldMB / 1024} GB` : `${heldMB} MB`}`;

/**
 * Latency of one fire running `hookCount` `true` hooks; `goals` keyed by contender name. `floor`:
 * also interleave bench/floors/raw-spawn.js (one hook per fire only). `held`: a second phase,
 * after the first, in which the agent holds that many bytes of touched Buffers and `heldContenders`
 * run again (their rows named by holdingName).
 */
export async function measureSpawnLatency({ hookCount, quick, log, goals, floor = false, held = 0, heldContenders = [] }) {
  const gemini = await loadGemini();
  log(`gemini-cli-core imported in ${gemini.importMs.toFixed(0)} ms`);
  const hookpool = await loadHookpool();
  if (hookpool.missing) log(hookpool.missing);
  const params = { hooksPerFire: hookCount, command: 'true', rounds: quick ? Math.max(10, Math.round(40 / hookCount)) : 400, warmup: quick ? 4 : 10, ...(held > 0 ? { heldMB: held / MB, heldRounds: quick ? 10 : 100 } : {}) };

  return withTempDir(async (cwd) => {
    const set = await createSpawnContenders({ commands: trueCommands(hookCount), cwd, gemini, hookpool });
    const closers = [...set.closers];
    if (floor) {
      const floorChild = await startFloor('raw-spawn.js', [], { cwd });
      closers.push({ name: MINIMAL_SPAWN_FLOOR, close: () => floorChild.close() });
      set.contenders.push({ name: MINIMAL_SPAWN_FLOOR, kind: 'floor', fire: () => floorChild.call({ t: 'run' }), ownTime: (answer) => answer.ms });
    }
    return closingAfter(closers, async () => {
      for (const c of set.contenders) if (c.kind === 'hookpool') await warmUp(c.fire);
      const samples = await runInterleaved(set.contenders, {
        warmup: params.warmup,
        rounds: params.rounds,
        budgetMs: quick ? 2_500 : 120_000,
      });
      const rows = contenderRows(set.contenders, samples, latencyValues);
      if (held > 0) {
        const heldMB = held / MB;
        const again = set.contenders.filter((c) => heldContenders.includes(c.name));
        const memory = holdBuffers(held);
        log(`holding ${heldMB} MB: ${again.map((c) => c.name).join(', ')} again`);
        const heldSamples = await runInterleaved(again, { warmup: params.warmup, rounds: params.heldRounds, budgetMs: quick ? 2_500 : 60_000 });
        memory.length = 0; // let the next phase, and the report, run small again
        rows.push(...contenderRows(again, heldSamples, latencyValues).map((row) => ({ ...row, name: holdingName(row.name, heldMB) })));
      }
      return caseResult({
        params: { ...params, roundsRun: rows[0]?.values?.n },
        columns: LATENCY_COLUMNS,
        baseline: RAW,
        ratioKey: 'median',
        rows,
        goals,
        unavailable: set.unavailable,
        notes: [
          'blocked/fire: time inside the fire call before it returned its promise; busy/fire: main-thread active time (event-loop utilisation) from call to settle.',
          'Gemini runs hooks with bash -c, the others with sh -c.',
        ],
      });
    });
  });
}
