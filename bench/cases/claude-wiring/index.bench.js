// claude-wiring: what each way of wiring a guard into Claude Code costs per tool call, measured
// inside the real Claude Code (the pinned install of test/e2e/agents-install, or the folder
// HOOKPOOL_E2E_AGENTS names) run headless (`claude -p`) against a mock Anthropic Messages API on
// 127.0.0.1 (bench/lib/claude-code.js). Each session's model asks for K Bash calls (`true`), one
// per answer, then answers text. A sample is one tool call after the first, timed from the mock's
// side: from the moment its answer carrying the tool_use is written out to the arrival of the
// request carrying the tool_result (the PreToolUse hooks, the tool, the next request's building).
// Contenders, interleaved round-robin, one session each per round: no hook (the floor), the guard
// (examples/hooks/block-rm.sh) configured directly as a command hook, and hookpool running the same
// guard, wired by `hookpool init --agent claude` (http entries, the default) and by
// `--transport command` (hookpool-client command entries); and, as the floor of any http wiring,
// the guard behind an http hook to a minimal node:http server that only runs it (http-floor.js).
// Goal (issue): the default wiring adds at most 15 ms per tool call over the guard configured
// directly, median.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCase } from '../../lib/case.js';
import { agentsInstallDir, claudeEnv, findClaude, killProcessesWithEnv, runClaude, startMockModel, waitForNoProcessWithEnv } from '../../lib/claude-code.js';
import { nowMs } from '../../lib/clock.js';
import { HOOKPOOL_CLI, HOOKPOOL_CLIENT, SKIP_ENV } from '../../lib/hookpool.js';
import { rotate } from '../../lib/interleave.js';
import { caseResult, reference } from '../../lib/rows.js';
import { summarize } from '../../lib/stats.js';
import { withTempDir } from '../../lib/tmp.js';

export const title = 'Claude Code: per tool call, by wiring';
export const measures = 'Time per Bash tool call inside the real Claude Code (`claude -p` against a mock model), with no hook, the block-rm guard configured directly, the same guard behind an http hook to a minimal server (the floor of any http wiring), and hookpool running it through its default http wiring and its command wiring.';

const REPO = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const FLOOR_SERVER = fileURLToPath(new URL('./http-floor.js', import.meta.url));
const GUARD = join(REPO, 'examples', 'hooks', 'block-rm.sh');

const NONE = 'no hook';
const DIRECT = 'guard configured directly';
const HTTP = 'hookpool, http wiring (default)';
const COMMAND = 'hookpool, command wiring';
const FLOOR = 'http hook to a minimal server running the guard (http floor)';

/** Every process of a session carries it (value: the session's id): Claude Code starts hooks in process groups of their own. */
const RUN_TAG = 'HOOKPOOL_BENCH_CLAUDE_RUN';
/** Bash calls per session; the first is left out (Claude Code's shell snapshot, a first spawn; hookpool-client starting the server). */
const TOOL_CALLS = 8;
/** The "late" column: calls from this one on (1-based), once Claude Code itself has warmed up. */
const LATE_FROM = 5;
/** What the guard check asks for: refused by block-rm, harmless where nothing guards (the folder does not exist). */
const GUARD_PROBE = 'rm -rf ./bench-guard-probe-absent';
const GUARD_REFUSAL = "'rm -rf' is not allowed";
/** How long a hookpool server may take to stop on its own once its session's claude has exited. */
const SERVER_STOP_WAIT_MS = 15_000;

const signed = (ms) => `${ms >= 0 ? '+' : ''}${ms.toFixed(1)} ms`;

/** Resolves true when nothing listens on 127.0.0.1:port. */
function portFree(port) {
  return new Promise((resolvePromise) => {
    const probe = createServer();
    probe.once('error', () => resolvePromise(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolvePromise(true)));
  });
}

function newProject(root, name) {
  const dir = join(root, name);
  mkdirSync(join(dir, '.git'), { recursive: true });
  return dir;
}

/** A project made by `hookpool init --example block-rm --agent claude [...extra]`, then trusted. */
async function hookpoolProject(root, name, extra, env) {
  // The http wiring names a port derived from the project's path: a folder whose port is taken is passed over.
  for (let attempt = 0; attempt < 5; attempt++) {
    const dir = newProject(root, attempt === 0 ? name : `${name}-${attempt}`);
    execFileSync(process.execPath, [HOOKPOOL_CLI, 'init', '--example', 'block-rm', '--agent', 'claude', ...extra], { cwd: dir, env, stdio: 'ignore' });
    execFileSync(process.execPath, [HOOKPOOL_CLI, 'trust'], { cwd: dir, env, stdio: 'ignore' });
    const port = readFileSync(join(dir, '.claude', 'settings.json'), 'utf8').match(/127\.0\.0\.1:(\d+)/)?.[1];
    if (port === undefined || (await portFree(Number(port)))) return dir;
  }
  throw new Error(`every project folder tried for ${name} derives a port that is taken`);
}

