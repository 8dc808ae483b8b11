// worker-rss: memory each pool worker costs. Thread host: the agent process's RSS and thread
// count before and after a warmed engine, RSS added / threads added. Process host: the sandbox
// process's RSS and threads against a bare forked node process. Floors: an idle empty node
// Worker thread, and the bare forked process. Needs Linux /proc; runs with --expose-gc.
import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { runCase } from '../../lib/case.js';
import { sleepMs } from '../../lib/clock.js';
import { addHookpoolContenders, closeEngine, hookpoolName, warmUp } from '../../lib/contenders.js';
import { hookpoolHooks, loadHookpool } from '../../lib/hookpool.js';
import { runRounds } from '../../lib/interleave.js';
import { MB, childPids, readProcStatus } from '../../lib/memory.js';
import { HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD } from '../../lib/payload.js';
import { caseResult, contenderRows } from '../../lib/rows.js';
import { median } from '../../lib/stats.js';
import { withTempDir } from '../../lib/tmp.js';

export const title = 'RSS per worker';
export const measures = 'Resident memory added per pool worker (thread host) and by the sandbox process (process host), against an empty Worker thread and a bare forked node.';

const WORKER = 'node Worker, idle (floor)';
const FORK = 'node fork, idle (floor)';
const FLOOR_WORKERS = 4;
const READY_CHILD = new URL('../../lib/fixtures/ready-child.js', import.meta.url);

/** Lets memory settle: two GCs (when exposed) and a pause for worker heaps to shrink. */
async function settle() {
  globalThis.gc?.();
  await sleepMs(150);
  globalThis.gc?.();
}

async function ownFootprint() {
  await settle();
  const { rssBytes, threads } = readProcStatus();
  return { rssBytes, threads };
}

async function measureWorkerFloor() {
  const before = await ownFootprint();
  const workers = [];
  for (let i = 0; i < FLOOR_WORKERS; i++) {
    const worker = new Worker("const { parentPort } = require('node:worker_threads'); parentPort.postMessage('ready'); setInterval(() => {}, 1 << 30);", { eval: true });
    await new Promise((resolve) => worker.once('message', resolve));
    workers.push(worker);
  }
  const after = await ownFootprint();
  await Promise.all(workers.map((w) => w.terminate()));
  const added = after.rssBytes - before.rssBytes;
  return { perWorkerMB: added / FLOOR_WORKERS / MB, workers: after.threads - before.threads, totalMB: added / MB };
}

async function forkIdle() {
  const child = fork(READY_CHILD, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise((resolve) => child.once('message', resolve));
  await sleepMs(150);
  const status = readProcStatus(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  await exited;
  return status;
}

async function measureForkFloor() {
  const status = await forkIdle();
  return { perWorkerMB: status.rssBytes / MB, workers: 1, totalMB: status.rssBytes / MB, threads: status.threads };
}

async function warmEngine(createHookEngine, { host, cwd }) {
  const engine = await createHookEngine({ hooks: hookpoolHooks(['true'], { timeoutMs: 10_000 }), cwd, host });
  await warmUp(() => engine.fire(HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD), { count: 32, concurrency: 8 });
  return engine;
}

async function measureThreadHost(createHookEngine, cwd) {
  const before = await ownFootprint();
  const engine = await warmEngine(createHookEngine, { host: 'thread', cwd });
  try {
    const after = await ownFootprint();
    const added = after.rssBytes - before.rssBytes;
    const workers = after.threads - before.threads;
    return { perWorkerMB: added / Math.max(1, workers) / MB, workers, totalMB: added / MB };
  } finally {
    await closeEngine('hookpool', engine);
  }
}

async function measureProcessHost(createHookEngine, cwd) {
  const bare = await forkIdle();
  const before = await ownFootprint();
  const engine = await warmEngine(createHookEngine, { host: 'process', cwd });
  try {
    await settle();
    const sandboxes = childPids().map(readProcStatus).filter((s) => s?.name === 'node');
    if (sandboxes.length !== 1) throw new Error(`expected one sandbox process, found ${sandboxes.length}`);
    const [sandbox] = sandboxes;
    const after = await ownFootprint();
    const workers = sandbox.threads - bare.threads;
    return {
      perWorkerMB: (sandbox.rssBytes - bare.rssBytes) / Math.max(1, workers) / MB,
      workers,
      totalMB: sandbox.rssBytes / MB,
      agentAddedMB: (after.rssBytes - before.rssBytes) / MB,
    };
  } finally {
    await closeEngine('hookpool', engine);
  }
}

export async function measure({ quick, log }) {
  if (!readProcStatus()) throw new Error('needs Linux /proc');
  if (!globalThis.gc) log('no --expose-gc: RSS figures include garbage');
  const hookpool = await loadHookpool();
  if (hookpool.missing) log(hookpool.missing);
  // Start the libuv threadpool now so its threads are not counted as pool workers.
  await Promise.all(Array.from({ length: 8 }, () => readFile(new URL(import.meta.url))));
  const rounds = quick ? 1 : 3;

  return withTempDir(async (cwd) => {
    const contenders = [
      { name: WORKER, run: measureWorkerFloor },
      { name: FORK, run: measureForkFloor },
    ];
    const unavailable = [];
    await addHookpoolContenders(hookpool, [hookpoolName('thread'), hookpoolName('process')], unavailable, () => {
      contenders.push({ name: hookpoolName('thread'), run: () => measureThreadHost(hookpool.createHookEngine, cwd) });
      contenders.push({ name: hookpoolName('process'), run: () => measureProcessHost(hookpool.createHookEngine, cwd) });
    });
    const runs = await runRounds(contenders, rounds, (c) => c.run());
    const rows = contenderRows(contenders, runs, ({ results: list }) => {
      const med = (key) => (list[0][key] === undefined ? undefined : median(list.map((r) => r[key])));
      return { perWorkerMB: med('perWorkerMB'), workers: med('workers'), totalMB: med('totalMB'), agentAddedMB: med('agentAddedMB') };
    });
    return caseResult({
      params: { rounds, floorWorkers: FLOOR_WORKERS, gc: Boolean(globalThis.gc) },
      columns: [
        { key: 'perWorkerMB', label: 'RSS/worker MB' },
        { key: 'workers', label: 'workers (threads added)' },
        { key: 'totalMB', label: 'RSS added / process MB' },
        { key: 'agentAddedMB', label: 'agent RSS added MB' },
      ],
      baseline: WORKER,
      ratioKey: 'perWorkerMB',
      rows,
      unavailable,
      notes: [
        'Thread host: (agent RSS after a warmed engine − before) / threads added. Process host: (sandbox RSS − bare fork RSS) / (sandbox threads − bare fork threads); "RSS added / process" is the whole sandbox.',
        'Engines use their default pool size, warmed with 32 fires 8 at a time. RSS after two GCs; medians over ' + rounds + ' round(s).',
      ],
    });
  });
}

await runCase(import.meta.url, { title, measures }, measure);
