import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine } from '../../src/index.js';
import { HOSTS } from '../helpers/hosts.js';
import { FIXTURES } from '../helpers/processes.js';

describe.each(HOSTS)('fire through the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => engine?.close());

  it('writes the hook input JSON to stdin with the common fields', async () => {
    engine = createHookEngine({ host, sessionId: 's1', cwd: '/tmp', transcriptPath: '/tmp/t.jsonl', permissionMode: 'default',
      hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: `${FIXTURES}echo-input.sh` }] });
    const result = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 'toolu_1' });
    expect(JSON.parse(result.hooks[0]!.stdout)).toEqual({
      session_id: 's1', transcript_path: '/tmp/t.jsonl', cwd: '/tmp', hook_event_name: 'PreToolUse', permission_mode: 'default',
      tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 'toolu_1',
    });
  });

  it('resolves seed aliases to the canonical event in the input', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'tool.pre', command: 'cat' }] });
    const result = await engine.fire('pre-tool', { tool_name: 'Read' });
    expect(JSON.parse(result.hooks[0]!.stdout).hook_event_name).toBe('PreToolUse');
  });

  it('gives context variables and hides secret-looking ones unless passed', async () => {
    engine = createHookEngine({ host, sessionId: 's9', cwd: '/tmp', env: { PATH: process.env.PATH, ANTHROPIC_API_KEY: 'k1', GITHUB_TOKEN: 't', DB_PASSWORD: 'p', VISIBLE: 'yes' },
      hooks: [
        { id: 'safe', event: 'PreToolUse', command: 'env' },
        { id: 'passes', event: 'PreToolUse', command: 'env', env: { pass: ['GITHUB_TOKEN'] } },
        { id: 'none', event: 'PreToolUse', command: 'env', env: { inherit: 'none', set: { EXTRA: '1' } } },
      ] });
    const result = await engine.fire('PreToolUse', { tool_name: 'Edit', tool_input: { file_path: '/tmp/a' } });
    const [safe, passes, none] = result.hooks.map((hook) => Object.fromEntries(hook.stdout.trim().split('\n').map((line) => line.split(/=(.*)/s).slice(0, 2))));
    expect(safe).toMatchObject({ VISIBLE: 'yes', HOOKPOOL_EVENT: 'PreToolUse', HOOKPOOL_SESSION_ID: 's9', HOOKPOOL_CWD: '/tmp',
      HOOKPOOL_TOOL_NAME: 'Edit', CLAUDE_PROJECT_DIR: '/tmp' });
    // A Claude-protocol hook gets no seed design's variables (those are for hooks of that protocol).
    for (const name of ['OPTA_EVENT', 'HOOK_EVENT', 'WUNDR_HOOK_EVENT']) expect(safe).not.toHaveProperty(name);
    expect(safe).not.toHaveProperty('ANTHROPIC_API_KEY');
    expect(safe).not.toHaveProperty('GITHUB_TOKEN');
    expect(safe).not.toHaveProperty('DB_PASSWORD');
    expect(passes).toMatchObject({ GITHUB_TOKEN: 't' });
    expect(passes).not.toHaveProperty('ANTHROPIC_API_KEY');
    expect(none).toMatchObject({ EXTRA: '1', PATH: process.env.PATH });
    expect(none).not.toHaveProperty('VISIBLE');
  });

  it('runs argv hooks without a shell', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'Stop', args: ['/bin/echo', '$HOME', '; rm -rf /'] }] });
    const result = await engine.fire('Stop', {});
    expect(result.hooks[0]!.stdout).toBe('$HOME ; rm -rf /\n');
  });

  it('runs only the hooks whose matcher accepts the subject', async () => {
    engine = createHookEngine({ host, hooks: [
      { id: 'edit-write', event: 'PreToolUse', matcher: 'Edit|Write', command: 'echo edit-write' },
      { id: 'mcp', event: 'PreToolUse', matcher: 'mcp__memory__.*', command: 'echo mcp' },
      { id: 'all', event: 'PreToolUse', matcher: '*', command: 'echo all' },
    ] });
    const ids = async (tool: string) => (await engine!.fire('PreToolUse', { tool_name: tool })).hooks.map((hook) => hook.id);
    expect(await ids('Edit')).toEqual(['edit-write', 'all']);
    expect(await ids('EditX')).toEqual(['all']);
    expect(await ids('mcp__memory__save')).toEqual(['mcp', 'all']);
    expect(engine.has('PreToolUse', 'Write')).toBe(true);
    expect(engine.has('PostToolUse')).toBe(false);
  });

  it('runs two hooks with their own ids each, even when they run the same command', async () => {
    engine = createHookEngine({ host, hooks: [
      { id: 'first', event: 'PreToolUse', matcher: 'Edit|Write', command: 'echo notify', timeout: 30_000 },
      { id: 'other', event: 'PreToolUse', command: 'echo other' },
      { id: 'last', event: 'PreToolUse', matcher: '*', command: 'echo notify', timeout: 60_000 },
    ] });
    expect((await engine.fire('PreToolUse', { tool_name: 'Edit' })).hooks.map((hook) => hook.id)).toEqual(['first', 'other', 'last']);
    expect((await engine.fire('PreToolUse', { tool_name: 'Read' })).hooks.map((hook) => hook.id)).toEqual(['other', 'last']);
  });

  it('applies path and session filters from the payload', async () => {
    engine = createHookEngine({ host, cwd: '/repo', sessionId: 'abc', hooks: [
      { id: 'ts', event: 'PostToolUse', matcher: 'Edit|Write', filter: { path: 'src/**/*.ts' }, command: 'echo ts' },
      { id: 'session', event: 'PostToolUse', filter: { sessionId: 'x*' }, command: 'echo session' },
    ] });
    const ids = async (file: string) => (await engine!.fire('PostToolUse', { tool_name: 'Edit', tool_input: { file_path: file } })).hooks.map((hook) => hook.id);
    expect(await ids('/repo/src/a/b.ts')).toEqual(['ts']);
    expect(await ids('/repo/README.md')).toEqual([]);
  });

  it('blocks on exit 2 with stderr as the reason, and not on exit 1', async () => {
    engine = createHookEngine({ host, hooks: [
      { id: 'deny', event: 'PreToolUse', matcher: 'Bash', args: [`${FIXTURES}exit-with.sh`, '2', 'rm -rf is not allowed'] },
      { id: 'warn', event: 'PreToolUse', matcher: 'Read', args: [`${FIXTURES}exit-with.sh`, '1', 'just a warning'] },
    ] });
    const denied = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    expect(denied).toMatchObject({ blocked: true, decision: 'deny', reason: 'rm -rf is not allowed' });
    expect(denied.hooks[0]).toMatchObject({ status: 'exit_nonzero', exitCode: 2 });
    const allowed = await engine.fire('PreToolUse', { tool_name: 'Read' });
    expect(allowed.blocked).toBe(false);
  });

  it('blocks on any non-zero exit with the Opta rule', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'PreToolUse', args: [`${FIXTURES}exit-with.sh`, '1', 'opta says no'], exitCodes: 'any-nonzero-blocks' }] });
    expect(await engine.fire('PreToolUse', { tool_name: 'Bash' })).toMatchObject({ blocked: true, reason: 'opta says no' });
  });

  it('reports a program that cannot start as spawn_failed, and a missing shell command as exit 127', async () => {
    engine = createHookEngine({ host, hooks: [
      { id: 'argv', event: 'Stop', args: ['/nonexistent/hook'] },
      { id: 'shell', event: 'Stop', command: '/nonexistent/hook' },
    ] });
    const [argv, shell] = (await engine.fire('Stop', {})).hooks;
    expect(argv).toMatchObject({ status: 'spawn_failed', exitCode: null });
    expect(argv!.error).toContain('/nonexistent/hook');
    expect(shell).toMatchObject({ status: 'exit_nonzero', exitCode: 127 });
  });

  it('rejects unknown events and non-object payloads with coded errors', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'Stop', command: 'true' }] });
    await expect(engine.fire('PreToolUs', {})).rejects.toMatchObject({ code: 'ERR_HOOKPOOL_UNKNOWN_EVENT', message: expect.stringContaining('PreToolUse') });
    await expect(engine.fire('Stop', [] as never)).rejects.toMatchObject({ code: 'ERR_HOOKPOOL_INVALID_PAYLOAD' });
  });

  it('rejects fires after close', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'Stop', command: 'true' }] });
    await engine.close();
    await expect(engine.fire('Stop', {})).rejects.toMatchObject({ code: 'ERR_HOOKPOOL_CLOSED' });
  });

  it('rejects fires after close also when no hook would run: none configured for the event, or none matching', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: 'true' }] });
    const closing = engine.close();
    await expect(engine.fire('PreToolUse', { tool_name: 'Read' })).rejects.toMatchObject({ code: 'ERR_HOOKPOOL_CLOSED' });
    await expect(engine.fire('Stop', {})).rejects.toMatchObject({ code: 'ERR_HOOKPOOL_CLOSED' });
    await closing;
    const empty = createHookEngine({ host, hooks: [] });
    await empty.close();
    await expect(empty.fire('SessionStart', { source: 'startup' })).rejects.toMatchObject({ code: 'ERR_HOOKPOOL_CLOSED', message: 'fire("SessionStart") after close()' });
  });
});
