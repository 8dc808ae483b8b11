// Guarantees 1, 4 and 6: the zero-hook path, background hooks and close(), a dying worker.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine, type HookSettled } from '../../src/index.js';
import { createThreadHost } from '../../src/run/thread-host.js';
import { HOSTS } from '../helpers/hosts.js';
import { expectNoneAlive, livingProcesses, openFdCount, threadCount, uniqueSleep } from '../helpers/processes.js';
import { tempDir } from '../helpers/temp-dirs.js';

describe.each(HOSTS)('lifecycle on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => engine?.close());

  it('returns one shared settled result and starts no pool when no hook matches', async () => {
    const threadsBefore = threadCount();
    engine = createHookEngine({ host, hooks: [] });
    const first = engine.fire('PreToolUse', { tool_name: 'Bash' });
    expect(engine.fire('PreToolUse', { tool_name: 'Read' })).toBe(first);
    expect(await first).toMatchObject({ event: 'PreToolUse', blocked: false, hooks: [] });
    expect(Object.isFrozen(await first)).toBe(true);
    expect(threadCount()).toBe(threadsBefore);
  });

  it('shares the no-op result when hooks exist but none matches the subject', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: 'true' }] });
    expect(engine.fire('PreToolUse', { tool_name: 'Read' })).toBe(engine.fire('PreToolUse', { tool_name: 'Write' }));
    expect(engine.fire('Stop', {})).toBe(engine.fire('Stop', {}));
  });

  it('does not wait for background hooks, and close() waits for them', async () => {
    const dir = tempDir('bg');
    const settled: HookSettled[] = [];
    engine = createHookEngine({ host, onHookSettled: (s) => settled.push(s),
      hooks: [{ id: 'notify', event: 'SessionEnd', command: `sleep 0.3; echo sent > ${dir}/done`, background: true }] });
    const result = await engine.fire('SessionEnd', { reason: 'exit' });
    expect(result.hooks).toEqual([]);
    expect(existsSync(join(dir, 'done'))).toBe(false);
    await engine.close();
    expect(readFileSync(join(dir, 'done'), 'utf8')).toBe('sent\n');
    expect(settled).toMatchObject([{ event: 'SessionEnd', background: true, outcome: { id: 'notify', status: 'ok' } }]);
  });

  it('kills background hooks still running at the close deadline and leaves nothing alive', async () => {
    const sleep = uniqueSleep();
    const started = tempDir('bg-started');
    const settled: HookSettled[] = [];
    engine = createHookEngine({ host, closeTimeout: 200, onHookSettled: (s) => settled.push(s),
      pool: { backgroundConcurrency: 2 },
      // Each hook says it started (a file named after its shell's pid) once its sleeps are running.
      hooks: [{ event: 'PostToolUse', command: `sleep ${sleep} & sleep ${sleep} & touch ${started}/$$; wait`, background: true, timeout: 60_000 }] });
    for (let i = 0; i < 5; i++) await engine.fire('PostToolUse', { tool_name: 'Edit' });
    // Two run (backgroundConcurrency), three wait; both running ones started before close(),
    // however long the pool took to start on a busy machine.
    await expect.poll(() => readdirSync(started).length, { timeout: 15_000 }).toBe(2);
    await engine.close();
    expect(livingProcesses(`sleep ${sleep}`)).toEqual([]);
    expect(settled).toHaveLength(5);
    expect(settled.every((s) => s.outcome.status === 'aborted')).toBe(true);
  });

  it('reports the steps of a sequential chain that close() cut short as aborted, never crashed', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, closeTimeout: 100, hooks: [
      { id: 'first', event: 'PreToolUse', sequential: true, command: `sleep ${sleep}`, timeout: 60_000 },
      { id: 'second', event: 'PreToolUse', sequential: true, command: 'echo second' },
    ] });
    const fire = engine.fire('PreToolUse', { tool_name: 'Bash' });
    await expect.poll(() => livingProcesses(`sleep ${sleep}`).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await engine.close();
    const { hooks } = await fire;
    expect(hooks.map(({ id, status }) => ({ id, status }))).toEqual([{ id: 'first', status: 'aborted' }, { id: 'second', status: 'aborted' }]);
    expect(hooks[1]!.error).toBe('the engine closed before the hook started');
    expect(livingProcesses(`sleep ${sleep}`)).toEqual([]);
  });

  it('waits for the later steps of a sequential chain in flight when close() is called', async () => {
    const dir = tempDir('chain');
    engine = createHookEngine({ host, closeTimeout: 30_000, hooks: [
      { id: 'first', event: 'PreToolUse', sequential: true, command: `touch ${dir}/started; while [ ! -e ${dir}/go ]; do sleep 0.02; done`, timeout: 60_000 },
      { id: 'second', event: 'PreToolUse', sequential: true, command: 'echo second' },
    ] });
    const fire = engine.fire('PreToolUse', { tool_name: 'Bash' });
    await expect.poll(() => existsSync(join(dir, 'started')), { timeout: 15_000 }).toBe(true);
    const closed = engine.close();
    writeFileSync(join(dir, 'go'), '');
    await closed;
    expect((await fire).hooks.map(({ id, status, stdout }) => ({ id, status, stdout }))).toEqual([
      { id: 'first', status: 'ok', stdout: '' }, { id: 'second', status: 'ok', stdout: 'second\n' }]);
  });

  it('drops the oldest waiting background hooks when the queue is full, and counts them', async () => {
    const settled: HookSettled[] = [];
    engine = createHookEngine({ host, onHookSettled: (s) => settled.push(s),
      pool: { backgroundConcurrency: 1, backgroundQueueSize: 3 },
      hooks: [{ event: 'Notification', command: 'sleep 0.05', background: true }] });
    for (let i = 0; i < 10; i++) await engine.fire('Notification', { message: String(i) });
    await engine.close();
    expect(engine.droppedBackgroundHooks).toBe(6); // one running, three waiting, six pushed out
    expect(settled.filter((s) => s.outcome.error?.startsWith('dropped'))).toHaveLength(6);
    expect(settled.filter((s) => s.outcome.status === 'ok')).toHaveLength(4);
  });

  it('leaks no file descriptors over many fires', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'PreToolUse', command: 'echo out; echo err >&2' }] });
    await engine.fire('PreToolUse', { tool_name: 'Bash' });
    const before = openFdCount();
    for (let i = 0; i < 50; i++) await engine.fire('PreToolUse', { tool_name: 'Bash' });
    expect(openFdCount()).toBeLessThanOrEqual(before);
  });
});

