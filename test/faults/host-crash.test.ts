// The sandbox process killed mid-fire, and the agent killed mid-fire.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine } from '../../src/index.js';
import { expectNoneAlive, livingProcesses, uniqueSleep } from '../helpers/processes.js';

function sandboxPids(): number[] {
  const out = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes('sandbox-process')).map((line) => Number(line.trim().split(/\s+/)[0]));
}

describe('the sandbox process killed with SIGKILL mid-fire', () => {
  let engine: HookEngine | undefined;
  afterEach(async () => engine?.close());

  it('fails the in-flight fires as crashed, kills their processes, and restarts for later fires', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host: 'process', hooks: [
      { event: 'Stop', command: `sleep ${sleep} & sleep ${sleep}`, timeout: 60_000 },
      { event: 'PreToolUse', command: 'echo alive' },
    ] });
    const fires = [engine.fire('Stop', {}), engine.fire('Stop', {})];
    // Per hook: the `sh -c` leader (its command line holds the sleep too) and two sleeps.
    // Liveness bound: starting the sandbox and its pool takes over a second on a busy machine.
    await expect.poll(() => livingProcesses(`sleep ${sleep}`).length, { timeout: 10_000 }).toBe(6);
    const [pid] = sandboxPids();
    process.kill(pid!, 'SIGKILL');
    for (const result of await Promise.all(fires)) {
      expect(result.hooks[0]).toMatchObject({ status: 'crashed', error: expect.stringContaining('sandbox process died') });
      expect(result.blocked).toBe(false);
    }
    await expectNoneAlive(`sleep ${sleep}`);
    expect((await engine.fire('PreToolUse', { tool_name: 'Bash' })).hooks[0]).toMatchObject({ status: 'ok', stdout: 'alive\n' });
    expect(sandboxPids()).toHaveLength(1);
  });
});

describe('the agent killed with SIGKILL while hooks run', () => {
  it('leaves no hook alive when the pool lives in the sandbox process', async () => {
    const sleep = uniqueSleep();
    const agentScript = fileURLToPath(new URL('../fixtures/agents/fire-and-hang.mjs', import.meta.url));
    const agent = spawn(process.execPath, [agentScript, 'process', sleep], { stdio: 'ignore' });
    try {
      await expect.poll(() => livingProcesses(`sleep ${sleep}`).length, { timeout: 10_000 }).toBe(3);
      const [sandbox] = livingProcesses('sandbox-process').filter((line) => line.trim().split(/\s+/)[1] === String(agent.pid));
      expect(sandbox).toBeDefined();
      agent.kill('SIGKILL');
      await expectNoneAlive(`sleep ${sleep}`);
      await expect.poll(() => livingProcesses('sandbox-process').includes(sandbox!)).toBe(false);
    } finally {
      agent.kill('SIGKILL');
    }
  });
});

describe('an agent process', () => {
  it.each(['thread', 'process'])('with the %s host gets its awaited close() answered even when nothing else keeps it alive', (host) => {
    const agentScript = fileURLToPath(new URL('../fixtures/agents/fire-and-forget-close.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [agentScript, host, 'close'], { encoding: 'utf8', timeout: 20_000 });
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('closed');
  });

  it.each(['thread', 'process'])('that never calls close() still exits on its own with the %s host, and its sandbox goes with it', async (host) => {
    const agentScript = fileURLToPath(new URL('../fixtures/agents/fire-and-forget-close.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [agentScript, host], { encoding: 'utf8', timeout: 20_000 });
    expect(run.status).toBe(0);
    const [hookOutput, sandboxList] = run.stdout.trim().split('\n');
    expect(hookOutput).toBe('ran');
    const sandboxes = JSON.parse(sandboxList!) as string[];
    expect(sandboxes).toHaveLength(host === 'process' ? 1 : 0);
    const alive = () => livingProcesses('sandbox-process').filter((line) => sandboxes.includes(line.trim().split(/\s+/)[0]!));
    await expect.poll(alive).toEqual([]);
  });
});
