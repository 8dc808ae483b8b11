// module-hook: latency of one fire running one in-worker hook (`type: "module"`, no process
// spawned), a built-in (the security guard, also a module) and a `type: "function"` hook (on the
// agent's thread), against the same fire running one `true` command hook. Goal (issue 12): a
// module hook ≤ 0.15 ms per fire end to end on the process host. The handoff floors run in the
// same interleaved rounds (bench/lib/floors.js, as in the `handoff` case), so each in-worker row
// says how far it is from the bare round trip of its host's shape: a piscina round trip (thread
// host), fork IPC relayed through a piscina pool in the child (process host).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCase } from '../../lib/case.js';
import { closingAfter } from '../../lib/contenders.js';
import { FORK_FLOOR, PISCINA_FLOOR, RELAY_FLOOR, startHandoffFloors } from '../../lib/floors.js';
import { checkAllOk, loadHookpool } from '../../lib/hookpool.js';
import { runInterleaved } from '../../lib/interleave.js';
import { LATENCY_COLUMNS, latencyValues } from '../../lib/latency.js';
import { HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD, HOOKPOOL_TOOL } from '../../lib/payload.js';
import { caseResult, contenderRows, reference } from '../../lib/rows.js';
import { withTempDir } from '../../lib/tmp.js';

export const title = 'One module, built-in or function hook, against one `true` command hook';
export const measures = 'Median and p99 latency of a fire running one in-worker hook (no spawn), one built-in and one function hook, beside one `true` command hook.';

const COMMAND = 'hookpool (process) `true` command';
const MODULE = 'hookpool (process) module';
const MODULE_THREAD = 'hookpool (thread) module';
const BUILTIN = 'hookpool (process) built-in security-guard';
const FUNCTION = 'hookpool function (agent thread)';
// Each in-worker row against the bare round trip of its host's shape.
const FLOOR_OF = { [MODULE]: RELAY_FLOOR, [BUILTIN]: RELAY_FLOOR, [MODULE_THREAD]: PISCINA_FLOOR };

const GOAL_MS = 0.15;
const atMostMs = (ms) => ({ text: `≤ ${ms} ms`, pass: (row) => row.values?.median <= ms, measured: (row) => `${row.values.median.toFixed(3)} ms` });

export async function measure({ quick, log }) {
  const hookpool = await loadHookpool();
  if (hookpool.missing) return { error: hookpool.missing };
  const { createHookEngine } = hookpool;
  const builtins = await import(new URL('../../../dist/src/builtins/catalog.js', import.meta.url).href).catch(() => undefined);
  const guard = builtins?.findBuiltin?.('security-guard');
  const params = { rounds: quick ? 200 : 4000, warmup: quick ? 20 : 200 };

  return withTempDir(async (cwd) => {
    const module = join(cwd, 'noop-hook.mjs');
    writeFileSync(module, 'export default function noopHook(input) { return input.tool_name === "Bash" ? {} : undefined; }\n');
    const on = { event: HOOKPOOL_EVENT, matcher: HOOKPOOL_TOOL };
    const engines = [
      [COMMAND, createHookEngine({ host: 'process', cwd, hooks: [{ ...on, command: 'true' }] })],
      [MODULE, createHookEngine({ host: 'process', cwd, hooks: [{ ...on, type: 'module', module }] })],
      [MODULE_THREAD, createHookEngine({ host: 'thread', cwd, hooks: [{ ...on, type: 'module', module }] })],
      ...(guard === undefined ? [] : [[BUILTIN, createHookEngine({ host: 'process', cwd, hooks: [{ ...on, type: 'module', module: guard.module, origin: 'builtin' }] })]]),
      [FUNCTION, createHookEngine({ host: 'thread', cwd, hooks: [{ ...on, type: 'function', handler: () => ({}) }] })],
    ];
    const floors = await startHandoffFloors(cwd);
    const contenders = [
      ...engines.map(([name, engine]) => ({ name, fire: () => engine.fire(HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD), check: checkAllOk(1) })),
      ...floors,
    ];
    return closingAfter([...engines.map(([name, engine]) => ({ name, close: () => engine.close() })), ...floors], async () => {
      // Every module worker started and the module imported before measuring.
      for (const contender of contenders) for (let i = 0; i < 8; i++) await contender.fire();
      log(`measuring ${contenders.length} contenders, ${params.rounds} rounds`);
      const samples = await runInterleaved(contenders, { warmup: params.warmup, rounds: params.rounds, budgetMs: quick ? 5_000 : 120_000 });
      const rows = contenderRows(contenders, samples, latencyValues);
      const medianOf = (name) => rows.find((row) => row.name === name)?.values?.median;
      for (const row of rows) {
        const floor = medianOf(FLOOR_OF[row.name]);
        if (floor !== undefined && row.values.median !== undefined) row.values.vsFloor = row.values.median / floor;
      }
      return caseResult({
        params: { ...params, roundsRun: rows[0]?.values?.n },
        columns: [...LATENCY_COLUMNS, { key: 'vsFloor', label: "x its host's floor" }],
        baseline: COMMAND,
        ratioKey: 'median',
        rows,
        goals: {
          [MODULE]: atMostMs(GOAL_MS),
          [MODULE_THREAD]: reference('no spawn'),
          [BUILTIN]: reference('a built-in is a module'),
          [FUNCTION]: reference('no pool at all'),
          [RELAY_FLOOR]: reference("the process host's floor"),
          [PISCINA_FLOOR]: reference("the thread host's floor"),
        },
        unavailable: guard === undefined ? [{ name: BUILTIN, status: 'missing', note: 'the built-ins are not built (dist/src/builtins/catalog.js)' }] : [],
        notes: [
          'Ratios are against one `true` command hook on the process host; the module goal is absolute (issue 12: ≤ 0.15 ms per hook end to end on the process host).',
          'The module hook returns {} (read as empty JSON output); the function hook likewise; the built-in checks the command against the security table.',
          "Floors, interleaved with the hooks: a piscina round trip of a task of hookpool's shape (the thread host's), a bare fork IPC round trip, and fork IPC relayed through a piscina pool in the child (the process host's shape: agent -> sandbox -> worker thread -> back). \"x its host's floor\" divides a row by its host's floor.",
          floorNote(medianOf(RELAY_FLOOR), medianOf(FORK_FLOOR)),
        ],
      });
    });
  });
}

/** Whether the goal is below what the process host's shape costs with no hookpool code at all. */
function floorNote(relayMs, forkMs) {
  if (relayMs === undefined || forkMs === undefined) return 'The floors could not be measured.';
  const below = forkMs > GOAL_MS ? 'above' : 'below';
  return `In this run a bare fork IPC round trip took ${forkMs.toFixed(3)} ms and the relay through a piscina worker ${relayMs.toFixed(3)} ms: the process host's floor is ${below} the ${GOAL_MS} ms goal before any hookpool code runs.`;
}

await runCase(import.meta.url, { title, measures }, measure);
