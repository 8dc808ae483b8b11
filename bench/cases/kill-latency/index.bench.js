// kill-latency: a hook that times out and fights back — its shell ignores SIGTERM and leaves two
// grandchildren (also ignoring SIGTERM) holding its stdout open. Measures how long after the
// timeout each system's fire settles, and whether anything the hook started is still running
// at that moment. Raw spawn and execa kill only the direct child (execa: its own timeout with
// forceKillAfterDelay); Gemini sends SIGTERM to bash only. A fire that has not settled by the
// cap is reported as unsettled, then its processes are killed by the bench.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCase } from '../../lib/case.js';
import { nowMs, settlesWithin } from '../../lib/clock.js';
import { EXECA, GEMINI, RAW, addHookpoolContenders, closingAfter, hookpoolName } from '../../lib/contenders.js';
import { spawnExeca } from '../../lib/execa-spawn.js';
import { startRaw } from '../../lib/raw-spawn.js';
import { createGeminiSystem, fireGeminiShellTool, loadGemini } from '../../lib/gemini.js';
import { HOOKPOOL_HOSTS, hookpoolHooks, loadHookpool } from '../../lib/hookpool.js';
import { isRunning } from '../../lib/memory.js';
import { GEMINI_TOOL, HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD, wirePayload } from '../../lib/payload.js';
import { runRounds } from '../../lib/interleave.js';
import { formatNumber } from '../../lib/report.js';
import { caseResult, contenderRows } from '../../lib/rows.js';
import { summarize } from '../../lib/stats.js';
import { withTempDir } from '../../lib/tmp.js';

export const title = 'Kill latency of a timed-out process tree';
export const measures = 'Time from a hook\'s timeout to its fire settling, for a shell that ignores SIGTERM with two grandchildren holding its stdout; and processes left running at that moment.';

const TIMEOUT_MS = 200;
const KILL_GRACE_MS = 100;

/** The hook: records its own pid and its two children's, ignores SIGTERM, waits. */
const treeCommand = (pidFile) => `trap '' TERM; echo $$ >> ${pidFile}; sleep 30 & echo $! >> ${pidFile}; sleep 30 & echo $! >> ${pidFile}; wait`;

/** Raw spawn with the usual hand-rolled timeout: SIGTERM to the child, SIGKILL after a grace. */
function spawnRawWithTimeout(command, input, { cwd, timeoutMs, graceMs }) {
  return new Promise((resolve, reject) => {
    const child = startRaw(command, input, { cwd, onError: reject });
    const term = setTimeout(() => {
      child.kill('SIGTERM');
      kill.refresh();
    }, timeoutMs);
    const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs + graceMs);
    child.once('close', (code, signal) => {
      clearTimeout(term);
      clearTimeout(kill);
      resolve({ code, signal });
    });
  });
}

