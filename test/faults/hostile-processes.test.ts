// Hook processes that fight being stopped: a leader that survives SIGTERM, grandchildren that keep
// both pipes open, a hook that leaves a 3 MB stdin unread, a hook that forks 200 children. Each
// case runs a real process through a real engine and checks the outcome, that nothing it started
// is still running, and that no descriptor outlives the run (Guarantees 2 and 3).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine } from '../../src/index.js';
import { expectDescriptorsBack, warm, WARM_HOOK } from '../helpers/descriptors.js';
import { HOSTS } from '../helpers/hosts.js';
import { FIXTURES, livingProcesses, uniqueSleep } from '../helpers/processes.js';
import { tempDir } from '../helpers/temp-dirs.js';

// Liveness bound, not a speed measurement: a hook that was not killed would run for minutes.
const SETTLE_BOUND_MS = 5_000;
const THREE_MB_PROMPT = 'p'.repeat(3 * 1024 * 1024);

describe.each(HOSTS)('hostile hook processes on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => engine?.close());

  it('SIGKILLs a node leader whose SIGTERM handler keeps it running, and its TERM-ignoring child', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, pool: { killGraceMs: 300 }, hooks: [WARM_HOOK,
      // 2 s: room for node to start and install its handler before the timeout, on a busy machine.
      { id: 'stubborn', event: 'Stop', args: [`${FIXTURES}ignore-term.mjs`, sleep], timeout: 2_000 }] });
    const baseline = await warm(engine);
    const [outcome] = (await engine.fire('Stop', {})).hooks;
    expect(outcome).toMatchObject({ id: 'stubborn', status: 'timed_out', exitCode: null, signal: 'SIGKILL' });
    expect(outcome!.stdout).toContain('ready\n');
    expect(outcome!.stdout).toContain('got SIGTERM, staying\n'); // SIGTERM came first, and was survived
    expect(outcome!.durationMs).toBeLessThan(SETTLE_BOUND_MS);
    expect(livingProcesses(`sleep ${sleep}`)).toEqual([]);
    expect(livingProcesses(`ignore-term.mjs ${sleep}`)).toEqual([]);
    await expectDescriptorsBack(baseline);
  });

  it('settles when grandchildren hold stdout only, stderr only and both, keeping what the leader wrote', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, hooks: [WARM_HOOK, { id: 'holder', event: 'Stop', args: [`${FIXTURES}hold-both-pipes.sh`, sleep], timeout: 60_000 }] });
    const baseline = await warm(engine);
    const results = await Promise.all(Array.from({ length: 5 }, () => engine!.fire('Stop', {})));
    for (const { hooks: [outcome] } of results) {
      expect(outcome).toMatchObject({ status: 'ok', exitCode: 0, signal: null, stdout: 'out\n', stderr: 'err\n', truncated: false });
      expect(outcome!.durationMs).toBeLessThan(SETTLE_BOUND_MS);
    }
    // Settling waited for the group to be gone: nothing to poll for.
    expect(livingProcesses(`sleep ${sleep}`)).toEqual([]);
    await expectDescriptorsBack(baseline);
  });

  it('times out hooks that read 1 KB of a 3 MB stdin and then stop reading, with the writer blocked', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, hooks: [WARM_HOOK,
      { id: 'stalls', event: 'UserPromptSubmit', args: [`${FIXTURES}read-some-stdin.sh`, '1024', sleep], timeout: 500 }] });
    const baseline = await warm(engine);
    const results = await Promise.all(Array.from({ length: 4 }, () => engine!.fire('UserPromptSubmit', { prompt: THREE_MB_PROMPT })));
    for (const result of results) {
      expect(result.hooks[0]).toMatchObject({ status: 'timed_out', signal: 'SIGTERM', stdout: 'read 1024\n' });
      expect(result).toMatchObject({ blocked: true, failures: [{ id: 'stalls', status: 'timed_out', onError: 'closed' }] }); // a prompt guard fails closed
    }
    expect(livingProcesses(`sleep ${sleep}`)).toEqual([]);
    await expectDescriptorsBack(baseline);
  });

  it('settles ok when a hook exits after reading 1 KB of a 3 MB stdin (EPIPE mid-write)', async () => {
    engine = createHookEngine({ host, hooks: [WARM_HOOK,
      { id: 'quits', event: 'UserPromptSubmit', args: [`${FIXTURES}read-some-stdin.sh`, '1024', 'exit'] }] });
    const baseline = await warm(engine);
    const results = await Promise.all(Array.from({ length: 4 }, () => engine!.fire('UserPromptSubmit', { prompt: THREE_MB_PROMPT })));
    for (const result of results) {
      expect(result.hooks[0]).toMatchObject({ status: 'ok', exitCode: 0, stdout: 'read 1024\n' });
      expect(result.additionalContext).toBe('read 1024');
    }
    await expectDescriptorsBack(baseline);
  });

  it('kills all 200 children a hook forked when it exits and settles', async () => {
    const sleep = uniqueSleep();
    const trigger = join(tempDir('fork'), 'exit-now');
    engine = createHookEngine({ host, hooks: [WARM_HOOK,
      { id: 'forker', event: 'Stop', args: [`${FIXTURES}fork-many.sh`, '200', sleep, trigger], timeout: 60_000 }] });
    const baseline = await warm(engine);
    const fire = engine.fire('Stop', {});
    await expect.poll(() => livingProcesses(`sleep ${sleep}`).length, { timeout: 10_000 }).toBe(200);
    writeFileSync(trigger, '');
    const [outcome] = (await fire).hooks;
    expect(outcome).toMatchObject({ status: 'ok', exitCode: 0, stdout: 'forked 200\n' });
    expect(livingProcesses(`sleep ${sleep}`)).toEqual([]);
    await expectDescriptorsBack(baseline);
  });

  it('kills all 200 children of a hook that times out while waiting for them', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, hooks: [WARM_HOOK,
      // 3 s: room to fork 200 processes on a loaded machine before the timeout.
      { id: 'forker', event: 'Stop', args: [`${FIXTURES}fork-many.sh`, '200', sleep], timeout: 3_000 }] });
    const baseline = await warm(engine);
    // No poll for the 200 here: on a loaded machine the timeout can kill them before one sees them
    // all. The hook prints 'forked 200' once every child is running, which the outcome keeps.
    const [outcome] = (await engine.fire('Stop', {})).hooks;
    expect(outcome).toMatchObject({ status: 'timed_out', stdout: 'forked 200\n' });
    expect(livingProcesses(`sleep ${sleep}`)).toEqual([]);
    await expectDescriptorsBack(baseline);
  });
});
