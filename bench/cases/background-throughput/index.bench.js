// background-throughput: hooks completed per second with 8 running at a time. Raw spawn, execa
// and Gemini run 8 lanes of fires on the main thread; hookpool runs the same 8 lanes of awaited
// fires, and separately takes the hooks as background hooks (fire returns at once, the engine's
// background queue runs 8 at a time) timed until the last one settled. Goal: hookpool's
// background throughput ≥ 1.2x raw main-thread spawning. Beside them the floor: the same 8 lanes
// of raw spawns from a node program that does nothing else (bench/floors/raw-spawn-8-lanes.js).
import { runCase } from '../../lib/case.js';
import { nowMs, settlesWithin } from '../../lib/clock.js';
import { addHookpoolContenders, closeEngine, closingAfter, createSpawnContenders, RAW, warmUp } from '../../lib/contenders.js';
import { loadGemini } from '../../lib/gemini.js';
import { HOOKPOOL_HOSTS, hookpoolHooks, loadHookpool } from '../../lib/hookpool.js';
import { runRounds } from '../../lib/interleave.js';
import { runUnderLoad } from '../../lib/load.js';
import { HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD } from '../../lib/payload.js';
import { caseResult, contenderRows, ratioAtLeast, reference } from '../../lib/rows.js';
import { summarize } from '../../lib/stats.js';
import { withTempDir } from '../../lib/tmp.js';
import { startFloor } from '../../lib/floor-child.js';

export const title = 'Background throughput at concurrency 8';
export const measures = 'Hooks per second (`true`) with 8 running at a time: main-thread lanes for the peers; awaited lanes and background hooks for hookpool.';

const CONCURRENCY = 8;
const SETTLE_LIMIT_MS = 60_000;
const backgroundName = (host) => `hookpool background (${host})`;
const FLOOR = 'floor: raw spawns in 8 lanes from a minimal node program (bench/floors/raw-spawn-8-lanes.js)';

/*
 * One trial of background hooks: a fresh engine (close() ends it), warmed with foreground fires
 * so the pool's workers are up, then `total` background fires; the clock stops when the last
 * background hook settled (onHookSettled), before close().
 */
async function runBackgroundTrial(createHookEngine, { host, cwd, total }) {
  let settled = 0;
  let failed = 0;
  let onAllSettled;
  const allSettled = new Promise((resolve) => (onAllSettled = resolve));
  const engine = await createHookEngine({
    hooks: [
      ...hookpoolHooks(['true'], { timeoutMs: 10_000 }),
      ...hookpoolHooks(['true'], { timeoutMs: 10_000, event: 'PostToolUse', background: true }),
    ],
    cwd,
    host,
    pool: { backgroundConcurrency: CONCURRENCY },
    onHookSettled: ({ background, outcome }) => {
      if (!background) return;
      if (outcome.status !== 'ok') failed++;
      if (++settled === total) onAllSettled();
    },
  });
  try {
    await warmUp(() => engine.fire(HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD), { count: 16, concurrency: CONCURRENCY });
    const t0 = nowMs();
    for (let i = 0; i < total; i++) await engine.fire('PostToolUse', { ...HOOKPOOL_PAYLOAD, tool_response: {} });
    const done = await settlesWithin(allSettled, SETTLE_LIMIT_MS);
    const wallMs = nowMs() - t0;
    if (!done) throw new Error(`only ${settled} of ${total} background hooks settled within ${SETTLE_LIMIT_MS} ms`);
    return { perSecond: (total / wallMs) * 1000, wallMs, failed };
  } finally {
    await closeEngine(backgroundName(host), engine);
  }
}

export async function measure({ quick, log }) {
  const gemini = await loadGemini();
  const hookpool = await loadHookpool();
  if (hookpool.missing) log(hookpool.missing);
  const total = quick ? 80 : 200;
  const rounds = quick ? 1 : 5;

  return withTempDir(async (cwd) => {
    const set = await createSpawnContenders({ commands: ['true'], cwd, gemini, hookpool });
    const trials = set.contenders.map((c) => ({
      name: c.kind === 'hookpool' ? `hookpool fire ×8 (${c.host})` : c.name,
      run: async () => (await runUnderLoad(c.fire, { total, concurrency: CONCURRENCY })),
      warm: () => warmUp(c.fire, { count: 16, concurrency: CONCURRENCY }),
    }));
    const floor = await startFloor('raw-spawn-8-lanes.js', [], { cwd });
    trials.push({ name: FLOOR, run: () => floor.call({ t: 'trial', total }) });
    const unavailable = set.unavailable.map((u) => ({ ...u, name: u.name.replace('hookpool', 'hookpool fire ×8') }));
    for (const host of HOOKPOOL_HOSTS) {
      await addHookpoolContenders(hookpool, [backgroundName(host)], unavailable, () => {
        trials.push({ name: backgroundName(host), run: () => runBackgroundTrial(hookpool.createHookEngine, { host, cwd, total }) });
      });
    }
    return closingAfter([...set.closers, { name: FLOOR, close: () => floor.close() }], async () => {
      for (const t of trials) await t.warm?.();
      const runs = await runRounds(trials, rounds, async (t) => {
        const r = await t.run();
        log(`${t.name}: ${r.perSecond.toFixed(0)} hooks/s`);
        return r;
      });
      const rows = contenderRows(trials, runs, ({ results: list }) => {
        const rates = summarize(list.map((r) => r.perSecond));
        return { median: rates.median, worst: rates.min, runs: rates.n };
      });
      for (const row of rows) {
        const failed = runs.get(row.name).results.reduce((sum, r) => sum + (r.failed ?? 0), 0);
        if (failed && row.status === undefined) row.note = `${failed} hooks did not exit 0`;
      }
      const goal = ratioAtLeast(1.2);
      return caseResult({
        params: { hooks: total, concurrency: CONCURRENCY, rounds, command: 'true' },
        columns: [
          { key: 'median', label: 'median hooks/s' },
          { key: 'worst', label: 'worst hooks/s' },
          { key: 'runs', label: 'runs' },
        ],
        baseline: RAW,
        ratioKey: 'median',
        rows,
        unavailable,
        goals: { ...Object.fromEntries(HOOKPOOL_HOSTS.map((host) => [backgroundName(host), goal])), [FLOOR]: reference('the spawns alone, from a small process') },
        notes: [
          `Each run: ${total} hooks; hooks/s = ${total} / time from first fire to last hook settled. Median and worst over ${rounds} run(s), interleaved.`,
          'hookpool background: a fresh engine per run (pool warmed first), pool.backgroundConcurrency = 8; the clock stops at the last onHookSettled, before close().',
        ],
      });
    });
  });
}

await runCase(import.meta.url, { title, measures }, measure);