function readPids(pidFile) {
  try {
    return readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function killAll(pids) {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * One trial: fire, wait for settle or the cap, count the hook's processes still running at
 * that moment, then kill them so the next trial starts clean.
 */
async function runTrial(contender, capMs) {
  writeFileSync(contender.pidFile, '');
  const t0 = nowMs();
  let settledAt;
  const fire = contender.fire().then(
    () => (settledAt = nowMs()),
    () => (settledAt = nowMs()),
  );
  await settlesWithin(fire, TIMEOUT_MS + capMs);
  const settled = settledAt !== undefined;
  const pids = readPids(contender.pidFile);
  const survivors = pids.filter(isRunning).length;
  killAll(pids);
  // With the whole tree gone every system's fire settles (the pipes close); a fire that still
  // hangs is a bug worth an error rather than a stuck benchmark.
  if (!(await settlesWithin(fire, 5_000))) throw new Error('the fire did not settle within 5 s after its whole process tree was killed');
  return { settled, latencyMs: settled ? settledAt - t0 - TIMEOUT_MS : undefined, survivors, spawned: pids.length };
}

export async function measure({ quick, log }) {
  const gemini = await loadGemini();
  const hookpool = await loadHookpool();
  if (hookpool.missing) log(hookpool.missing);
  const capMs = quick ? 500 : 3_000;
  const peerTrials = quick ? 1 : 3;
  const hookpoolTrials = quick ? 3 : 20;

  return withTempDir(async (cwd) => {
    const input = wirePayload(cwd);
    const contenders = [];
    const unavailable = [];
    const closers = [];
    const pidFile = (slug) => join(cwd, `${slug}.pids`);

    {
      const file = pidFile('raw');
      const cmd = treeCommand(file);
      contenders.push({ name: RAW, pidFile: file, trials: peerTrials, fire: () => spawnRawWithTimeout(cmd, input, { cwd, timeoutMs: TIMEOUT_MS, graceMs: KILL_GRACE_MS }) });
    }
    {
      const file = pidFile('execa');
      const cmd = treeCommand(file);
      contenders.push({ name: EXECA, pidFile: file, trials: peerTrials, fire: () => spawnExeca(cmd, input, { cwd, timeout: TIMEOUT_MS, forceKillAfterDelay: KILL_GRACE_MS }) });
    }
    {
      const file = pidFile('gemini');
      const system = await createGeminiSystem(gemini.HookSystem, { definitions: [{ matcher: GEMINI_TOOL, commands: [treeCommand(file)] }], timeoutMs: TIMEOUT_MS, cwd });
      contenders.push({ name: GEMINI, pidFile: file, trials: peerTrials, fire: () => fireGeminiShellTool(system) });
    }
    for (const host of HOOKPOOL_HOSTS) {
      const name = hookpoolName(host);
      await addHookpoolContenders(hookpool, [name], unavailable, async () => {
        const file = pidFile(`hookpool-${host}`);
        const engine = await hookpool.createHookEngine({ hooks: hookpoolHooks([treeCommand(file)], { timeoutMs: TIMEOUT_MS }), cwd, host, pool: { killGraceMs: KILL_GRACE_MS } });
        closers.push({ name, close: () => engine.close() });
        contenders.push({ name, pidFile: file, trials: hookpoolTrials, fire: () => engine.fire(HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD) });
      });
    }

    return closingAfter(closers, async () => {
      const maxTrials = Math.max(...contenders.map((c) => c.trials));
      const runs = await runRounds(contenders, maxTrials, async (c, round) => {
        const r = await runTrial(c, capMs);
        if (round === 0) log(`${c.name}: ${r.settled ? `settled ${r.latencyMs.toFixed(0)} ms after the timeout` : `not settled ${capMs} ms after the timeout`}, ${r.survivors}/${r.spawned} processes running`);
        return r;
      });
      const rows = contenderRows(contenders, runs, ({ results: list }) => {
        const settled = list.filter((r) => r.settled);
        const latency = summarize(settled.map((r) => r.latencyMs));
        return {
          median: latency.median,
          p99: latency.p99,
          settled: settled.length,
          trials: list.length,
          survivors: list.reduce((sum, r) => sum + r.survivors, 0),
          spawned: list.reduce((sum, r) => sum + r.spawned, 0),
        };
      });
      const cleanKill = {
        text: `every fire settles, 0 left running`,
        pass: (row) => row.values.settled === row.values.trials && row.values.survivors === 0,
        measured: (row) => `${row.values.settled}/${row.values.trials} settled, ${row.values.survivors} left running, median ${formatNumber(row.values.median)} ms after timeout`,
      };
      return caseResult({
        params: { timeoutMs: TIMEOUT_MS, killGraceMs: KILL_GRACE_MS, capMs, peerTrials, hookpoolTrials },
        columns: [
          { key: 'median', label: 'median ms after timeout' },
          { key: 'p99', label: 'p99 ms' },
          { key: 'settled', label: 'settled' },
          { key: 'trials', label: 'trials' },
          { key: 'survivors', label: 'left running' },
          { key: 'spawned', label: 'of processes' },
        ],
        baseline: RAW,
        ratioKey: 'median',
        rows,
        unavailable,
        goals: Object.fromEntries(HOOKPOOL_HOSTS.map((h) => [hookpoolName(h), cleanKill])),
        notes: [
          `Timeout ${TIMEOUT_MS} ms, kill grace ${KILL_GRACE_MS} ms (SIGTERM, then SIGKILL) where the system has one; a fire not settled ${capMs} ms after its timeout counts as unsettled.`,
          'left running: processes of the hook tree (the shell and its two sleeps) still alive when the fire settled or the cap passed; the bench then kills them.',
          'Latency statistics cover settled fires only; no ratio when the baseline never settles.',
        ],
      });
    });
  });
}

await runCase(import.meta.url, { title, measures }, measure);
