// PROTOCOL.md, "Settings shape (Claude Code)".
import { describe, expect, it } from 'vitest';
import {
  claudeEngine,
  engineFor,
  group,
  handler,
  HOOKS_DIR,
  HOSTS,
  respond,
  SESSION_INFO,
  settings,
  workspace,
} from './kit.js';

describe.each(HOSTS)('settings shape, %s host', (host) => {
  it('hook lists from user, project and local settings are merged, not replaced', async () => {
    const ws = await workspace();
    const layer = (name: string) => settings({ UserPromptSubmit: [group(undefined, handler(respond('-o', `from ${name}`)))] });
    await ws.write('home/.claude/settings.json', layer('user'));
    await ws.write('.claude/settings.json', layer('project'));
    await ws.write('.claude/settings.local.json', layer('local'));

    const config = await ws.load({ trust: 'all' });
    expect(config.problems).toEqual([]);
    expect(config.files.map((file) => file.scope)).toEqual(['user', 'project', 'local']);
    const result = await engineFor(host, ws, config).fire('UserPromptSubmit', { prompt: 'hi' });

    expect(result.hooks).toHaveLength(3);
    expect(result.additionalContext).toBe('from user\nfrom project\nfrom local');
  });

  it('the same command defined in several files runs once', async () => {
    const ws = await workspace();
    const same = settings({ PreToolUse: [group('Bash', handler(respond('-a', ws.path('runs.log')), 5))] });
    await ws.write('home/.claude/settings.json', same);
    await ws.write('.claude/settings.json', same);
    await ws.write('.claude/settings.local.json', same);

    const config = await ws.load({ trust: 'all' });
    const result = await engineFor(host, ws, config).fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });

    expect(result.hooks).toHaveLength(1);
    expect(await ws.lines('runs.log')).toEqual(['hook']);
  });

  it('the same command defined in several files runs once, even when its timeout or matcher differ', async () => {
    const ws = await workspace();
    const notify = respond('-a', ws.path('runs.log'));
    await ws.write('home/.claude/settings.json', settings({ PostToolUse: [group('Write|Edit', handler(notify, 30))] }));
    await ws.write('.claude/settings.json', settings({ PostToolUse: [group('Write|Edit', handler(notify, 60))] }));
    await ws.write('.claude/settings.local.json', settings({ PostToolUse: [group('*', handler(notify, 30))] }));

    const config = await ws.load({ trust: 'all' });
    const engine = engineFor(host, ws, config);
    const write = await engine.fire('PostToolUse', { tool_name: 'Write', tool_input: {}, tool_response: {} });
    const read = await engine.fire('PostToolUse', { tool_name: 'Read', tool_input: {}, tool_response: {} });

    expect(write.hooks).toHaveLength(1);
    expect(read.hooks).toHaveLength(1);
    expect(await ws.lines('runs.log')).toEqual(['hook', 'hook']);
  });

  it('disableAllHooks: true in any layer turns every hook off', async () => {
    const ws = await workspace();
    await ws.write('home/.claude/settings.json', settings({
      PreToolUse: [group('*', handler(respond('-a', ws.path('runs.log'), '-x', '2')))],
      UserPromptSubmit: [group(undefined, handler(respond('-a', ws.path('runs.log'))))],
    }));
    await ws.write('.claude/settings.local.json', { disableAllHooks: true });

    const config = await ws.load({ trust: 'all' });
    expect(config.disableAllHooks).toBe(true);
    const engine = engineFor(host, ws, config);
    const pre = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    const prompt = await engine.fire('UserPromptSubmit', { prompt: 'hi' });

    expect(pre).toMatchObject({ blocked: false, hooks: [] });
    expect(prompt.hooks).toEqual([]);
    expect(await ws.read('runs.log')).toBeNull();
  });

  it('timeout is in seconds: a timeout: 1 hook may run 0.3 s, and one sleeping 5 s is timed_out at about 1 s', async () => {
    const { engine } = await claudeEngine(host, settings({
      PreToolUse: [
        group('Quick', handler(respond('-s', '0.3', '-o', 'finished'), 1)),
        group('Slow', handler(respond('-s', '5'), 1)),
      ],
    }));
    expect(engine.hooks.map((hook) => hook.timeoutMs)).toEqual([1000, 1000]);

    const [quick, slow] = await Promise.all([
      engine.fire('PreToolUse', { tool_name: 'Quick', tool_input: {} }),
      engine.fire('PreToolUse', { tool_name: 'Slow', tool_input: {} }),
    ]);

    expect(quick.hooks[0]).toMatchObject({ status: 'ok', stdout: 'finished' });
    expect(slow.hooks[0]!.status).toBe('timed_out');
    expect(slow.hooks[0]!.durationMs).toBeGreaterThanOrEqual(950);
    expect(slow.hooks[0]!.durationMs).toBeLessThan(3500);
  });

  it('timeout defaults to 600 seconds for command hooks', async () => {
    const { engine } = await claudeEngine(host, settings({ Stop: [group(undefined, { type: 'command', command: respond() })] }));

    expect(engine.hooks[0]!.timeoutMs).toBe(600_000);
    expect((await engine.fire('Stop', {})).hooks[0]!.status).toBe('ok');
  });

  it('the native format reads timeout in milliseconds: timeout: 1000 kills a 5 s hook at about 1 s', async () => {
    const ws = await workspace();
    const file = await ws.write('hooks.json', { hooks: [{ event: 'PreToolUse', command: respond('-s', '5'), timeout: 1000 }] });
    const config = await ws.load({ files: [file] });
    expect(config.problems).toEqual([]);

    const result = await engineFor(host, ws, config).fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });

    expect(result.hooks[0]!.status).toBe('timed_out');
    expect(result.hooks[0]!.durationMs).toBeGreaterThanOrEqual(950);
    expect(result.hooks[0]!.durationMs).toBeLessThan(3500);
  });

  it('command runs with sh -c in the agent cwd, in its own session with no controlling terminal', async () => {
    const { ws, engine } = await claudeEngine(host, settings({
      SessionStart: [group(undefined, handler(`${SESSION_INFO} && echo "shell=$0"`))],
    }));

    const result = await engine.fire('SessionStart', { source: 'startup' });
    const [info, shellLine] = result.hooks[0]!.stdout.trim().split('\n');
    const where = JSON.parse(info!) as { cwd: string; pgrp: number; session: number; tty: number };
    const mySession = Number((await import('node:fs')).readFileSync('/proc/self/stat', 'utf8').split(')')[1]!.trim().split(/\s+/)[3]);

    expect(where.cwd).toBe(ws.root);
    expect(shellLine).toMatch(/^shell=(\/bin\/)?sh$/);
    expect(where.session).not.toBe(mySession);
    expect(where.pgrp).toBe(where.session);
    expect(where.tty).toBe(0);
  });

  it('args (an array, native format) runs with no shell', async () => {
    const ws = await workspace();
    const file = await ws.write('hooks.json', { hooks: [{ event: 'Stop', args: ['/bin/echo', '$HOME', '; exit 2'] }] });
    const config = await ws.load({ files: [file] });

    const result = await engineFor(host, ws, config).fire('Stop', {});

    expect(result.hooks[0]).toMatchObject({ status: 'ok', stdout: '$HOME ; exit 2\n' });
    expect(result.blocked).toBe(false);
  });

  it('an unknown event name is reported with file and JSON path, skipped, and the rest of the file runs', async () => {
    const ws = await workspace();
    const config = await ws.loadClaude(settings({
      PreToolUs: [group('Bash', handler(respond('-x', '2', '-e', 'typo event ran')))],
      PreToolUse: [group('Bash', handler(respond('-o', 'valid hook ran')))],
    }));

    expect(config.problems).toHaveLength(1);
    expect(config.problems[0]).toContain(`${config.file}: hooks.PreToolUs: unknown event "PreToolUs"`);
    const result = await engineFor(host, ws, config).fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    expect(result.hooks.map((hook) => hook.stdout)).toEqual(['valid hook ran']);
    expect(result.blocked).toBe(false);
  });

  it('a malformed entry is reported with file and JSON path, skipped, and the rest of the file runs; hookpool: a broken guard refuses', async () => {
    const ws = await workspace();
    const config = await ws.loadClaude(settings({
      PreToolUse: [
        { matcher: 'Bash', hooks: 'not-a-list.sh' },
        group('Bash', { type: 'command' }, handler(respond('-o', 'second handler ran')), { type: 'command', command: respond(), timeout: 'ten' }),
      ],
      Stop: 'not a list of groups' as unknown as unknown[],
      UserPromptSubmit: [group(undefined, handler(respond('-o', 'other event ran')))],
    }));

    const paths = config.problems.map((problem) => {
      expect(problem.startsWith(`${config.file}: `)).toBe(true);
      return problem.slice(config.file.length + 2).split(':')[0];
    });
    expect(paths).toEqual(['hooks.PreToolUse[0].hooks', 'hooks.PreToolUse[1].hooks[0].command', 'hooks.PreToolUse[1].hooks[2].timeout', 'hooks.Stop']);
    const engine = engineFor(host, ws, config);
    const pre = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    const prompt = await engine.fire('UserPromptSubmit', { prompt: 'hi' });
    expect(pre.hooks.filter((hook) => hook.status === 'ok').map((hook) => hook.stdout)).toEqual(['second handler ran']);
    // The three broken PreToolUse entries are guards hookpool could not load: the call is refused, each named.
    expect(pre.blocked).toBe(true);
    expect(pre.failures.map((failure) => failure.id)).toEqual(['broken:settings.json:hooks.PreToolUse[0]', 'broken:settings.json:hooks.PreToolUse[1].hooks[0]', 'broken:settings.json:hooks.PreToolUse[1].hooks[2]']);
    expect(prompt.additionalContext).toBe('other event ran');
  });

  it("a hooks.claude section inside another settings file is OpenClaw's: its own format, loaded when OPENCLAW_CLAUDE_HOOKS is 1", async () => {
    const ws = await workspace();
    const file = await ws.write('openclaw.json', {
      name: 'some-other-tool',
      model: 'x',
      hooks: { claude: {
        PreToolUse: [group('Bash', { type: 'command', command: [`${HOOKS_DIR}respond.sh`, '-x', '2', '-e', 'blocked from hooks.claude'] })],
        PostToolUz: [group('Bash', handler(respond()))],
      } },
    });
    const config = await ws.load({ files: [file], env: { OPENCLAW_CLAUDE_HOOKS: '1' } });

    expect(config.problems).toHaveLength(1);
    expect(config.problems[0]).toContain(`${file}: hooks.claude.PostToolUz: OpenClaw has no event "PostToolUz"`);
    expect(config.files[0]!.format).toBe('openclaw');
    const result = await engineFor(host, ws, config).fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    expect(result).toMatchObject({ blocked: true, reason: 'blocked from hooks.claude' });
  });

  it('hook types other than command load: http runs, prompt and agent need an evaluator; hookpool: with none, on a guard event they refuse', async () => {
    const ws = await workspace();
    const handlers = [
      { type: 'prompt', prompt: 'Is this safe? $ARGUMENTS' },
      { type: 'http', url: 'http://127.0.0.1:9/hook' },
      { type: 'agent', prompt: 'check it' },
      handler(respond('-o', 'command ran')),
    ];
    const config = await ws.loadClaude(settings({ PreToolUse: [group('Bash', ...handlers)], PostToolUse: [group('Bash', ...handlers)] }));

    expect(config.problems).toEqual([]);
    const engine = engineFor(host, ws, config);
    const post = await engine.fire('PostToolUse', { tool_name: 'Bash', tool_input: {} });
    expect(post.hooks.map((hook) => hook.status)).toEqual(['spawn_failed', 'spawn_failed', 'spawn_failed', 'ok']);
    expect(post.hooks[3]!.stdout).toBe('command ran');
    expect(post).toMatchObject({ blocked: false, failures: [{ onError: 'open' }, { onError: 'open' }, { onError: 'open' }] });
    const pre = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    expect(pre.hooks.find((hook) => hook.status === 'ok')!.stdout).toBe('command ran');
    expect(pre).toMatchObject({ blocked: true, reason: expect.stringContaining('needs a prompt evaluator') });
    expect(await engine.fire('PreToolUse', { tool_name: 'Read', tool_input: {} })).toMatchObject({ blocked: false, hooks: [] }); // the group's matcher still applies
  });
});

