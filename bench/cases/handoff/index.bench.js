// handoff: what hookpool adds between the agent's fire and the hook process, against the floors
// of its two hosts, in the same interleaved run. A "null" hook goes through the whole real path
// (fire, plan, task, dispatcher, host, worker, outcome, merge) but spawns nothing: its command
// holds a NUL byte, which node's spawn() refuses before it forks, so the run ends spawn_failed
// in the worker. A real `true` hook's handoff is its fire's latency minus the run time the worker
// measured (spawn to settle, kill sweep included). Floors: a piscina round trip of a task of the
// same shape (thread host); a fork IPC round trip, and one relayed through a piscina pool in the
// child (the shape of a module hook on the process host: agent -> sandbox -> worker thread; a
// command hook is spawned on the sandbox's main thread, toward the bare round trip).
import { runCase } from '../../lib/case.js';
import { nowMs } from '../../lib/clock.js';
import { addHookpoolContenders, closingAfter, hookpoolName, warmUp } from '../../lib/contenders.js';
import { PISCINA_FLOOR, RELAY_FLOOR, startHandoffFloors } from '../../lib/floors.js';
import { HOOKPOOL_HOSTS, hookpoolHooks, loadHookpool } from '../../lib/hookpool.js';
import { runInterleaved } from '../../lib/interleave.js';
import { HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD } from '../../lib/payload.js';
import { MEDIAN_P99_COLUMNS, caseResult, contenderRows, medianP99 } from '../../lib/rows.js';
import { median } from '../../lib/stats.js';
import { withTempDir } from '../../lib/tmp.js';

export const title = "The library's own handoff";
export const measures = 'Round trip of a fire whose hook spawns nothing, and the handoff of a real `true` hook, against a bare piscina round trip and fork IPC round trip.';

const nullName = (host) => `${hookpoolName(host)}, null hook`;
const trueName = (host) => `${hookpoolName(host)}, \`true\` hook: fire minus run`;
const FLOOR_OF = { thread: PISCINA_FLOOR, process: RELAY_FLOOR };
const GOAL_RATIO = 1.5;

/** Goal: the row's median within GOAL_RATIO of its host's floor, measured in the same run. */
function withinFloor(host) {
  const floor = FLOOR_OF[host];
  const ratioTo = (row, byName) => row.values.median / byName.get(floor)?.values?.median;
  return {
    text: `≤ ${GOAL_RATIO}x ${host === 'thread' ? 'piscina' : 'fork IPC + piscina'} floor`,
    pass: (row, byName) => ratioTo(row, byName) <= GOAL_RATIO,
    measured: (row) => row.values.vsFloor,
  };
}

export async function measure({ quick, log }) {
  const hookpool = await loadHookpool();
  if (hookpool.missing) log(hookpool.missing);
  const params = { rounds: quick ? 150 : 2_000, warmup: quick ? 20 : 100, nullHook: 'command "true\\0" (refused by spawn before fork)' };

  return withTempDir(async (cwd) => {
    const floors = await startHandoffFloors(cwd);
    const closers = [...floors];
    const contenders = [...floors];
    const unavailable = [];
    // Per `true` fire: the run time the worker measured, subtracted from the fire's latency.
    const runMs = new Map();
    for (const host of HOOKPOOL_HOSTS) {
      await addHookpoolContenders(hookpool, [nullName(host), trueName(host)], unavailable, () => {
        const nullEngine = hookpool.createHookEngine({ hooks: hookpoolHooks(['true\0'], { timeoutMs: 10_000 }), cwd, host });
        closers.push({ name: nullName(host), close: () => nullEngine.close() });
        const trueEngine = hookpool.createHookEngine({ hooks: hookpoolHooks(['true'], { timeoutMs: 10_000 }), cwd, host });
        closers.push({ name: trueName(host), close: () => trueEngine.close() });
        const runs = [];
        runMs.set(trueName(host), runs);
        contenders.push(
          {
            name: nullName(host),
            fire: () => nullEngine.fire(HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD),
            check: expectStatus('spawn_failed'),
          },
          {
            name: trueName(host),
            fire: () => trueEngine.fire(HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD),
            check: (result) => {
              expectStatus('ok')(result);
              runs.push(result.hooks[0].durationMs);
            },
          },
        );
      });
    }
    return closingAfter(closers, async () => {
      for (const c of contenders) await warmUp(c.fire);
      const t0 = nowMs();
      const samples = await runInterleaved(contenders, { warmup: params.warmup, rounds: params.rounds, budgetMs: quick ? 8_000 : 180_000 });
      log(`measured in ${((nowMs() - t0) / 1000).toFixed(1)} s`);
      const medianOf = (name) => median(samples.get(name)?.total ?? []);
      const rows = contenderRows(contenders, samples, (s, { name }) => {
        const runs = runMs.get(name);
        // check() ran for the warm-up rounds too: the last `total.length` runs are the timed ones.
        const totals = runs === undefined ? s.total : s.total.map((ms, i) => ms - runs[runs.length - s.total.length + i]);
        return medianP99(totals, { syncMedian: median(s.sync) });
      });
      const hostOf = (name) => HOOKPOOL_HOSTS.find((host) => name === nullName(host) || name === trueName(host));
      for (const host of HOOKPOOL_HOSTS) {
        for (const row of rows.filter((r) => hostOf(r.name) === host)) {
          if (row.values.median !== undefined) row.values.vsFloor = `${(row.values.median / medianOf(FLOOR_OF[host])).toFixed(2)}x`;
        }
      }
      const goals = Object.fromEntries(HOOKPOOL_HOSTS.flatMap((host) => [[nullName(host), withinFloor(host)], [trueName(host), withinFloor(host)]]));
      return caseResult({
        params: { ...params, roundsRun: rows[0]?.values?.n },
        columns: [...MEDIAN_P99_COLUMNS, { key: 'syncMedian', label: 'blocked/call ms' }],
        baseline: PISCINA_FLOOR,
        ratioKey: 'median',
        rows,
        goals,
        unavailable,
        notes: [
          'null hook: a fire through the real path whose spawn() is refused before fork (a NUL byte in the command): everything hookpool adds, no process.',
          '`true` hook: fire latency minus the run time the worker measured for the same fire (spawn to settled, kill sweep included): the handoff around a real hook.',
          "The process host's floor is the relay (agent -> forked child -> piscina worker and back); the bare fork IPC round trip is shown for reference. Since the sandbox spawns command hooks on its own main thread, its handoff can go below the relay, toward the bare round trip.",
        ],
      });
    });
  });
}

function expectStatus(status) {
  return (result) => {
    const hooks = result?.hooks;
    if (!Array.isArray(hooks) || hooks.length !== 1 || hooks[0].status !== status) {
      throw new Error(`expected one ${status} hook, got ${JSON.stringify(result).slice(0, 400)}`);
    }
  };
}

await runCase(import.meta.url, { title, measures }, measure);
