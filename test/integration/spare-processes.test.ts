// Spare hook processes (issue 23): a hook fired twice within a while gets a shell started ahead
// of time, which its next fire releases instead of spawning. Every guarantee of a spawned hook
// holds for it: the fire's stdin and variables, timeouts and group kills, the output cap, the
// trust check right before the hand-over, and nothing left once the engine closed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, loadHooksConfig, type HookEngine, type HookOutcome } from '../../src/index.js';
import { sandboxPids } from '../helpers/descriptors.js';
import { expectGone, expectNoneAlive, FIXTURES, sparesOf, uniqueSleep } from '../helpers/processes.js';
import { tempDir } from '../helpers/temp-dirs.js';

// The hosts that keep spares: the sandbox (process) and the direct host (`hookpool serve`).
const SPARE_HOSTS = ['process', 'direct'] as const;

/** Where a host's spares live: the sandbox process, or this one. */
function spareParent(host: (typeof SPARE_HOSTS)[number]): number {
  if (host === 'direct') return process.pid;
  const [sandbox] = sandboxPids();
  if (sandbox === undefined) throw new Error('no sandbox process');
  return sandbox;
}

/** Polls until a spare waits under the host's process; its pid. */
async function waitingSpare(host: (typeof SPARE_HOSTS)[number]): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const [pid] = sparesOf(spareParent(host));
    if (pid !== undefined) return pid;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no spare process started');
}

const payload = { tool_name: 'Bash', tool_input: { command: 'ls' } };
const firstLine = (outcome: HookOutcome) => Number(outcome.stdout.split('\n')[0]);

