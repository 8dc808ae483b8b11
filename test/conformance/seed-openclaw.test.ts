// OpenClaw's Claude-style hooks (khalf-code/aibot, src/hooks/claude-style/), through real hooks in a
// `hooks.claude` section: argv commands with no shell, the OPENCLAW_CLAUDE_HOOKS switch, its stdin,
// and the Stop retry cap of 3.
import { describe, expect, it } from 'vitest';
import { claudeEngine, engineFor, group, handler, HOOKS_DIR, HOSTS, settings, workspace } from './kit.js';

const ON = { OPENCLAW_CLAUDE_HOOKS: '1' };
const RESPOND = `${HOOKS_DIR}respond.sh`;
const STOP = `${HOOKS_DIR}seeds/openclaw-stop.sh`;

const command = (value: string | string[]) => ({ type: 'command', command: value, timeout: 10 });

/** An OpenClaw settings file in a fresh workspace; `claude` may use the workspace's path. */
async function openclawProject(host: (typeof HOSTS)[number], claude: Record<string, unknown> | ((root: string) => Record<string, unknown>), env: NodeJS.ProcessEnv = ON) {
  const ws = await workspace();
  const section = typeof claude === 'function' ? claude(ws.root) : claude;
  const file = await ws.write('openclaw.json', { agents: { defaults: { model: 'x' } }, hooks: { enabled: true, claude: section } });
  const config = await ws.load({ files: [file], env });
  return { ws, file, config, engine: engineFor(host, ws, config, { sessionId: 'claw-session' }) };
}

describe.each(HOSTS)('OpenClaw protocol, %s host', (host) => {
  it('runs an argv command and a shell-quote-split string with no shell: exit 2 denies with stderr', async () => {
    const { config, engine } = await openclawProject(host, {
      PreToolUse: [
        { matcher: 'Bash', hooks: [command([RESPOND, '-o', '$HOME; echo not a shell'])] },
        { matcher: 'Write', hooks: [command(`${RESPOND} -e "no writes here" -x 2`)] },
      ],
    });
    expect(config.problems).toEqual([]);

    const bash = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    const write = await engine.fire('PreToolUse', { tool_name: 'Write', tool_input: {} });

    // Not JSON on exit 0: an error OpenClaw reports; but the words reached the hook as they were written.
    expect(bash.hooks[0]!.stdout).toBe('$HOME; echo not a shell');
    expect(write).toMatchObject({ blocked: true, decision: 'deny', reason: 'no writes here' });
  });

  it('a string command with a shell operator is a configuration problem: the hook does not run, and its guard event is refused as OpenClaw refuses it', async () => {
    const { ws, config, engine, file } = await openclawProject(host, (root) => ({
      PreToolUse: [{ matcher: 'Bash', hooks: [command(`${RESPOND} -N ran -a ${root}/ran.txt && echo x`)] }],
      PostToolUse: [{ matcher: '*', hooks: [command(`${RESPOND} -N ran -a ${root}/ran.txt | tee`)] }],
    }));

    expect(config.problems).toEqual([
      `${file}: hooks.claude.PreToolUse[0].hooks[0].command: contains the shell operator "&&", which OpenClaw refuses: the command runs with no shell (write an argv array, or put the pipeline in a script); the hook is skipped`,
      `${file}: hooks.claude.PostToolUse[0].hooks[0].command: contains the shell operator "|", which OpenClaw refuses: the command runs with no shell (write an argv array, or put the pipeline in a script); the hook is skipped`,
    ]);
    const bash = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    const read = await engine.fire('PreToolUse', { tool_name: 'Read', tool_input: {} });
    const post = await engine.fire('PostToolUse', { tool_name: 'Bash', tool_input: {}, tool_response: '' });

    expect(bash).toMatchObject({ blocked: true, decision: 'deny' });
    expect(bash.reason).toContain('hooks.claude.PreToolUse[0].hooks[0] could not be loaded');
    expect(read).toMatchObject({ blocked: false, hooks: [] });
    expect(post).toMatchObject({ blocked: false, hooks: [] });
    expect(await ws.read('ran.txt')).toBeNull();
  });

  it('with the switch off, even a broken OpenClaw entry has no effect', async () => {
    const { config, engine } = await openclawProject(host, { PreToolUse: [{ matcher: '*', hooks: [command('a && b')] }] }, {});

    expect(config.brokenHooks).toEqual([]);
    expect(await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} })).toMatchObject({ blocked: false, hooks: [] });
  });

  it('loads nothing unless OPENCLAW_CLAUDE_HOOKS is exactly "1" in the agent environment', async () => {
    const { config, engine } = await openclawProject(host, { PreToolUse: [{ matcher: '*', hooks: [command([RESPOND, '-x', '2'])] }] }, { OPENCLAW_CLAUDE_HOOKS: 'true' });

    expect(config.hooks).toEqual([]);
    expect(config.problems[0]).toContain('OPENCLAW_CLAUDE_HOOKS is not "1"');
    expect(await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} })).toMatchObject({ blocked: false, hooks: [] });
  });

  it("writes OpenClaw's input on stdin: tool_result (not tool_response), no transcript_path; and no seed variables", async () => {
    const { ws, engine } = await openclawProject(host, (root) => ({
      PostToolUse: [{ matcher: '*', hooks: [command(['sh', '-c', `cat > ${root}/stdin.json; env > ${root}/env.txt`])] }],
    }));

    await engine.fire('PostToolUse', { tool_name: 'Read', tool_input: { file_path: 'a' }, tool_response: 'text', tool_use_id: 't1' });
    await engine.close(); // PostToolUse is fire-and-forget in OpenClaw: close() waits for it

    expect(JSON.parse((await ws.read('stdin.json'))!)).toEqual({
      hook_event_name: 'PostToolUse', session_id: 'claw-session', cwd: expect.any(String), tool_name: 'Read', tool_input: { file_path: 'a' }, tool_use_id: 't1', tool_result: 'text',
    });
    expect((await ws.lines('env.txt')).filter((line) => /^(OPTA_|HOOK_|WUNDR_|CLAUDE_PROJECT_DIR)/.test(line))).toEqual([]);
  });

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

  it('Stop: {"decision": "deny", "continuation_message"} keeps the agent working with that message', async () => {
    const { engine } = await openclawProject(host, {
      Stop: [{ matcher: '*', hooks: [command([RESPOND, '-o', JSON.stringify({ decision: 'deny', reason: 'r', continuation_message: 'fix the lint first' })])] }],
      UserPromptSubmit: [{ matcher: '*', hooks: [command([RESPOND, '-o', JSON.stringify({ prompt: 'rewritten prompt' })])] }],
      SubagentStart: [{ matcher: '*', hooks: [command([`${HOOKS_DIR}echo-stdin.sh`])] }],
    });

    expect(await engine.fire('Stop', {})).toMatchObject({ blocked: true, reason: 'fix the lint first' });
    expect((await engine.fire('UserPromptSubmit', { prompt: 'p' })).updatedPrompt).toBe('rewritten prompt');
    const start = await engine.fire('SubagentStart', { agent_id: 'a1', agent_type: 'coder' });
    expect(JSON.parse(start.hooks[0]!.stdout)).toMatchObject({ subagent_id: 'a1', subagent_type: 'coder' });
  });
});