describe('a worker thread that dies mid-task', () => {
  it('settles the fire as crashed, kills its processes and replaces the worker', async () => {
    const sleep = uniqueSleep();
    const host = createThreadHost({ maxConcurrentHooks: 4, threads: 1, baseEnvByHook: {}, onWarning: () => {} });
    const task = { hookId: 'victim', file: 'sleep', argv: [sleep], cwd: process.cwd(), env: { PATH: process.env.PATH! }, stdin: '',
      timeoutMs: 60_000, killGraceMs: 100, pipeGraceMs: 100, maxOutputBytes: 1024, killDescendants: true };
    const running = host.run(task);
    await expect.poll(() => livingProcesses(`sleep ${sleep}`).length).toBe(1);
    await host.pool!.threads[0]!.terminate();
    expect(await running).toMatchObject({ id: 'victim', status: 'crashed' });
    await expectNoneAlive(`sleep ${sleep}`);
    expect(await host.run({ ...task, file: 'true', argv: [] })).toMatchObject({ status: 'ok' });
    await host.close();
  });
});

describe('the thread host\'s exit hook', () => {
  it('is removed when the host closes: engines created and closed leave no process listener behind', async () => {
    const events = ['exit', 'SIGTERM', 'SIGINT', 'SIGHUP'] as const;
    const counts = () => events.map((event) => process.listenerCount(event));
    const cycle = async () => {
      const engine = createHookEngine({ host: 'thread', hooks: [{ event: 'Stop', command: 'true' }] });
      await engine.fire('Stop', {});
      const armed = counts();
      await engine.close();
      return armed;
    };
    await cycle(); // the first engine loads the modules that register once per process (pino's exit hook)
    const before = counts();
    for (let i = 0; i < 5; i++) {
      const armed = await cycle();
      expect(armed[1]).toBe(before[1]! + 1); // armed while the engine lives
    }
    expect(counts()).toEqual(before);
  });
});
