// prestartSandbox(): a sandbox forked at the agent's start-up and adopted by the first engine
// with the process host, so that a big agent's first create forks nothing. Adopted, it keeps
// every guarantee of a sandbox forked by the engine; unadopted, it leaves with the agent.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, prestartSandbox, type HookEngine } from '../../src/index.js';
import { sandboxPids } from '../helpers/descriptors.js';
import { expectGone, expectNoneAlive, isProcessAlive, livingProcesses, uniqueSleep } from '../helpers/processes.js';

// Liveness bound: starting the sandbox, its pool and the hook on a loaded machine.
const STARTED = { timeout: 15_000 };
const PPID_HOOK = { event: 'Stop', command: 'echo $PPID' } as const;

/** The one waiting spare of this process. */
function prestartedPid(): number {
  prestartSandbox();
  const pids = sandboxPids();
  expect(pids).toHaveLength(1);
  return pids[0]!;
}

/** The pid of the process that ran the engine's hook (the sandbox, for the process host). */
async function hookParentPid(engine: HookEngine): Promise<number> {
  const [outcome] = (await engine.fire('Stop', {})).hooks;
  expect(outcome).toMatchObject({ status: 'ok' });
  return Number(outcome!.stdout.trim());
}

// Blocks this thread (no event can run: the spare's exit is not seen by node) until the kernel says the process has exited.
function waitForZombieSync(pid: number): void {
  const deadline = Date.now() + 15_000;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const state = () => readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]![0];
  while (state() !== 'Z' && Date.now() < deadline) Atomics.wait(pause, 0, 0, 5);
  expect(state()).toBe('Z');
}

describe('prestartSandbox', () => {
  const engines: HookEngine[] = [];
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((engine) => engine.close()));
    // A spare nobody adopted: SIGTERM ends an idle sandbox.
    const spares = sandboxPids();
    for (const pid of spares) process.kill(pid, 'SIGTERM');
    // Reaped too (node has seen the exit, a zombie still looks connected), so that the next test starts with no spare.
    await expect.poll(() => spares.filter((pid) => existsSync(`/proc/${pid}`)), STARTED).toEqual([]);
    expect(sandboxPids()).toEqual([]);
  });

  it('forks one spare, and a second call while it waits forks nothing', () => {
    const spare = prestartedPid();
    prestartSandbox();
    expect(sandboxPids()).toEqual([spare]);
  });

  it('is adopted by the first process-host engine: its hooks run in the spare', async () => {
    const spare = prestartedPid();
    const engine = createHookEngine({ host: 'process', hooks: [PPID_HOOK] });
    engines.push(engine);
    expect(sandboxPids()).toEqual([spare]);
    expect(await hookParentPid(engine)).toBe(spare);
    await engine.close();
    await expectGone(spare);
  });

  it('serves one engine: a second engine forks its own sandbox, and both run hooks', async () => {
    const spare = prestartedPid();
    const first = createHookEngine({ host: 'process', hooks: [PPID_HOOK] });
    const second = createHookEngine({ host: 'process', hooks: [PPID_HOOK] });
    engines.push(first, second);
    const [firstParent, secondParent] = await Promise.all([hookParentPid(first), hookParentPid(second)]);
    expect(firstParent).toBe(spare);
    expect(secondParent).not.toBe(spare);
    expect(sandboxPids().sort()).toEqual([spare, secondParent].sort());
  });

  it('is forgotten once it died: the next engine forks a fresh sandbox', async () => {
    const spare = prestartedPid();
    process.kill(spare, 'SIGKILL');
    await expectGone(spare);
    const engine = createHookEngine({ host: 'process', hooks: [PPID_HOOK] });
    engines.push(engine);
    const parent = await hookParentPid(engine);
    expect(parent).not.toBe(spare);
    expect(sandboxPids()).toEqual([parent]);
  });

  it('is not adopted when it died before node saw its exit: the first fire still runs', async () => {
    const spare = prestartedPid();
    process.kill(spare, 'SIGKILL');
    waitForZombieSync(spare);
    const engine = createHookEngine({ host: 'process', hooks: [PPID_HOOK] });
    engines.push(engine);
    expect(await hookParentPid(engine)).not.toBe(spare);
  });

  it('is not adopted once the agent\'s PATH changed: the engine starts a sandbox with the current one, and the spare exits', async () => {
    const spare = prestartedPid();
    const path = process.env.PATH;
    process.env.PATH = `${path}:/hookpool-test-extra-path`;
    try {
      const engine = createHookEngine({ host: 'process', hooks: [{ event: 'Stop', command: 'echo $PPID; tr "\\0" "\\n" < /proc/$PPID/environ' }] });
      engines.push(engine);
      const [outcome] = (await engine.fire('Stop', {})).hooks;
      expect(outcome).toMatchObject({ status: 'ok' });
      expect(Number(outcome!.stdout.split('\n')[0])).not.toBe(spare);
      expect(outcome!.stdout).toContain('/hookpool-test-extra-path');
    } finally {
      process.env.PATH = path;
    }
    await expectGone(spare);
  });

  it('kills the hooks it ran when it is killed after adoption (they carry the id the engine knows)', async () => {
    const spare = prestartedPid();
    const sleep = uniqueSleep();
    const engine = createHookEngine({ host: 'process', hooks: [
      // setsid: out of the hook's process group, so only the sandbox-id sweep can find it.
      { event: 'Stop', command: `setsid sleep ${sleep} & sleep ${sleep}`, timeout: 60_000 },
      PPID_HOOK,
    ] });
    engines.push(engine);
    const fire = engine.fire('Stop', {});
    await expect.poll(() => livingProcesses(`sleep ${sleep}`).length, STARTED).toBeGreaterThanOrEqual(3);
    process.kill(spare, 'SIGKILL');
    const result = await fire;
    expect(result.hooks[0]).toMatchObject({ status: 'crashed', error: expect.stringContaining('sandbox process died') });
    await expectNoneAlive(`sleep ${sleep}`);
    expect(isProcessAlive(spare)).toBe(false);
  });

  it('leaves the spare waiting for an engine with the thread host', async () => {
    const spare = prestartedPid();
    const engine = createHookEngine({ host: 'thread', hooks: [PPID_HOOK] });
    engines.push(engine);
    expect(await hookParentPid(engine)).toBe(process.pid);
    expect(sandboxPids()).toEqual([spare]);
  });
});

describe('an agent that prestarts a sandbox and exits without creating an engine', () => {
  it('exits on its own, and its spare goes with it', async () => {
    const agentScript = fileURLToPath(new URL('../fixtures/agents/prestart-and-exit.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [agentScript], { encoding: 'utf8', timeout: 20_000 });
    expect(run.status).toBe(0);
    const spares = JSON.parse(run.stdout.trim()) as string[];
    expect(spares).toHaveLength(1);
    await expectGone(Number(spares[0]), 10_000);
    expect(livingProcesses('sandbox-process').filter((line) => line.trim().split(/\s+/)[0] === spares[0])).toEqual([]);
  });
});
