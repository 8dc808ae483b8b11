// OpenClaw's plan, "Stop Hook - Internal Continuation Loop": a denied Stop continues the session
// with the continuation message, "max 3 retries to prevent infinite loops"; UserPromptSubmit may
// rewrite the prompt, and SubagentStart gets the subagent's id and type.
import { describe, expect, it } from 'vitest';
import { claudeEngine, group, handler, HOOKS_DIR, HOSTS, settings, workspace } from '../kit.js';
import { command, openclawProject, RESPOND, STOP } from './openclaw-kit.js';

describe.each(HOSTS)('OpenClaw Stop loop, %s host', (host) => {
  it('Stop: a blocking OpenClaw hook is honoured 3 times in a row, then the agent may stop', async () => {
    const { ws, engine } = await openclawProject(host, (root) => ({ Stop: [{ matcher: '*', hooks: [command([STOP, root])] }] }));

    const results = [];
    for (let fire = 0; fire < 4; fire += 1) results.push(await engine.fire('Stop', {}));

    expect(results.map((result) => result.blocked)).toEqual([true, true, true, false]);
    expect(results[0]).toMatchObject({ decision: 'block', reason: 'tests still fail: run them again' });
    // OpenClaw's Stop input has no stop_hook_active (a Claude Code field).
    const inputs = (await ws.lines('inputs.jsonl')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inputs).toHaveLength(4);
    for (const input of inputs) expect(input).not.toHaveProperty('stop_hook_active');
  });

  it('the cap of 3 is per hook source: the same blocking hook from Claude Code settings is honoured maxStopBlocks times', async () => {
    const ws = await workspace();
    const { engine } = await claudeEngine(host, settings({ Stop: [group(undefined, handler(`${STOP} ${ws.root}`))] }), { maxStopBlocks: 5 });

    const blocked = [];
    for (let fire = 0; fire < 6; fire += 1) blocked.push((await engine.fire('Stop', {})).blocked);

    expect(blocked).toEqual([true, true, true, true, true, false]);
  });

  it('Stop: {"decision": "deny", "continuation_message"} keeps the agent working with that message; {prompt} rewrites; SubagentStart gets subagent_id and subagent_type', async () => {
    const { engine } = await openclawProject(host, () => ({
      Stop: [{ matcher: '*', hooks: [command([RESPOND, '-o', JSON.stringify({ decision: 'deny', reason: 'r', continuation_message: 'fix the lint first' })])] }],
      UserPromptSubmit: [{ matcher: '*', hooks: [command([RESPOND, '-o', JSON.stringify({ prompt: 'rewritten prompt' })])] }],
      SubagentStart: [{ matcher: '*', hooks: [command([`${HOOKS_DIR}echo-stdin.sh`])] }],
    }));

    expect(await engine.fire('Stop', {})).toMatchObject({ blocked: true, reason: 'fix the lint first' });
    expect((await engine.fire('UserPromptSubmit', { prompt: 'p' })).updatedPrompt).toBe('rewritten prompt');
    const start = await engine.fire('SubagentStart', { agent_id: 'a1', agent_type: 'coder' });
    expect(JSON.parse(start.hooks[0]!.stdout)).toMatchObject({ subagent_id: 'a1', subagent_type: 'coder' });
  });
});
