// Guarantees 2, 3 and 5: a hook settles by its timeout whatever it does, leaves nothing running, and its output is capped.
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine } from '../../src/index.js';
import { HOSTS } from '../helpers/hosts.js';
import { expectNoneAlive, FIXTURES, livingProcesses, uniqueSleep } from '../helpers/processes.js';

// Liveness bounds, not speed measurements: a hook that was not killed would take minutes.
const SETTLE_BOUND_MS = 3_000;

// The direct host (no pool, the CLI's) runs the same worker module from the calling thread: same guarantees.
describe.each([...HOSTS, 'direct'] as const)('termination on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => engine?.close());

  it('times out a hook and kills its whole tree of sleeping grandchildren', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, hooks: [{ event: 'PreToolUse', args: [`${FIXTURES}spawn-tree.sh`, sleep], timeout: 300 }] });
    const result = await engine.fire('PreToolUse', { tool_name: 'Bash' });
    expect(result.hooks[0]).toMatchObject({ status: 'timed_out', exitCode: null, signal: 'SIGTERM' });
    expect(result.hooks[0]!.durationMs).toBeLessThan(SETTLE_BOUND_MS);
    // A timed-out PreToolUse guard refuses the call by default (issue 9), and says so.
    expect(result).toMatchObject({ blocked: true, decision: 'deny', failures: [{ status: 'timed_out', onError: 'closed' }] });
    expect(livingProcesses(`sleep ${sleep}`)).toEqual([]);
  });

  it('escalates to SIGKILL when the leader ignores SIGTERM', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, hooks: [{ event: 'Stop', args: [`${FIXTURES}ignore-term.sh`, sleep], timeout: 200 }] });
    const [outcome] = (await engine.fire('Stop', {})).hooks;
    expect(outcome).toMatchObject({ status: 'timed_out', signal: 'SIGKILL' });
    expect(outcome!.durationMs).toBeLessThan(SETTLE_BOUND_MS);
    expect(livingProcesses(`sleep ${sleep}`)).toEqual([]);
  });

  it('settles when the leader exits while a grandchild holds stdout, keeping what was printed', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, hooks: [{ event: 'Stop', args: [`${FIXTURES}hold-stdout.sh`, sleep], timeout: 30_000 }] });
    const [outcome] = (await engine.fire('Stop', {})).hooks;
    expect(outcome).toMatchObject({ status: 'ok', exitCode: 0, stdout: 'leader done\n' });
    expect(outcome!.durationMs).toBeLessThan(SETTLE_BOUND_MS);
    expect(livingProcesses(`sleep ${sleep}`)).toEqual([]);
  });

  it('leaves descendants running when the hook opts out with killDescendants: false', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, hooks: [{ event: 'Stop', args: [`${FIXTURES}hold-stdout.sh`, sleep], killDescendants: false }] });
    const [outcome] = (await engine.fire('Stop', {})).hooks;
    expect(outcome).toMatchObject({ status: 'ok', stdout: 'leader done\n' });
    expect(livingProcesses(`sleep ${sleep}`)).toHaveLength(1);
    process.kill(Number(livingProcesses(`sleep ${sleep}`)[0]!.trim().split(/\s+/)[0]), 'SIGKILL');
    await expectNoneAlive(`sleep ${sleep}`);
  });

  it('caps a flood of output per stream and reports the truncation', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'Stop', args: [`${FIXTURES}flood.sh`, String(5 * 1024 * 1024)], maxOutputBytes: 64 * 1024 }] });
    const [outcome] = (await engine.fire('Stop', {})).hooks;
    expect(outcome).toMatchObject({ status: 'ok', truncated: true });
    expect(outcome!.stdout).toBe('o'.repeat(64 * 1024));
    expect(outcome!.stderr).toBe('e'.repeat(64 * 1024));
  });

  it('does not truncate output under the default 1 MiB cap', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'Stop', args: [`${FIXTURES}flood.sh`, '100000'] }] });
    const [outcome] = (await engine.fire('Stop', {})).hooks;
    expect(outcome).toMatchObject({ truncated: false });
    expect(outcome!.stdout).toHaveLength(100_000);
  });

  it('survives a hook that exits without reading a large stdin (EPIPE)', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'UserPromptSubmit', command: 'exit 0' }] });
    const result = await engine.fire('UserPromptSubmit', { prompt: 'x'.repeat(3 * 1024 * 1024) });
    expect(result.hooks[0]).toMatchObject({ status: 'ok', exitCode: 0 });
  });

  it('times out a hook that never reads stdin and never exits', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, hooks: [{ event: 'UserPromptSubmit', command: `sleep ${sleep}`, timeout: 200 }] });
    const result = await engine.fire('UserPromptSubmit', { prompt: 'y'.repeat(3 * 1024 * 1024) });
    expect(result.hooks[0]!.status).toBe('timed_out');
    expect(livingProcesses(`sleep ${sleep}`)).toEqual([]);
  });
});
