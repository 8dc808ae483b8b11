// OpenClaw's plan: "PostToolUse/Failure (sanitized, fire-and-forget)", "PreCompact
// (fire-and-forget)". The agent's fire returns without waiting; the hooks still run, bounded by
// their timeout, and close() waits for them.
import { describe, expect, it } from 'vitest';
import { HOSTS } from '../kit.js';
import { command, openclawProject, RESPOND } from './openclaw-kit.js';

describe.each(HOSTS)('OpenClaw fire-and-forget events, %s host', (host) => {
  it('PostToolUse, PostToolUseFailure and PreCompact return at once; their hooks run and are drained at close', async () => {
    const settled: string[] = [];
    const { ws, engine } = await openclawProject(host, (root) => ({
      PostToolUse: [{ matcher: '*', hooks: [command([RESPOND, '-s', '3', '-N', 'post', '-a', `${root}/ran.txt`])] }],
      PostToolUseFailure: [{ matcher: '*', hooks: [command([RESPOND, '-s', '3', '-N', 'failure', '-a', `${root}/ran.txt`])] }],
      PreCompact: [{ matcher: '*', hooks: [command([RESPOND, '-s', '3', '-N', 'compact', '-a', `${root}/ran.txt`, '-x', '2'])] }],
      PreToolUse: [{ matcher: '*', hooks: [command([RESPOND, '-N', 'pre', '-a', `${root}/ran.txt`])] }],
    }), { onHookSettled: ({ event, background }) => void settled.push(`${event}:${background}`) });

    const started = performance.now();
    const results = [
      await engine.fire('PostToolUse', { tool_name: 'Bash', tool_input: {}, tool_response: 'ok' }),
      await engine.fire('PostToolUseFailure', { tool_name: 'Bash', tool_input: {}, error: 'boom' }),
      await engine.fire('PreCompact', { trigger: 'auto' }),
    ];
    const elapsed = performance.now() - started;
    const ranBeforeClose = await ws.lines('ran.txt');
    const pre = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });

    // Each of their hooks sleeps 3 s first: the three fires returned before any of them was done.
    expect(elapsed).toBeLessThan(2_500);
    expect(ranBeforeClose).toEqual([]);
    for (const result of results) expect(result).toMatchObject({ blocked: false, hooks: [] });
    expect(pre.hooks.map((hook) => hook.status)).toEqual(['ok']);

    await engine.close();

    expect((await ws.lines('ran.txt')).sort()).toEqual(['compact', 'failure', 'post', 'pre']);
    expect(settled.sort()).toEqual(['PostToolUse:true', 'PostToolUseFailure:true', 'PreCompact:true', 'PreToolUse:false']);
  });

  it('a fire-and-forget hook is bounded by its timeout', async () => {
    const outcomes: { status: string; background: boolean }[] = [];
    const { engine } = await openclawProject(host, () => ({
      PostToolUse: [{ matcher: '*', hooks: [command([RESPOND, '-s', '30'], 1)] }],
    }), { onHookSettled: ({ outcome, background }) => void outcomes.push({ status: outcome.status, background }) });

    await engine.fire('PostToolUse', { tool_name: 'Bash', tool_input: {}, tool_response: 'ok' });
    await engine.close();

    expect(outcomes).toEqual([{ status: 'timed_out', background: true }]);
  });
});
