// The direct host (`host: 'direct'`, used by `hookpool run`): no pool, the worker's own spawn
// module called from this thread; close() and abort still leave nothing running.
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine } from '../../src/index.js';
import { FIXTURES, livingProcesses, uniqueSleep } from '../helpers/processes.js';

describe('the direct host', () => {
  let engine: HookEngine | undefined;
  afterEach(async () => engine?.close());

  it('close() with a background hook still running kills its tree once closeTimeout passes', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host: 'direct', closeTimeout: 200, hooks: [{ event: 'Stop', args: [`${FIXTURES}spawn-tree.sh`, sleep], background: true, timeout: 60_000 }] });
    await engine.fire('Stop', {});
    await expect.poll(() => livingProcesses(`sleep ${sleep}`).length, { timeout: 10_000 }).toBeGreaterThan(0);

    await engine.close();

    expect(livingProcesses(`sleep ${sleep}`)).toEqual([]);
  });

  it('runs hooks in parallel and gives each its run id', async () => {
    engine = createHookEngine({ host: 'direct', hooks: [
      { event: 'Stop', command: 'echo "a $HOOKPOOL_RUN_ID"' },
      { event: 'Stop', command: 'echo "b $HOOKPOOL_RUN_ID"' },
    ] });
    const { hooks } = await engine.fire('Stop', {});

    expect(hooks.map((hook) => hook.status)).toEqual(['ok', 'ok']);
    const runIds = hooks.map((hook) => hook.stdout.trim().split(' ')[1]);
    expect(new Set(runIds).size).toBe(2);
    expect(runIds.every((id) => /^[0-9a-z]+-[0-9a-z]+\.\d+$/.test(id ?? ''))).toBe(true);
  });
});
