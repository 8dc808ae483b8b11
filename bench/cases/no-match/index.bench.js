// no-match: the cost of an awaited fire that no hook matches, in nanoseconds per fire, against
// awaiting an empty async function (the floor for any awaited call). Each system is configured
// with 1 hook and with 1000 hooks for the same event, none matching the tool fired. Goals:
// hookpool ≤ 1.5x the empty function, and 1000 configured hooks change nothing measurable.
import { runCase } from '../../lib/case.js';
import { nowMs } from '../../lib/clock.js';
import { createGeminiSystem, fireGeminiShellTool, loadGemini } from '../../lib/gemini.js';
import { hookpoolHooks, loadHookpool } from '../../lib/hookpool.js';
import { runInterleaved } from '../../lib/interleave.js';
import { GEMINI_TOOL, HOOKPOOL_EVENT, UNMATCHED_GEMINI_TOOL, UNMATCHED_HOOKPOOL_PAYLOAD } from '../../lib/payload.js';
import { caseResult, contenderRows, medianP99, ratioAtMost, reference } from '../../lib/rows.js';
import { withTempDir } from '../../lib/tmp.js';
import { addHookpoolContenders, closingAfter } from '../../lib/contenders.js';

export const title = 'Fire with no matching hook';
export const measures = 'Nanoseconds per awaited fire when no configured hook matches (1 and 1000 hooks configured), against an awaited empty async function.';

const EMPTY = 'empty async function';
const MANY = 1000;

/*
 * Each contender gets its own loop function, written out, so every call site is monomorphic as
 * in an agent's code; one shared loop calling through a variable would bill every contender
 * for a megamorphic call.
 */

/** How many calls make one timed batch of about `targetMs`, measured after a JIT warm-up. */
async function calibrate(loop, targetMs, warmMs) {
  const runFor = async (ms) => {
    let calls = 0;
    const t0 = nowMs();
    while (nowMs() - t0 < ms) {
      await loop(16);
      calls += 16;
    }
    return (nowMs() - t0) / calls;
  };
  await runFor(warmMs);
  // The fastest of three short windows: one GC or preemption must not size every batch.
  const perCallMs = Math.min(await runFor(10), await runFor(10), await runFor(10));
  return Math.max(1, Math.round(targetMs / perCallMs));
}

export async function measure({ quick, log }) {
  const gemini = await loadGemini();
  const hookpool = await loadHookpool();
  if (hookpool.missing) log(hookpool.missing);
  const batchMs = quick ? 2 : 10;
  const rounds = quick ? 40 : 200;

  return withTempDir(async (cwd) => {
    const calls = [];
    const unavailable = [];
    const closers = [];
    const emptyAsync = async () => {};
    calls.push({
      name: EMPTY,
      loop: async (n) => {
        for (let i = 0; i < n; i++) await emptyAsync();
      },
    });

    for (const count of [1, MANY]) {
      const name = `hookpool (${count} hook${count > 1 ? 's' : ''})`;
      await addHookpoolContenders(hookpool, [name], unavailable, async () => {
        const hooks = count === 1
          ? hookpoolHooks(['true'], { timeoutMs: 10_000 })
          : Array.from({ length: count }, (_, i) => hookpoolHooks([`true ${i}`], { timeoutMs: 10_000, matcher: `Tool${i}` })[0]);
        const engine = await hookpool.createHookEngine({ hooks, cwd });
        closers.push({ name, close: () => engine.close() });
        calls.push({
          name,
          loop: async (n) => {
            for (let i = 0; i < n; i++) await engine.fire(HOOKPOOL_EVENT, UNMATCHED_HOOKPOOL_PAYLOAD);
          },
        });
        if (count === 1) {
          calls.push({
            name: 'hookpool has() (1 hook)',
            loop: async (n) => {
              for (let i = 0; i < n; i++) await engine.has(HOOKPOOL_EVENT, UNMATCHED_HOOKPOOL_PAYLOAD.tool_name);
            },
          });
        }
      });
    }
    for (const count of [1, MANY]) {
      const definitions = count === 1
        ? [{ matcher: GEMINI_TOOL, commands: ['true'] }]
        : Array.from({ length: count }, (_, i) => ({ matcher: `tool_${i}`, commands: [`true ${i}`] }));
      const system = await createGeminiSystem(gemini.HookSystem, { definitions, timeoutMs: 10_000, cwd });
      calls.push({
        name: `gemini-cli-core (${count} hook${count > 1 ? 's' : ''})`,
        loop: async (n) => {
          for (let i = 0; i < n; i++) await fireGeminiShellTool(system, UNMATCHED_GEMINI_TOOL);
        },
      });
    }

    const contenders = [];
    for (const { name, loop } of calls) {
      const size = await calibrate(loop, batchMs, quick ? 50 : 200);
      contenders.push({ name, size, fire: () => loop(size) });
    }
    log(`batch sizes: ${contenders.map((c) => `${c.name}=${c.size}`).join(', ')}`);
    return closingAfter(closers, async () => {
      const samples = await runInterleaved(contenders, { warmup: 3, rounds, budgetMs: quick ? 4_000 : 60_000 });
      const rows = contenderRows(contenders, samples, ({ total }, { size }) => medianP99(total.map((ms) => (ms * 1e6) / size), { batch: size }));
      const one = 'hookpool (1 hook)';
      const within = (limit) => (row, byName) => {
        const base = byName.get(one)?.values?.median;
        return row.ratio !== null && row.ratio <= 1.5 && Number.isFinite(base) && row.values.median <= base * limit;
      };
      return caseResult({
        params: { batchMs, rounds, hooksConfigured: [1, MANY] },
        columns: [
          { key: 'median', label: 'median ns/fire' },
          { key: 'p99', label: 'p99 ns/fire' },
          { key: 'batch', label: 'fires/batch' },
        ],
        baseline: EMPTY,
        ratioKey: 'median',
        rows,
        unavailable,
        goals: {
          [one]: ratioAtMost(1.5),
          [`hookpool (${MANY} hooks)`]: { text: '≤ 1.5x and ≤ 1.1x of 1 hook', pass: within(1.1) },
          'gemini-cli-core (1 hook)': reference('issue: ~35x'),
        },
        notes: [
          'Each sample is a batch of sequential awaited fires (sized to about ' + batchMs + ' ms); ns/fire = batch time / batch size.',
          'The fired tool matches none of the configured matchers; the 1000 hooks each have their own matcher on the same event.',
          'has(): the synchronous "would anything run?" check, for reference.',
        ],
      });
    });
  });
}

await runCase(import.meta.url, { title, measures }, measure);
