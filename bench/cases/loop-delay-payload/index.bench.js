// loop-delay-payload: the agent's main thread per fire when the hook input is large (a Write of a
// 1 MB file) against a small one: time blocked inside fire() and busy until it settled, one
// `cat > /dev/null` hook (it reads its whole input), process and thread hosts. Goal: blocked per
// fire ≤ one JSON.stringify of the payload (1 MB) and ≤ 0.1 ms (small), on the process host. The
// bound is measured in the same process and rounds: JSON.stringify of the payload, and the same
// with its first read (V8 builds a large JSON as a tree of parts; whoever reads it first, a
// socket write or a serializer, copies it into one piece).
import { runCase } from '../../lib/case.js';
import { closingAfter } from '../../lib/contenders.js';
import { checkAllOk, loadHookpool } from '../../lib/hookpool.js';
import { runInterleaved } from '../../lib/interleave.js';
import { caseResult, contenderRows, reference } from '../../lib/rows.js';
import { median, summarize } from '../../lib/stats.js';
import { withTempDir } from '../../lib/tmp.js';

export const title = 'Main thread per fire with a 1 MB hook input';
export const measures = 'Main-thread time blocked in fire() and busy until settled, one hook reading its input, 1 MB and small payloads, against JSON.stringify of the payload.';

const MB = 1024 * 1024;
const LINE = 'const answer = "forty two"; // a line of code, with "quotes" and a tab\t\n';
const BIG = Object.freeze({ tool_name: 'Write', tool_input: { file_path: '/tmp/big.ts', content: LINE.repeat(Math.ceil(MB / LINE.length)).slice(0, MB) } });
const SMALL = Object.freeze({ tool_name: 'Write', tool_input: { file_path: '/tmp/small.ts', content: 'export {};\n' } });

const PROCESS_BIG = 'hookpool (process), 1 MB input';
const PROCESS_SMALL = 'hookpool (process), small input';
const THREAD_BIG = 'hookpool (thread), 1 MB input';
const STRINGIFY = 'JSON.stringify of the 1 MB payload';
const STRINGIFY_READ = 'JSON.stringify of the 1 MB payload, then its first read';

export async function measure({ quick, log }) {
  const hookpool = await loadHookpool();
  if (hookpool.missing) return { error: hookpool.missing };
  const { createHookEngine } = hookpool;
  const params = { rounds: quick ? 30 : 300, warmup: quick ? 5 : 20, payloadBytes: Buffer.byteLength(JSON.stringify(BIG)) };
  return withTempDir(async (cwd) => {
    const hooks = [{ event: 'PreToolUse', matcher: 'Write', command: 'cat > /dev/null' }];
    const processEngine = createHookEngine({ host: 'process', cwd, hooks });
    const threadEngine = createHookEngine({ host: 'thread', cwd, hooks });
    const fire = (engine, payload) => () => engine.fire('PreToolUse', payload);
    const contenders = [
      { name: PROCESS_BIG, fire: fire(processEngine, BIG), check: checkAllOk(1) },
      { name: PROCESS_SMALL, fire: fire(processEngine, SMALL), check: checkAllOk(1) },
      { name: THREAD_BIG, fire: fire(threadEngine, BIG), check: checkAllOk(1) },
      { name: STRINGIFY, fire: () => Promise.resolve(JSON.stringify(BIG)) },
      { name: STRINGIFY_READ, fire: () => Promise.resolve(Buffer.byteLength(JSON.stringify(BIG))) },
    ];
    return closingAfter([{ name: 'process', close: () => processEngine.close() }, { name: 'thread', close: () => threadEngine.close() }], async () => {
      log(`measuring ${contenders.length} contenders, ${params.rounds} rounds`);
      const samples = await runInterleaved(contenders, { warmup: params.warmup, rounds: params.rounds, budgetMs: quick ? 10_000 : 120_000 });
      const rows = contenderRows(contenders, samples, (s) => {
        const sync = summarize(s.sync);
        return { syncMedian: sync.median, syncP99: sync.p99, busyMedian: median(s.busy), median: median(s.total), n: sync.n };
      });
      const stringifyMs = rows.find((row) => row.name === STRINGIFY)?.values?.syncMedian;
      const blockedAtMost = (text, limit) => ({ text, pass: (row) => row.values.syncMedian <= limit(), measured: (row) => `${row.values.syncMedian.toFixed(3)} ms blocked (${(row.values.syncMedian / stringifyMs).toFixed(2)}x JSON.stringify)` });
      return caseResult({
        params: { ...params, roundsRun: rows[0]?.values?.n },
        columns: [
          { key: 'syncMedian', label: 'blocked/fire ms' },
          { key: 'syncP99', label: 'blocked p99 ms' },
          { key: 'busyMedian', label: 'busy/fire ms' },
          { key: 'median', label: 'fire to settle ms' },
        ],
        baseline: STRINGIFY,
        ratioKey: 'syncMedian',
        rows,
        goals: {
          [PROCESS_BIG]: blockedAtMost('≤ one JSON.stringify of the payload', () => stringifyMs),
          [PROCESS_SMALL]: blockedAtMost('≤ 0.1 ms', () => 0.1),
          [THREAD_BIG]: reference('thread host'),
          [STRINGIFY_READ]: reference('what any consumer of the JSON pays at least'),
        },
        notes: [
          `The 1 MB payload is a Write tool call whose content is ${MB} bytes of code-like text (quotes, tabs, newlines: escaped in JSON); the hook is \`cat > /dev/null\`, which reads its whole input.`,
          'Ratios are blocked time against JSON.stringify of the same payload, timed in the same process and rounds (the goal: the fire costs the main thread no more than making the JSON once).',
          'V8 returns a large JSON.stringify result as a tree of parts; its first read (here Buffer.byteLength; in hookpool the write to the sandbox) copies it into one fresh piece, which is most of the cost on a machine where fresh pages are expensive.',
        ],
      });
    });
  });
}

await runCase(import.meta.url, { title, measures }, measure);
