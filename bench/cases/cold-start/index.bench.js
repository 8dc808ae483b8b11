// cold-start: from creating a hook system to the end of its first fire of one `true` hook, in a
// process that already imported everything (module loading is excluded; worker or sandbox boot
// is not). Floors: booting one empty node Worker thread and forking one node process, each until
// its first message. Also times createHookEngine itself (main thread blocked) and close(), and the
// first create in a fresh process that holds 1 GB (no warm-up create to hide the fork's cost),
// without and with prestartSandbox() called at that process's start-up.
import { execFile, fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { runCase } from '../../lib/case.js';
import { elapsedMs, nowMs } from '../../lib/clock.js';
import { GEMINI, addHookpoolContenders, closeEngine, hookpoolName } from '../../lib/contenders.js';
import { createGeminiSystem, fireGeminiShellTool, loadGemini } from '../../lib/gemini.js';
import { HOOKPOOL_HOSTS, checkAllOk, hookpoolHooks, loadHookpool } from '../../lib/hookpool.js';
import { runRounds } from '../../lib/interleave.js';
import { GEMINI_TOOL, HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD } from '../../lib/payload.js';
import { MEDIAN_P99_COLUMNS, caseResult, contenderRows, errorRow, medianP99 } from '../../lib/rows.js';
import { median } from '../../lib/stats.js';
import { withTempDir } from '../../lib/tmp.js';

export const title = 'Pool cold start';
export const measures = 'Time from creating a hook system to the end of its first one-`true`-hook fire, against booting a bare Worker thread or forked node process.';

const WORKER = 'node Worker boot (floor, thread)';
const FORK = 'node fork boot (floor, process)';
// The process host after prestartSandbox() at the agent's start-up: measured only in the 1 GB agent.
const PRESTARTED = `${hookpoolName('process')} after prestartSandbox()`;
const READY_CHILD = new URL('../../lib/fixtures/ready-child.js', import.meta.url);
const FIRST_CREATE_1GB = new URL('../../lib/fixtures/first-create-1gb.js', import.meta.url);

/** One first create (or bare fork) in a fresh process holding 1 GB: { createMs, prestartMs?, maxStallMs, totalMs }. */
function firstCreateIn1Gb(mode, cwd) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [FIRST_CREATE_1GB.pathname, mode, cwd], { timeout: 60_000 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout.trim().split('\n').pop()));
    });
  });
}

/** Medians over `trials` fresh processes per mode, interleaved; keyed by row name. */
async function measureFirstCreateIn1Gb(cwd, { trials, hosts }) {
  const modes = [{ name: FORK, trials, mode: 'fork-floor' }, ...hosts.map((host) => ({ name: hookpoolName(host), trials, mode: host }))];
  if (hosts.includes('process')) modes.push({ name: PRESTARTED, trials, mode: 'process-prestarted' });
  const runs = await runRounds(modes, trials, (m) => firstCreateIn1Gb(m.mode, cwd));
  const byName = new Map();
  const errors = new Map();
  for (const { name } of modes) {
    const { results: list, error } = runs.get(name);
    if (error !== undefined) errors.set(name, error);
    else if (list.length > 0) {
      byName.set(name, {
        firstCreate1GbMs: median(list.map((r) => r.createMs)),
        stall1GbMs: median(list.map((r) => r.maxStallMs)),
        ...(list[0].prestartMs === undefined ? {} : { prestartMs: median(list.map((r) => r.prestartMs)) }),
      });
    }
  }
  return { byName, errors };
}

async function bootWorker() {
  const t0 = nowMs();
  const worker = new Worker("require('node:worker_threads').parentPort.postMessage('ready')", { eval: true });
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const totalMs = nowMs() - t0;
  await worker.terminate();
  return { totalMs };
}

async function bootFork() {
  const t0 = nowMs();
  const child = fork(READY_CHILD, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('error', reject);
  });
  const totalMs = nowMs() - t0;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  await exited;
  return { totalMs };
}

