// OpenClaw's plan: "PostToolUse/Failure (sanitized, fire-and-forget)", "PreCompact
// (fire-and-forget)". The agent's fire returns without waiting; the hooks still run, bounded by
// their timeout, and close() waits for them.
import { describe, expect, it } from 'vitest';
import { HOSTS } from '../kit.js';
import { command, openclawProject, RESPOND } from './openclaw-kit.js';

describe.each(HOSTS)('OpenClaw fire-and-forget events, %s host', (host) => {
  it('PostToolUse, PostToolUseFailure and PreCompact return at once; their hooks run and are drained at close', async () => {
    const settled: string[] = [];
    // Each waits for the release file before it records its run: a fire that waited for one would
    // wait until its timeout and it would never record anything.
    const gated = (root: string, name: string, code = 0) => command(['sh', '-c', `while [ ! -e ${root}/release ]; do sleep 0.05; done; echo ${name} >> ${root}/ran.txt; exit ${code}`], 120);
    const { ws, engine } = await openclawProject(host, (root) => ({
      PostToolUse: [{ matcher: '*', hooks: [gated(root, 'post')] }],
      PostToolUseFailure: [{ matcher: '*', hooks: [gated(root, 'failure')] }],
      PreCompact: [{ matcher: '*', hooks: [gated(root, 'compact', 2)] }],
      PreToolUse: [{ matcher: '*', hooks: [command([RESPOND, '-N', 'pre', '-a', `${root}/ran.txt`])] }],
    }), { onHookSettled: ({ event, background, outcome }) => void settled.push(`${event}:${background}:${outcome.status}`), closeTimeout: 120_000 });

    const results = [
      await engine.fire('PostToolUse', { tool_name: 'Bash', tool_input: {}, tool_response: 'ok' }),
      await engine.fire('PostToolUseFailure', { tool_name: 'Bash', tool_input: {}, error: 'boom' }),
      await engine.fire('PreCompact', { trigger: 'auto' }),
    ];
    const pre = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });

    for (const result of results) expect(result).toMatchObject({ blocked: false, hooks: [] });
    expect(pre.hooks.map((hook) => hook.status)).toEqual(['ok']);
    expect(await ws.lines('ran.txt')).toEqual(['pre']);

    await ws.write('release', '');
    await engine.close();

    expect((await ws.lines('ran.txt')).sort()).toEqual(['compact', 'failure', 'post', 'pre']);
    expect(settled.sort()).toEqual(['PostToolUse:true:ok', 'PostToolUseFailure:true:ok', 'PreCompact:true:exit_nonzero', 'PreToolUse:false:ok']);
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
