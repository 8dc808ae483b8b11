// Shared body of the end-to-end latency cases: every contender runs the same `true` commands
// per fire, one fire at a time, interleaved round-robin, with the Gemini peer loaded in the
// process for all of them (spawn cost grows with the size of the spawning process).
import { loadGemini } from './gemini.js';
import { loadHookpool } from './hookpool.js';
import { createSpawnContenders, warmUp, RAW } from './contenders.js';
import { runInterleaved } from './interleave.js';
import { summarize } from './stats.js';
import { caseResult, errorRow } from './rows.js';
import { trueCommands } from './payload.js';
import { withTempDir } from './tmp.js';
import { startFloor } from './floor-child.js';

/** The row of bench/floors/raw-spawn.js: the same spawn from a node program that does nothing else. */
export const MINIMAL_SPAWN_FLOOR = 'floor: raw spawn from a minimal node program (bench/floors/raw-spawn.js)';

export const LATENCY_COLUMNS = [
  { key: 'median', label: 'median ms' },
  { key: 'p99', label: 'p99 ms' },
  { key: 'syncMedian', label: 'blocked/fire ms' },
  { key: 'busyMedian', label: 'busy/fire ms' },
];

/**
 * Latency of one fire running `hookCount` `true` hooks; `goals` keyed by contender name. `floor`:
 * also interleave bench/floors/raw-spawn.js (one hook per fire only).
 */
export async function measureSpawnLatency({ hookCount, quick, log, goals, floor = false }) {
  const gemini = await loadGemini();
  log(`gemini-cli-core imported in ${gemini.importMs.toFixed(0)} ms`);
  const hookpool = await loadHookpool();
  if (hookpool.missing) log(hookpool.missing);
  const params = { hooksPerFire: hookCount, command: 'true', rounds: quick ? Math.max(10, Math.round(40 / hookCount)) : 400, warmup: quick ? 4 : 10 };

  return withTempDir(async (cwd) => {
    const set = await createSpawnContenders({ commands: trueCommands(hookCount), cwd, gemini, hookpool });
    const floorChild = floor ? await startFloor('raw-spawn.js', [], { cwd }) : undefined;
    if (floorChild !== undefined) set.contenders.push({ name: MINIMAL_SPAWN_FLOOR, kind: 'floor', fire: () => floorChild.call({ t: 'run' }), ownTime: (answer) => answer.ms });
    let result;
    try {
      for (const c of set.contenders) if (c.kind === 'hookpool') await warmUp(c.fire);
      const samples = await runInterleaved(set.contenders, {
        warmup: params.warmup,
        rounds: params.rounds,
        budgetMs: quick ? 2_500 : 120_000,
      });
      const rows = set.contenders.map(({ name }) => {
        const s = samples.get(name);
        if (s.error) return errorRow(name, s.error);
        const total = summarize(s.total);
        return {
          name,
          values: {
            median: total.median,
            p99: total.p99,
            syncMedian: summarize(s.sync).median,
            busyMedian: summarize(s.busy).median,
            n: total.n,
          },
        };
      });
      result = caseResult({
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
    } finally {
      await floorChild?.close();
      const problems = await set.close();
      result?.notes.push(...problems);
    }
    return result;
  });
}
