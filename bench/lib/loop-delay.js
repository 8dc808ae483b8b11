// Shared body of the event-loop cases: while 200 hooks run 8 at a time, how long is the agent's
// main thread blocked, per fire and at worst? Optionally with a large heap of Buffers held by
// the agent, where fork() from any thread of the process stalls the main thread.
import { loadGemini } from './gemini.js';
import { loadHookpool } from './hookpool.js';
import { createSpawnContenders, warmUp, RAW, hookpoolName } from './contenders.js';
import { runUnderLoad } from './load.js';
import { rotate } from './interleave.js';
import { holdBuffers, readProcStatus, MB } from './memory.js';
import { caseResult, errorRow } from './rows.js';
import { formatNumber } from './report.js';
import { summarize } from './stats.js';
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
    let held = [];
    let result;
    try {
      for (const c of set.contenders) await warmUp(c.fire, { count: 16, concurrency });
      if (holdBytes > 0) {
        held = holdBuffers(holdBytes);
        log(`holding ${(holdBytes / MB).toFixed(0)} MB of Buffers; RSS ${(readProcStatus().rssBytes / MB).toFixed(0)} MB`);
      }
      const runs = new Map(set.contenders.map((c) => [c.name, []]));
      const errors = new Map();
      for (let round = 0; round < rounds; round++) {
        for (const c of rotate(set.contenders, round)) {
          if (errors.has(c.name)) continue;
          try {
            const run = await runUnderLoad(c.fire, { total, concurrency });
            runs.get(c.name).push(run);
            log(`${c.name}: max ${run.maxDelayMs.toFixed(1)} ms, p99 ${run.p99DelayMs.toFixed(1)} ms, ${run.wallMs.toFixed(0)} ms wall`);
          } catch (error) {
            errors.set(c.name, error);
          }
        }
      }
      const rows = set.contenders.map(({ name }) => {
        if (errors.has(name)) return errorRow(name, errors.get(name));
        const list = runs.get(name);
        const pick = (f) => list.map(f);
        return {
          name,
          values: {
            maxDelay: summarize(pick((r) => r.maxDelayMs)).median,
            worstDelay: summarize(pick((r) => r.maxDelayMs)).max,
            p99Delay: summarize(pick((r) => r.p99DelayMs)).median,
            syncMedian: summarize(pick((r) => r.sync.median)).median,
            syncP99: summarize(pick((r) => r.sync.p99)).median,
            busyPerFire: summarize(pick((r) => r.busyPerFireMs)).median,
            wall: summarize(pick((r) => r.wallMs)).median,
            runs: list.length,
          },
        };
      });
      const goals = {
        [hookpoolName('thread')]: mainThreadGoal,
        [hookpoolName('process')]: mainThreadGoal,
      };
      result = caseResult({
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
    } finally {
      held = null;
      const problems = await set.close();
      result?.notes.push(...problems);
    }
    return result;
  });
}