/** The guard as a user would wire it without hookpool: a PreToolUse command hook on Bash running the script. */
function directProject(root) {
  const dir = newProject(root, 'direct');
  mkdirSync(join(dir, '.claude', 'hooks'), { recursive: true });
  const script = join(dir, '.claude', 'hooks', 'block-rm.sh');
  copyFileSync(GUARD, script);
  const settings = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: script, timeout: 60 }] }] } };
  writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify(settings, null, 2));
  return dir;
}

/** The guard behind a PreToolUse http hook to http-floor.js, started here (its own process, outside the sessions' HOME); stop() ends it. */
async function floorProject(root) {
  const dir = newProject(root, 'http-floor');
  const server = spawn(process.execPath, [FLOOR_SERVER, GUARD, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolvePort, reject) => {
    server.stdout.once('data', (chunk) => resolvePort(Number(String(chunk).trim())));
    server.once('exit', (code) => reject(new Error(`the http floor server exited (${code})`)));
  });
  mkdirSync(join(dir, '.claude'), { recursive: true });
  const settings = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'http', url: `http://127.0.0.1:${port}/floor`, timeout: 60 }] }] } };
  writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify(settings, null, 2));
  return { dir, stop: () => server.kill('SIGTERM') };
}

export async function measure({ quick, log }) {
  const rounds = quick ? 2 : 10;
  const warmupRounds = quick ? 0 : 1;
  const params = { rounds, warmupRounds, toolCallsPerSession: TOOL_CALLS, command: 'true', guard: 'examples/hooks/block-rm.sh' };
  const columns = [
    { key: 'median', label: 'median ms/call' },
    { key: 'vsDirect', label: 'minus guard directly, ms' },
    { key: 'vsFloor', label: 'minus http floor, ms' },
    { key: 'vsNone', label: 'minus no hook, ms' },
    { key: 'xNone', label: 'x no hook' },
    { key: 'late', label: `median ms, calls ${LATE_FROM}-${TOOL_CALLS}` },
    { key: 'n', label: 'n calls' },
    { key: 'session', label: 'session ms' },
  ];
  const goals = {
    [NONE]: reference("the floor: Claude Code's own tool call"),
    [HTTP]: {
      text: 'http wiring − guard directly ≤ 15 ms per tool call, median',
      pass: (row) => Number.isFinite(row.values.vsDirect) && row.values.vsDirect <= 15,
      measured: (row) => `${signed(row.values.vsDirect)} per call (${row.ratio?.toFixed(2)}x the guard directly; ${signed(row.values.vsNone)} over no hook)`,
    },
    [COMMAND]: reference('issue: +103-167 ms per call through the client today'),
    [FLOOR]: reference('the floor of any http wiring inside Claude Code: its http hook round trip and one spawn of the guard'),
  };
  const names = [NONE, DIRECT, FLOOR, HTTP, COMMAND];
  const claude = findClaude();
  if (claude === null) {
    const note = `Claude Code not installed (no ${join(agentsInstallDir(), 'node_modules', '.bin', 'claude')}; see bench/README.md)`;
    return caseResult({ params, columns, baseline: DIRECT, ratioKey: 'median', rows: [], goals, unavailable: names.map((name) => ({ name, status: 'missing', note })) });
  }
  const hookpoolMissing = process.env[SKIP_ENV] ? `skipped (${SKIP_ENV} is set)` : existsSync(HOOKPOOL_CLI) && existsSync(HOOKPOOL_CLIENT) ? null : 'hookpool is not built (dist/src/cli/hookpool.cjs missing; run npm run build)';
  const version = execFileSync(claude, ['--version'], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME } }).trim();

  return withTempDir(async (root) => {
    const home = join(root, 'home');
    mkdirSync(home);
    const setupEnv = { PATH: process.env.PATH, HOME: home, LANG: 'C' };
    const contenders = [
      { name: NONE, project: newProject(root, 'none'), guarded: false },
      { name: DIRECT, project: directProject(root), guarded: true },
    ];
    if (hookpoolMissing === null) {
      contenders.push({ name: HTTP, project: await hookpoolProject(root, 'http', [], setupEnv), guarded: true });
      contenders.push({ name: COMMAND, project: await hookpoolProject(root, 'command', ['--transport', 'command'], setupEnv), guarded: true });
    }
    // Started last, stopped in the finally below: nothing between can leave it running.
    const floor = await floorProject(root);
    contenders.splice(2, 0, { name: FLOOR, project: floor.dir, guarded: true });
    const runPrefix = randomUUID();
    let sessions = 0;
    const serverStops = [];
    let killedAfterSession = 0;

    /** One `claude -p` session in the contender's project whose model asks for `toolCalls` × `command`. */
    const session = async (contender, { toolCalls, command }) => {
      const mock = await startMockModel({ toolCalls, command });
      const runId = `${runPrefix}-${++sessions}`;
      let exitedAt;
      try {
        const env = claudeEnv({ home, baseUrl: mock.url, extra: { [RUN_TAG]: runId } });
        const run = await runClaude(claude, { cwd: contender.project, env, prompt: 'Run the steps you are given.' });
        exitedAt = run.exitedAt;
        const calls = mock.calls();
        const problem =
          run.code !== 0 ? `claude exited ${run.signal ?? run.code}: ${(run.stderr || run.stdout).trim().split('\n')[0]}`
          : calls.length !== toolCalls ? `the model was asked for ${calls.length} of ${toolCalls} tool calls`
          : calls.some((call) => call.resultAt === undefined || call.answeredAt === undefined) ? 'a tool call never brought its result back'
          : null;
        if (problem !== null) throw new Error(`${contender.name}: ${problem}`);
        return { calls, ms: run.ms };
      } finally {
        // Whatever the session left (hooks run in process groups of their own) carries its tag.
        await killProcessesWithEnv(RUN_TAG, runId);
        await mock.close();
        // hookpool's server does not carry the tag (it keeps a minimal environment) and stops on
        // its own once the session's claude is gone: each session starts without one.
        const left = await waitForNoProcessWithEnv('HOME', home, SERVER_STOP_WAIT_MS);
        if (left.length > 0) killedAfterSession += await killProcessesWithEnv('HOME', home);
        else if (exitedAt !== undefined && (contender.name === HTTP || contender.name === COMMAND)) serverStops.push(nowMs() - exitedAt);
      }
    };

    /** A failed session is tried once more; a second failure drops the contender. */
    const retried = new Map(contenders.map(({ name }) => [name, 0]));
    const errors = new Map();
    const attempt = async (contender, how) => {
      try {
        return await session(contender, how);
      } catch (error) {
        retried.set(contender.name, retried.get(contender.name) + 1);
        log(`${contender.name}: ${String(error?.message ?? error)}; trying again`);
        return session(contender, how);
      }
    };

    try {
      // Each wiring really guards: one session per contender asks for `rm -rf`, which block-rm refuses.
      log(`${version}: checking that each wiring runs the guard`);
      for (const contender of contenders) {
        try {
          const { calls } = await attempt(contender, { toolCalls: 1, command: GUARD_PROBE });
          const refused = calls[0].result.text.includes(GUARD_REFUSAL);
          if (refused !== contender.guarded) throw new Error(`the guard check's \`${GUARD_PROBE}\` was ${refused ? 'refused' : 'not refused'}: ${calls[0].result.text.split('\n')[0]}`);
        } catch (error) {
          errors.set(contender.name, String(error?.message ?? error).split('\n')[0]);
        }
      }

      const perCall = new Map(contenders.map(({ name }) => [name, []]));
      const late = new Map(contenders.map(({ name }) => [name, []]));
      // By call position (index 1 = the second call), for the note on how calls warm up.
      const byPosition = new Map(contenders.map(({ name }) => [name, Array.from({ length: TOOL_CALLS }, () => [])]));
      const sessionMs = new Map(contenders.map(({ name }) => [name, []]));
      const total = warmupRounds + rounds;
      for (let round = 0; round < total; round++) {
        log(`round ${round + 1}/${total}${round < warmupRounds ? ' (warm-up, not counted)' : ''}`);
        for (const contender of rotate(contenders, round)) {
          if (errors.has(contender.name)) continue;
          let result;
          try {
            result = await attempt(contender, { toolCalls: TOOL_CALLS, command: 'true' });
          } catch (error) {
            errors.set(contender.name, String(error?.message ?? error).split('\n')[0]);
            continue;
          }
          const refused = result.calls.find((call) => call.result.isError || /hook error/i.test(call.result.text));
          if (refused !== undefined) {
            errors.set(contender.name, `a \`true\` call was refused: ${refused.result.text.split('\n')[0]}`);
            continue;
          }
          if (round < warmupRounds) continue;
          result.calls.forEach((call, index) => {
            if (index === 0) return;
            const ms = call.resultAt - call.answeredAt;
            perCall.get(contender.name).push(ms);
            byPosition.get(contender.name)[index].push(ms);
            if (index + 1 >= LATE_FROM) late.get(contender.name).push(ms);
          });
          sessionMs.get(contender.name).push(result.ms);
        }
      }

      const medians = new Map();
      for (const { name } of contenders) {
        if (!errors.has(name)) medians.set(name, summarize(perCall.get(name)).median);
      }
      const rows = [];
      const unavailable = [];
      for (const name of names) {
        if (!contenders.some((c) => c.name === name)) {
          unavailable.push({ name, status: 'missing', note: hookpoolMissing });
        } else if (errors.has(name)) {
          unavailable.push({ name, status: 'error', note: errors.get(name) });
        } else {
          const median = medians.get(name);
          rows.push({
            name,
            values: {
              median,
              vsDirect: median - medians.get(DIRECT),
              vsFloor: median - medians.get(FLOOR),
              vsNone: median - medians.get(NONE),
              xNone: median / medians.get(NONE),
              late: summarize(late.get(name)).median,
              n: perCall.get(name).length,
              session: summarize(sessionMs.get(name)).median,
            },
          });
        }
      }
      // Every session waited for its processes to go; anything of this HOME still there is a leak.
      const leftAtEnd = await killProcessesWithEnv('HOME', home);
      const stops = summarize(serverStops);
      const positions = contenders
        .filter(({ name }) => !errors.has(name))
        .map(({ name }) => `${name} ${byPosition.get(name).slice(1).map((values) => summarize(values).median.toFixed(0)).join(' / ')}`);
      const retries = [...retried].filter(([, count]) => count > 0).map(([name, count]) => `${name} ${count}`);
      return caseResult({
        params: { ...params, claudeCode: version },
        columns,
        baseline: DIRECT,
        ratioKey: 'median',
        rows,
        unavailable,
        goals,
        notes: [
          `Each session is one \`claude -p --output-format json --permission-mode bypassPermissions\` (${version}) in the contender's project, against a mock Anthropic Messages API on 127.0.0.1 that streams (SSE) ${TOOL_CALLS} Bash calls of \`true\`, one per answer, then a text. A sample is one call after the first: from the mock having written out the answer carrying the tool_use to the arrival of the request carrying its tool_result, so it holds the PreToolUse hooks, the tool and Claude Code building its next request. Median over every such call of the timed rounds; the first call (Claude Code's shell snapshot; hookpool-client starting the server in the command wiring) is left out.`,
          `The contenders run interleaved, one session each per round in a rotating order${warmupRounds ? `, after ${warmupRounds} warm-up round` : ''}. Calls get faster over a session as Claude Code warms up, so the median ms/call column holds calls 2-${TOOL_CALLS} and the next one calls ${LATE_FROM}-${TOOL_CALLS} alone. "session ms" is the whole run, spawn to exit: the http wiring's SessionStart and UserPromptSubmit client entries (starting the server) are there, not in the per-call numbers.`,
          `Median ms by call, calls 2 to ${TOOL_CALLS}: ${positions.join('; ')}.`,
          `The guard is examples/hooks/block-rm.sh (a sh script: cat, printf | grep). "guard configured directly" runs it as a PreToolUse command hook on Bash in .claude/settings.json; the hookpool rows are projects made by \`hookpool init --example block-rm --agent claude\` (http: a \`type: "http"\` PreToolUse entry to the resident server, which a SessionStart hookpool-client entry starts) and the same with \`--transport command\` (hookpool-client command entries), then \`hookpool trust\`. "http floor" is a PreToolUse \`type: "http"\` entry to a minimal node:http server of the bench's own (bench/cases/claude-wiring/http-floor.js, one process for the whole case) that runs the guard with \`sh -c\` per request and answers its decision: what any http wiring costs before hookpool does anything (no sessions, trust or configuration checks, no process-group kill). Before timing, one session per contender asked for \`${GUARD_PROBE}\`: refused by every guarded wiring, not by "no hook".`,
          `Each session starts without a hookpool server: the one its client started stops on its own once the session's claude has exited (median ${Number.isFinite(stops.median) ? `${(stops.median / 1000).toFixed(1)} s` : '—'} after it, over ${stops.n} sessions), and the next session waits for that. Processes the bench had to kill ${SERVER_STOP_WAIT_MS / 1000} s after a session: ${killedAfterSession}; still running at the end of the case: ${leftAtEnd}. So each hookpool sample is a server in its first session, after its first call.`,
          `Environment of every session: a temp HOME shared by all contenders (TMPDIR and XDG folders inside it), PATH, LANG=C, ANTHROPIC_BASE_URL (the mock), a dummy ANTHROPIC_API_KEY, IS_SANDBOX=1, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1, DISABLE_AUTOUPDATER/TELEMETRY/ERROR_REPORTING=1, and a tag variable by which whatever a session leaves is killed. Failed sessions tried again: ${retries.length ? retries.join(', ') : 'none'}.`,
        ],
      });
    } finally {
      // Nothing of the case may outlive it: every process of its HOME (sessions, hooks, servers), and the http floor's server.
      floor.stop();
      await killProcessesWithEnv('HOME', home);
    }
  });
}

await runCase(import.meta.url, { title, measures }, measure);
