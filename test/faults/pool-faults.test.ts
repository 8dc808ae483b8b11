// The pool itself failing or being shut down under load: a worker thread killed while it and its
// sibling carry several hooks (Guarantee 6), and close() in the middle of a burst of 100 fires
// mixing foreground and background hooks (Guarantee 4).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type FireResult, type HookEngine, type HookOutcome, type HookSettled } from '../../src/index.js';
import { createThreadHost } from '../../src/run/thread-host.js';
import { compiledEntryUrl } from '../../src/run/worker-file.js';
import { descriptors, expectDescriptorsBack, sandboxPids } from '../helpers/descriptors.js';
import { HOSTS } from '../helpers/hosts.js';
import { FIXTURES, livingProcesses, marker, openFdCount, uniqueSleep } from '../helpers/processes.js';
import { tempDir } from '../helpers/temp-dirs.js';

// Liveness bound for waits on processes, generous for a machine busy with other test files.
const LIVENESS = { timeout: 10_000 };

describe('a worker thread killed while the pool is busy', () => {
  it('crashes only the fires that worker carried, kills their processes, and the others complete', async () => {
    const go = join(tempDir('worker'), 'go');
    const mark = marker();
    const host = createThreadHost({ maxConcurrentHooks: 16, threads: 2, baseEnvByHook: {}, onWarning: () => {} });
    const task = { hookId: 'warm', file: 'sleep', argv: ['0.05'], cwd: process.cwd(), env: { PATH: process.env.PATH! }, stdin: '',
      timeoutMs: 60_000, killGraceMs: 100, pipeGraceMs: 100, maxOutputBytes: 1024, killDescendants: true };
    const warmBoth = () => Promise.all(Array.from({ length: 4 }, () => host.run(task)));
    try {
      expect((await warmBoth()).map((outcome) => outcome.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
      const fdsBefore = openFdCount();

      // Eight hooks that each wait for the same file: none can finish before it exists, so any
      // outcome that arrives before then is one the dead worker carried.
      const settled: HookOutcome[] = [];
      const runs = Array.from({ length: 8 }, (_, index) =>
        host.run({ ...task, hookId: `t${index}`, file: `${FIXTURES}wait-for-file.sh`, argv: [go, `done ${index}`, mark] })
          .then((outcome) => (settled.push(outcome), outcome)));
      await expect.poll(() => livingProcesses(mark).length, LIVENESS).toBe(8);

      await host.pool!.threads[0]!.terminate();
      await expect.poll(() => settled.length, LIVENESS).toBeGreaterThan(0);
      expect(settled.every((outcome) => outcome.status === 'crashed' && /worker thread died/.test(outcome.error ?? ''))).toBe(true);
      // The reaper SIGKILLed the dead worker's groups; the other worker's hooks still wait.
      await expect.poll(() => livingProcesses(mark).length, LIVENESS).toBe(8 - settled.length);
      const crashed = settled.length;
      expect(crashed).toBeLessThan(8);

      writeFileSync(go, '');
      const outcomes = await Promise.all(runs);
      expect(outcomes.filter((outcome) => outcome.status === 'crashed')).toHaveLength(crashed);
      for (const outcome of outcomes.filter((o) => o.status !== 'crashed')) {
        expect(outcome).toMatchObject({ status: 'ok', exitCode: 0, stdout: `done ${outcome.id.slice(1)}\n` });
      }
      expect(livingProcesses(mark)).toEqual([]);

      // The replacement worker runs hooks; once it has spawned, the descriptor count is back.
      expect((await warmBoth()).map((outcome) => outcome.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
      await expect.poll(() => openFdCount(), LIVENESS).toBeLessThanOrEqual(fdsBefore);
    } finally {
      await host.close();
    }
  });
});

describe.each(HOSTS)('close() during a burst of fires on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => engine?.close());

  it('resolves, settles every fire, rejects the fires made after it, and leaves nothing alive', async () => {
    const sleep = uniqueSleep();
    const settled: HookSettled[] = [];
    const before = descriptors();
    engine = createHookEngine({ host, closeTimeout: 300, onHookSettled: (s) => settled.push(s),
      pool: { maxConcurrentHooks: 8, backgroundConcurrency: 3 },
      hooks: [
        { id: 'quick', event: 'PreToolUse', args: ['true'] },
        { id: 'slow', event: 'Stop', command: `sleep ${sleep}`, timeout: 60_000 },
        { id: 'bg', event: 'PostToolUse', command: `sleep ${sleep}; true`, background: true, timeout: 60_000 },
      ] });
    const kinds = ['PreToolUse', 'Stop', 'PostToolUse'] as const;
    const fires: Promise<FireResult>[] = [];
    let closed: Promise<void> | undefined;
    for (let index = 0; index < 100; index++) {
      if (index === 50) {
        // Close with hooks in flight: some slow ones running, more queued behind maxConcurrentHooks,
        // and a quick one done (on a loaded machine the pool may need a while for the first).
        await expect.poll(() => livingProcesses(`sleep ${sleep}`).length, LIVENESS).toBeGreaterThan(0);
        await expect.poll(() => settled.some((s) => s.outcome.id === 'quick' && s.outcome.status === 'ok'), LIVENESS).toBe(true);
        closed = engine.close();
      }
      const event = kinds[index % 3]!;
      const fire = engine.fire(event, event === 'Stop' ? {} : { tool_name: 'Bash' });
      fire.catch(() => {}); // examined below, after close(): not an unhandled rejection meanwhile
      fires.push(fire);
      // Let the pool start some of them before the next few, as an agent's loop would.
      if (index % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    }
    await closed;
    // Guarantee 4: once close() has resolved, no hook process of the engine is alive.
    expect(livingProcesses(`sleep ${sleep}`)).toEqual([]);

    const outcomes = await Promise.allSettled(fires);
    outcomes.forEach((outcome, index) => {
      const event = kinds[index % 3]!;
      if (index >= 50) {
        expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'ERR_HOOKPOOL_CLOSED' } });
        return;
      }
      expect(outcome.status).toBe('fulfilled');
      const { hooks } = (outcome as PromiseFulfilledResult<FireResult>).value;
      if (event === 'PostToolUse') expect(hooks).toEqual([]);
      else if (event === 'PreToolUse') expect(['ok', 'aborted']).toContain(hooks[0]!.status);
      else expect(hooks[0]).toMatchObject({ id: 'slow', status: 'aborted' });
    });
    // Every background hook accepted before close() reported once, killed or never started.
    const background = settled.filter((s) => s.background);
    expect(background).toHaveLength(Array.from({ length: 50 }, (_, index) => index).filter((index) => kinds[index % 3] === 'PostToolUse').length);
    expect(background.every((s) => s.outcome.status === 'aborted')).toBe(true);
    expect(settled.filter((s) => !s.background)).toHaveLength(34);
    // Both ways a foreground hook is cut short happened: killed while running, and never started.
    // On a loaded machine a third shows up: handed to a worker that had not started it yet.
    const slow = new Set(settled.filter((s) => s.outcome.id === 'slow').map((s) => s.outcome.error ?? 'killed while running'));
    expect([...slow].filter((why) => why !== 'cancelled before start').sort()).toEqual(['killed while running', 'the engine closed before the hook started']);
    expect(settled.some((s) => s.outcome.id === 'quick' && s.outcome.status === 'ok')).toBe(true);

    expect(sandboxPids()).toEqual([]);
    await expectDescriptorsBack(before);
  });
});

// Node 20 aborts the whole process (SIGABRT, "IsGraphAsync must be used on an instantiated module")
// when a worker thread is terminated while require() loads an ES module; piscina loads its task
// file with require() first. Found as a CI crash of an engine closed right after it was created.
describe('pools torn down while their workers are still loading', () => {
  it('give piscina a CommonJS entry, so no worker loads an ES module with require()', () => {
    const entry = fileURLToPath(compiledEntryUrl('slot-worker-entry.cjs'));
    expect(entry.endsWith('.cjs')).toBe(true);
    expect(readFileSync(entry, 'utf8')).toMatch(/import\('\.\/slot-worker\.js'\)/);
  });

  it('never take the agent process down', () => {
    const script = fileURLToPath(new URL('../fixtures/agents/churn-pools.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [script, '150'], { encoding: 'utf8', timeout: 60_000 });
    expect({ status: run.status, signal: run.signal, stdout: run.stdout }).toEqual({ status: 0, signal: null, stdout: 'survived\n' });
  });
});
