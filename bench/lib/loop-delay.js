// Shared body of the event-loop cases: while 200 hooks run 8 at a time, how long is the agent's
// main thread blocked, per fire and at worst? Optionally with a large heap of Buffers held by
// the agent, where fork() from any thread of the process stalls the main thread.
import { loadGemini } from './gemini.js';
import { loadHookpool } from './hookpool.js';
import { closingAfter, createSpawnContenders, warmUp, RAW, hookpoolName } from './contenders.js';
import { runUnderLoad } from './load.js';
import { runRounds } from './interleave.js';
import { holdBuffers, readProcStatus, MB } from './memory.js';
import { caseResult, contenderRows } from './rows.js';
import { formatNumber } from './report.js';
import { median, summarize } from './stats.js';
import { withTempDir } from './tmp.js';

const MAX_DELAY_GOAL_MS = 5;
const BLOCKED_GOAL_MS = 0.1;

const mainThreadGoal = {
  text: `max delay < ${MAX_DELAY_GOAL_MS} ms, blocked ≤ ${BLOCKED_GOAL_MS} ms/fire`,
  pass: (row) => row.values.maxDelay < MAX_DELAY_GOAL_MS && row.values.syncMedian <= BLOCKED_GOAL_MS,
  measured: (row) => `max delay ${formatNumber(row.values.maxDelay)} ms, blocked ${formatNumber(row.values.syncMedian)} ms/fire`,
};

/** Event-loop delay and main-thread cost while `total` `true` hooks run `concurrency` at a time. */
export async function measureLoopDelay({ quick, log, holdBytes = 0, total = 200, concurrency = 8, rounds }) {
  const gemini = await loadGemini();
  const hookpool = await loadHookpool();
  if (hookpool.missing) log(hookpool.missing);
  rounds ??= quick ? 1 : 5;

  return withTempDir(async (cwd) => {
    const set = await createSpawnContenders({ commands: ['true'], cwd, gemini, hookpool });
    return closingAfter(set.closers, async () => {
      for (const c of set.contenders) await warmUp(c.fire, { count: 16, concurrency });
      const held = holdBuffers(holdBytes);
      if (holdBytes > 0) log(`holding ${(holdBytes / MB).toFixed(0)} MB of Buffers; RSS ${(readProcStatus().rssBytes / MB).toFixed(0)} MB`);
      const runs = await runRounds(set.contenders, rounds, async (c) => {
        const run = await runUnderLoad(c.fire, { total, concurrency });
        log(`${c.name}: max ${run.maxDelayMs.toFixed(1)} ms, p99 ${run.p99DelayMs.toFixed(1)} ms, ${run.wallMs.toFixed(0)} ms wall`);
        return run;
      });
      held.length = 0; // the report and closing run small again
      const rows = contenderRows(set.contenders, runs, ({ results: list }) => {
        const pick = (f) => list.map(f);
        return {
          maxDelay: median(pick((r) => r.maxDelayMs)),
          worstDelay: summarize(pick((r) => r.maxDelayMs)).max,
          p99Delay: median(pick((r) => r.p99DelayMs)),
          syncMedian: median(pick((r) => r.sync.median)),
          syncP99: median(pick((r) => r.sync.p99)),
          busyPerFire: median(pick((r) => r.busyPerFireMs)),
          wall: median(pick((r) => r.wallMs)),
          runs: list.length,
        };
      });
      const goals = {
        [hookpoolName('thread')]: mainThreadGoal,
        [hookpoolName('process')]: mainThreadGoal,
      };
      return caseResult({
        params: { hooks: total, concurrency, rounds, heldMB: holdBytes / MB, command: 'true', resolutionMs: 1 },
        columns: [
          { key: 'maxDelay', label: 'max delay ms' },
          { key: 'p99Delay', label: 'p99 delay ms' },
          { key: 'worstDelay', label: 'worst run max ms' },
          { key: 'syncMedian', label: 'blocked/fire ms' },
          { key: 'syncP99', label: 'blocked/fire p99 ms' },
          { key: 'busyPerFire', label: 'busy/fire ms' },
          { key: 'wall', label: 'wall ms' },
        ],
        baseline: RAW,
        ratioKey: 'maxDelay',
        rows,
        goals,
        unavailable: set.unavailable,
        notes: [
          `Each run fires ${total} times with ${concurrency} lanes; a lane fires again as soon as its last fire settled. Values are medians over ${rounds} run(s) per contender, interleaved.`,
          'max/p99 delay: monitorEventLoopDelay at 1 ms resolution, minus the resolution itself. blocked/fire: time inside the fire call; busy/fire: main-thread active time (event-loop utilisation) / fires.',
          'ratio: max delay against raw spawn.',
          ...(holdBytes > 0 ? [`The agent holds ${holdBytes / MB} MB of Buffers (64 MB chunks, every page written), allocated after warm-up.`] : []),
        ],
      });
    });
  });
}