describe.each(SPARE_HOSTS)('spare hook processes on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  const fireTwice = async () => {
    for (let i = 0; i < 2; i++) await engine!.fire('PreToolUse', payload);
  };

  it('a hook fired twice gets a spare: its next fire runs in it, with that fire\'s stdin and variables, and the next spare starts', async () => {
    const cwd = tempDir('spares');
    engine = createHookEngine({ host, cwd, hooks: [{ event: 'PreToolUse', command: 'echo $$; echo "$HOOKPOOL_TOOL_NAME|$HOOKPOOL_RUN_ID|$(pwd)"; cat', env: { set: { FIXED: 'it\'s\nfixed' } } }] });
    await fireTwice();
    const spare = await waitingSpare(host);
    const [outcome] = (await engine.fire('PreToolUse', { tool_name: 'Edit', tool_input: { file_path: '/x' } })).hooks;
    expect(outcome).toMatchObject({ status: 'ok', exitCode: 0 });
    const [pid, variables, stdin] = outcome!.stdout.split('\n');
    expect(Number(pid)).toBe(spare);
    expect(variables).toMatch(new RegExp(`^Edit\\|.+\\.3\\|${cwd}$`));
    expect(JSON.parse(stdin!)).toMatchObject({ tool_name: 'Edit', tool_input: { file_path: '/x' }, hook_event_name: 'PreToolUse' });
    const next = await waitingSpare(host);
    expect(next).not.toBe(spare);
    // The hook's fixed environment, a value with a quote and a newline, reaches a spare-run hook whole.
    const fixed = createHookEngine({ host, cwd, hooks: [{ event: 'Stop', command: 'echo $$; printf %s "$FIXED"', env: { set: { FIXED: 'it\'s\n"fixed" $HOME' } } }] });
    try {
      for (let i = 0; i < 2; i++) await fixed.fire('Stop', {});
      const [run] = (await fixed.fire('Stop', {})).hooks;
      expect(run!.stdout.split('\n').slice(1).join('\n')).toBe('it\'s\n"fixed" $HOME');
    } finally {
      await fixed.close();
    }
  });

  it('a hook fired once, and any hook with pool.spareProcesses 0, gets no spare', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'PreToolUse', command: 'echo $$' }] });
    await engine.fire('PreToolUse', payload);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sparesOf(spareParent(host))).toEqual([]);
    await engine.close();
    engine = createHookEngine({ host, pool: { spareProcesses: 0 }, hooks: [{ event: 'PreToolUse', command: 'echo $$' }] });
    for (let i = 0; i < 4; i++) await engine.fire('PreToolUse', payload);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sparesOf(spareParent(host))).toEqual([]);
  });

  it('a background hook gets no spare: nobody waits on it, and a spawn costs less CPU than a hand-over', async () => {
    let settled = 0;
    engine = createHookEngine({ host, hooks: [{ event: 'PostToolUse', command: 'echo $$', background: true }], onHookSettled: () => void settled++ });
    for (let i = 0; i < 4; i++) {
      await engine.fire('PostToolUse', payload);
      for (let tries = 0; tries < 200 && settled <= i; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(settled).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sparesOf(spareParent(host))).toEqual([]);
  });

  it('a spare-run hook that times out is killed with its process group: no grandchild survives', async () => {
    const dir = tempDir('spares-timeout');
    const flag = join(dir, 'hang');
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, pool: { killGraceMs: 100 }, hooks: [{ event: 'PreToolUse', timeout: 700, command: `echo $$; if [ -e ${flag} ]; then sleep ${sleep} & sleep ${sleep}; fi` }] });
    await fireTwice();
    const spare = await waitingSpare(host);
    writeFileSync(flag, '');
    const [outcome] = (await engine.fire('PreToolUse', payload)).hooks;
    expect(outcome).toMatchObject({ status: 'timed_out' });
    expect(firstLine(outcome!)).toBe(spare);
    await expectNoneAlive(`sleep ${sleep}`);
  });

  it('a program hook (exec form) is exec\'d by its spare, and its timeout kills the tree it started', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, pool: { killGraceMs: 100 }, hooks: [{ event: 'PreToolUse', args: [`${FIXTURES}spawn-tree.sh`, sleep], timeout: 300 }] });
    await fireTwice();
    await expectNoneAlive(`sleep ${sleep}`);
    const spare = await waitingSpare(host);
    const fire = engine.fire('PreToolUse', payload);
    let args = '';
    for (let tries = 0; tries < 200 && !args.includes('spawn-tree.sh'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      args = execFileSync('ps', ['-p', String(spare), '-o', 'args='], { encoding: 'utf8' }).trim();
    }
    expect(args).toBe(`/bin/sh ${FIXTURES}spawn-tree.sh ${sleep}`);
    expect((await fire).hooks).toMatchObject([{ status: 'timed_out' }]);
    await expectNoneAlive(`sleep ${sleep}`);
  });

  it('the output cap applies to a spare-run hook', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'PreToolUse', maxOutputBytes: 200, command: "echo $$; head -c 100000 /dev/zero | tr '\\0' x" }] });
    await fireTwice();
    const spare = await waitingSpare(host);
    const [outcome] = (await engine.fire('PreToolUse', payload)).hooks;
    expect(outcome).toMatchObject({ status: 'ok', truncated: true });
    expect(outcome!.stdout).toHaveLength(200);
    expect(firstLine(outcome!)).toBe(spare);
  });

  it('a trusted script changed after its spare started is not run: the guard refuses as for a spawn', async () => {
    const root = tempDir('spares-trust');
    const cwd = join(root, 'project');
    const home = join(root, 'home');
    mkdirSync(join(cwd, '.hookpool'), { recursive: true });
    mkdirSync(home, { recursive: true });
    writeFileSync(join(cwd, '.hookpool', 'hooks.json'), JSON.stringify({ hooks: [{ id: 'guard', event: 'PreToolUse', command: './guard.sh' }] }));
    writeFileSync(join(cwd, 'guard.sh'), 'echo "refused" >&2; exit 2\n', { mode: 0o755 });
    const config = await loadHooksConfig({ cwd, home, trust: 'prompt', confirmTrust: () => true });
    engine = createHookEngine({ ...config, host, cwd });
    const rmRoot = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };
    for (let i = 0; i < 2; i++) expect(await engine.fire('PreToolUse', rmRoot)).toMatchObject({ blocked: true });
    const spare = await waitingSpare(host);
    writeFileSync(join(cwd, 'guard.sh'), 'exit 0\n');
    const result = await engine.fire('PreToolUse', rmRoot);
    expect(result.hooks).toMatchObject([{ id: 'guard', status: 'spawn_failed', error: expect.stringContaining('guard.sh changed since you trusted') }]);
    expect(result).toMatchObject({ blocked: true, decision: 'deny' });
    // The spare was not handed this fire: it is still waiting, or was stopped, never released.
    expect(sparesOf(spareParent(host)).filter((pid) => pid !== spare)).toEqual([]);
  });

  it('close() leaves no spare running', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'PreToolUse', command: 'true' }, { event: 'Stop', command: 'true' }] });
    await fireTwice();
    for (let i = 0; i < 2; i++) await engine.fire('Stop', {});
    const first = await waitingSpare(host);
    for (let tries = 0; tries < 200 && sparesOf(spareParent(host)).length < 2; tries++) await new Promise((resolve) => setTimeout(resolve, 25));
    const spares = sparesOf(spareParent(host));
    expect(spares).toContain(first);
    expect(spares).toHaveLength(2);
    await engine.close();
    engine = undefined;
    for (const pid of spares) await expectGone(pid);
  });
});

describe('spare hook processes of a sandbox that dies', () => {
  it('exit with it: the hand-over pipe closes and the spare stops waiting', async () => {
    const engine = createHookEngine({ host: 'process', hooks: [{ event: 'PreToolUse', command: 'true' }] });
    try {
      for (let i = 0; i < 2; i++) await engine.fire('PreToolUse', payload);
      const spare = await waitingSpare('process');
      const [sandbox] = sandboxPids();
      process.kill(sandbox!, 'SIGKILL');
      await expectGone(spare);
    } finally {
      await engine.close();
    }
  });
});
