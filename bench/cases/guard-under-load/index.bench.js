// guard-under-load: one guard hook (`true` on PreToolUse, the fire waits for it) while the machine
// is busy with other programs: 2x the cores of busy loops (bench/floors/busy-loop.js), each in a
// session of its own as an outside program is, at nice 10 (the sandbox's niceness before issue 23,
// pool.niceness's default). Interleaved against a raw spawn of the same hook from this process and
// from a minimal node program (bench/floors/raw-spawn.js) at the same load. Goal (issue 23): the
// guard ≤ 1.3x the raw spawn: a guard runs at the agent's priority, only background hooks lower.
import { spawn } from 'node:child_process';
import { availableParallelism, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runCase } from '../../lib/case.js';
import { RAW, addHookpoolContenders, hookpoolName } from '../../lib/contenders.js';
import { startFloor } from '../../lib/floor-child.js';
import { checkAllOk, hookpoolHooks, loadHookpool } from '../../lib/hookpool.js';
import { runInterleaved } from '../../lib/interleave.js';
import { MINIMAL_SPAWN_FLOOR } from '../../lib/latency.js';
import { HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD, wirePayload } from '../../lib/payload.js';
import { spawnRaw } from '../../lib/raw-spawn.js';
import { MEDIAN_P99_COLUMNS, caseResult, contenderRows, medianP99, ratioAtMost, reference } from '../../lib/rows.js';
import { withTempDir } from '../../lib/tmp.js';

export const title = 'One guard hook under outside load';
export const measures = 'Latency of a fire running one `true` guard while 2x the cores of busy loops run at nice 10, against a raw spawn at the same load.';

const BUSY_LOOP = fileURLToPath(new URL('../../floors/busy-loop.js', import.meta.url));
const LOAD_NICENESS = 10;
const GUARD = `${hookpoolName('process')}, one guard`;

/** Starts `count` busy loops, each leading its own session (as another program would), at nice 10. */
function startLoad(count) {
  return Array.from({ length: count }, () => {
    const child = spawn(process.execPath, [BUSY_LOOP], { detached: true, stdio: 'ignore' });
    setPriority(child.pid, LOAD_NICENESS);
    return child;
  });
}

async function stopLoad(children) {
  await Promise.all(children.map((child) => {
    if (child.exitCode !== null || child.signalCode !== null) return undefined;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    return exited;
  }));
}

export async function measure({ quick, log }) {
  const hookpool = await loadHookpool();
  if (hookpool.missing) log(hookpool.missing);
  const loops = 2 * availableParallelism();
  const params = { load: `${loops} busy loops at nice ${LOAD_NICENESS}, own sessions`, command: 'true', rounds: quick ? 20 : 200, warmup: quick ? 4 : 10 };

  return withTempDir(async (cwd) => {
    const input = wirePayload(cwd);
    const contenders = [{ name: RAW, fire: () => spawnRaw('true', input, { cwd }) }];
    const closers = [];
    const unavailable = [];
    const floor = await startFloor('raw-spawn.js', [], { cwd });
    closers.push(() => floor.close());
    contenders.push({ name: MINIMAL_SPAWN_FLOOR, fire: () => floor.call({ t: 'run' }), ownTime: (answer) => answer.ms });
    await addHookpoolContenders(hookpool, [GUARD], unavailable, async () => {
      const engine = await hookpool.createHookEngine({ hooks: hookpoolHooks(['true'], { timeoutMs: 30_000 }), cwd, host: 'process' });
      closers.push(() => engine.close());
      for (let i = 0; i < 8; i++) await engine.fire(HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD);
      contenders.push({ name: GUARD, fire: () => engine.fire(HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD), check: checkAllOk(1) });
    });
    const load = startLoad(loops);
    let samples;
    try {
      log(`${loops} busy loops started`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      samples = await runInterleaved(contenders, { warmup: params.warmup, rounds: params.rounds, budgetMs: quick ? 10_000 : 180_000 });
    } finally {
      await stopLoad(load);
      for (const close of closers) await close();
    }
    const rows = contenderRows(contenders, samples, ({ total }) => medianP99(total));
    return caseResult({
      params,
      columns: [...MEDIAN_P99_COLUMNS, { key: 'n', label: 'n' }],
      baseline: RAW,
      ratioKey: 'median',
      rows,
      unavailable,
      goals: {
        [GUARD]: ratioAtMost(1.3),
        [MINIMAL_SPAWN_FLOOR]: reference('the spawn alone, from a small process, at the same load'),
      },
      notes: [
        `Load: ${loops} node busy loops (bench/floors/busy-loop.js), each detached (its own session, and so its own scheduling group under autogroup, as a program started elsewhere is), at nice ${LOAD_NICENESS}; started 1 s before the first round, killed after the last.`,
        'The guard runs in the process host with default options: the sandbox and foreground hooks at the agent\'s priority, background hooks pool.niceness (10) lower. Before issue 23 the sandbox and every hook ran at nice 10 (one run at load ~11: 4.9x).',
      ],
    });
  });
}

await runCase(import.meta.url, { title, measures }, measure);