export async function measure({ quick, log }) {
  const gemini = await loadGemini();
  const hookpool = await loadHookpool();
  if (hookpool.missing) log(hookpool.missing);
  const trials = quick ? 3 : 20;

  return withTempDir(async (cwd) => {
    const contenders = [
      { name: WORKER, run: bootWorker },
      { name: FORK, run: bootFork },
      {
        name: GEMINI,
        run: async () => {
          const t0 = nowMs();
          const system = await createGeminiSystem(gemini.HookSystem, { definitions: [{ matcher: GEMINI_TOOL, commands: ['true'] }], timeoutMs: 10_000, cwd });
          await fireGeminiShellTool(system);
          return { totalMs: nowMs() - t0 };
        },
      },
    ];
    const unavailable = [];
    for (const host of HOOKPOOL_HOSTS) {
      const name = hookpoolName(host);
      await addHookpoolContenders(hookpool, [name], unavailable, () => {
        const check = checkAllOk(1);
        contenders.push({
          name,
          run: async () => {
            const t0 = nowMs();
            const engine = await hookpool.createHookEngine({ hooks: hookpoolHooks(['true'], { timeoutMs: 10_000 }), cwd, host });
            const createMs = nowMs() - t0;
            let totalMs;
            let closeMs;
            try {
              check(await engine.fire(HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD));
              totalMs = nowMs() - t0;
            } finally {
              closeMs = await elapsedMs(() => closeEngine(name, engine));
            }
            return { totalMs, createMs, closeMs };
          },
        });
      });
    }

    // Round 0 is each contender's first start in this process (it pays for JIT and lazy
    // initialisation); it is reported apart as "first" and left out of the statistics.
    const runs = await runRounds(contenders, trials + 1, (c) => c.run());
    const bigAgent = await measureFirstCreateIn1Gb(cwd, { trials: quick ? 2 : 6, hosts: hookpool.missing ? [] : HOOKPOOL_HOSTS });
    const rows = contenderRows(contenders, runs, ({ results: [first, ...rest] }, { name }) => {
      const values = { ...medianP99(rest.map((r) => r.totalMs), { first: first.totalMs }), ...bigAgent.byName.get(name) };
      if (first.createMs !== undefined) {
        values.createMs = median(rest.map((r) => r.createMs));
        values.closeMs = median(rest.map((r) => r.closeMs));
      }
      return values;
    });
    if (bigAgent.byName.has(PRESTARTED)) rows.push({ name: PRESTARTED, values: bigAgent.byName.get(PRESTARTED) });
    else if (bigAgent.errors.has(PRESTARTED)) rows.push(errorRow(PRESTARTED, bigAgent.errors.get(PRESTARTED)));
    return caseResult({
      params: { trials, hook: 'true' },
      columns: [
        ...MEDIAN_P99_COLUMNS,
        { key: 'first', label: 'first in process ms' },
        { key: 'createMs', label: 'create (blocked) ms' },
        { key: 'closeMs', label: 'close ms' },
        { key: 'firstCreate1GbMs', label: 'first create, agent holding 1 GB (blocked) ms' },
        { key: 'stall1GbMs', label: 'worst main-thread stall then ms' },
        { key: 'prestartMs', label: 'prestartSandbox() at start-up (blocked) ms' },
      ],
      baseline: WORKER,
      ratioKey: 'median',
      rows,
      unavailable,
      notes: [
        'median/p99: create to first fire settled, after one unmeasured start per contender ("first in process" shows that one).',
        'create: the createHookEngine call itself; close: close() after that first fire (not in median).',
        'first create, agent holding 1 GB: in a fresh process per trial that holds 1 GB (every page written), no warm-up create before it: the createHookEngine call (for the fork floor, the fork() call), and the worst event-loop stall from then to the end of the first fire. Medians over fresh processes.',
        `${PRESTARTED}: the same fresh 1 GB process, but it calls prestartSandbox() before allocating the 1 GB (its documented use: at start-up), then allocates, then creates: the create adopts that spare sandbox instead of forking. "prestartSandbox() at start-up" is that call's own blocking time in the still-small process; it has no other columns (measured only in the 1 GB agent).`,
        ...[...bigAgent.errors].map(([name, error]) => `${name}: the 1 GB first-create trial failed: ${error}`),
      ],
    });
  });
}

await runCase(import.meta.url, { title, measures }, measure);
