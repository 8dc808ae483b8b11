// cli-run: `hookpool run` as an agent's command hook calls it, one fresh process per event,
// from spawn to exit: with no matching hook (with and without the config cache) and with one
// matching `true` hook, against the floors of starting node (`node -e 0`), a shell
// (`sh -c true`) and spawning `true` itself. Every process, hookpool's and the peers', gets the
// same clean HOME (a temp folder holding only hookpool's user config), so no shell or user
// startup file is measured.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCase } from '../../lib/case.js';
import { elapsedMs } from '../../lib/clock.js';
import { HOOKPOOL_CLI } from '../../lib/hookpool.js';
import { runRounds } from '../../lib/interleave.js';
import { HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD, UNMATCHED_HOOKPOOL_PAYLOAD } from '../../lib/payload.js';
import { MEDIAN_P99_COLUMNS, caseResult, contenderRows, medianP99, reference } from '../../lib/rows.js';
import { withTempDir } from '../../lib/tmp.js';

export const title = 'CLI: hookpool run per event';
export const measures = '`hookpool run` in a fresh process per event (no match; one `true` hook), spawn to exit, against `node -e 0`, `sh -c true` and a raw spawn of `true`.';

const SPAWN_ONE_HOOK = resolve(fileURLToPath(new URL('../../lib/fixtures/spawn-one-hook.cjs', import.meta.url)));
const NODE = 'node -e 0 (floor)';
const SH = 'sh -c true';
const TRUE = 'raw spawn of true';
const NODE_SPAWNS_HOOK = 'node script spawning sh -c true (floor of a node program running a hook)';
const NO_MATCH = 'hookpool run, no match';
const NO_MATCH_UNCACHED = 'hookpool run, no match, cache off';
const ONE_HOOK = 'hookpool run, one true hook';

/** Spawns `file args` and resolves with its exit code once it has exited and its pipes closed. */
function runProcess(file, args, { cwd, env }) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${file} exited ${code}: ${stderr.trim()}`))));
  });
}

// A user with hookpool's own config holding one `true` hook on Bash tool calls: trusted (user
// level), found by discovery, as a globally installed hookpool would find it.
function writeCleanHome(home) {
  const dir = join(home, '.config', 'hookpool');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const config = { hooks: [{ event: HOOKPOOL_EVENT, matcher: 'Bash', command: 'true' }] };
  writeFileSync(join(dir, 'hooks.json'), JSON.stringify(config), { mode: 0o600 });
}

export async function measure({ quick }) {
  const trials = quick ? 5 : 30;
  return withTempDir(async (dir) => {
    const home = join(dir, 'home');
    const project = join(dir, 'project');
    mkdirSync(project);
    mkdirSync(join(project, '.git'));
    writeCleanHome(home);
    const env = { PATH: process.env.PATH, HOME: home, LANG: 'C' };
    const how = { cwd: project, env };
    const hookpoolRun = (payload, extraEnv = {}) => () => runProcess(process.execPath, [HOOKPOOL_CLI, 'run', HOOKPOOL_EVENT, '--input', JSON.stringify({ ...payload, cwd: project })], { cwd: project, env: { ...env, ...extraEnv } });
    const contenders = [
      { name: NODE, run: () => runProcess(process.execPath, ['-e', '0'], how) },
      { name: SH, run: () => runProcess('sh', ['-c', 'true'], how) },
      { name: TRUE, run: () => runProcess('true', [], how) },
      { name: NODE_SPAWNS_HOOK, run: () => runProcess(process.execPath, [SPAWN_ONE_HOOK], how) },
      { name: NO_MATCH, run: hookpoolRun(UNMATCHED_HOOKPOOL_PAYLOAD) },
      { name: NO_MATCH_UNCACHED, run: hookpoolRun(UNMATCHED_HOOKPOOL_PAYLOAD, { HOOKPOOL_CONFIG_CACHE: '0' }) },
      { name: ONE_HOOK, run: hookpoolRun(HOOKPOOL_PAYLOAD) },
    ];
    // Round 0 fills the page cache and hookpool's config cache; it is left out.
    const runs = await runRounds(contenders, trials + 1, (c) => elapsedMs(c.run));
    const rows = contenderRows(contenders, runs, ({ results }) => medianP99(results.slice(1)));
    const medians = new Map(rows.map((row) => [row.name, row.values.median]));
    const hookFloor = medians.get(NODE) + medians.get(SH);
    const ofHookFloor = (row) => `${(row.values.median / hookFloor).toFixed(2)}x (node -e 0 + sh -c true)`;
    const oneHookGoal = {
      text: '≤ 1.5x (node -e 0 + sh -c true)',
      pass: (row) => Number.isFinite(hookFloor) && row.values.median <= 1.5 * hookFloor,
      measured: (row) => `${ofHookFloor(row)}; ${(row.values.median / medians.get(NODE_SPAWNS_HOOK)).toFixed(2)}x the node floor`,
    };
    return caseResult({
      params: { trials, home: 'a clean temp HOME for every process (hookpool and peers)', hook: 'true' },
      columns: MEDIAN_P99_COLUMNS,
      baseline: NODE,
      ratioKey: 'median',
      rows,
      goals: {
        [NO_MATCH]: { text: '≤ 1.5x', pass: (row) => row.ratio !== null && row.ratio <= 1.5 },
        [NO_MATCH_UNCACHED]: reference('the same without the config cache'),
        [ONE_HOOK]: oneHookGoal,
        [SH]: reference('the hook\'s own cost'),
        [NODE_SPAWNS_HOOK]: { text: 'what the one-hook goal leaves room for', measured: ofHookFloor },
      },
      notes: [
        'Each row is a whole process: spawn to exit with its pipes closed, interleaved round-robin; the first round (cold caches) is left out.',
        'Every process runs with HOME set to a clean temp folder holding only ~/.config/hookpool/hooks.json (one `true` hook on Bash), PATH and LANG=C.',
        'The node floor (bench/lib/fixtures/spawn-one-hook.cjs) is a node program that does nothing but spawn `sh -c true` as a hook is spawned (own process group, piped stdio, a JSON input) and wait for it: what loading node:child_process and a first spawn cost a fresh node process, which the one-hook goal\'s baseline (node -e 0 plus a spawn from an already running process) leaves out.',
      ],
    });
  });
}

await runCase(import.meta.url, { title, measures }, measure);
