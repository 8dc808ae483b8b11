// PROTOCOL.md, "Input: JSON on stdin" (the environment paragraph) and "Environment".
import { copyFile, mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { claudeEngine, engineFor, group, handler, HOOKS_DIR, HOSTS, parseEnv, PRINT_ENV, settings, workspace } from './kit.js';

const ALLOWLIST = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/home/agent', USER: 'agent', SHELL: '/bin/sh', LANG: 'C.UTF-8', TERM: 'dumb', TMPDIR: '/tmp' };

// One example of each secret-looking pattern: *_KEY, *_TOKEN, *_SECRET, *PASSWORD*, *_CREDENTIALS,
// and (issue 9) connection strings, *_PAT, *_PWD, auth tokens, webhooks, the ssh agent, and values
// that are credentials whatever their name.
const SECRETS = {
  ANTHROPIC_API_KEY: 'sk-ant-secret',
  GITHUB_TOKEN: 'ghp_secret',
  CLIENT_SECRET: 'client-secret',
  PGPASSWORD_FILE: '/run/pw',
  GOOGLE_APPLICATION_CREDENTIALS: '/run/creds.json',
  DATABASE_URL: 'postgres://localhost/app',
  GH_PAT: 'pat',
  MYSQL_PWD: 'pw',
  SENTRY_DSN: 'https://k@sentry.example/1',
  SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/x',
  SSH_AUTH_SOCK: '/run/ssh.sock',
  STRIPE_KEY_2: 'k2',
  HTTPS_PROXY: 'http://me:hunter2@proxy.example:3128',
};

// Names that only look a little like secrets, and plain ones: kept.
const ORDINARY = { VISIBLE: 'yes', KEYBOARD_LAYOUT: 'us', TOKENIZERS_PARALLELISM: 'false', NO_PROXY: 'localhost' };

const AGENT_ENV = { ...ALLOWLIST, ...ORDINARY, ...SECRETS };

describe.each(HOSTS)('hook environment, %s host', (host) => {
  it('CLAUDE_PROJECT_DIR is the project root (and commands can use it)', async () => {
    const ws = await workspace();
    await mkdir(ws.path('packages/app'), { recursive: true });
    await mkdir(ws.path('.claude/hooks'), { recursive: true });
    await copyFile(`${HOOKS_DIR}print-env.sh`, ws.path('.claude/hooks/print-env.sh'));
    // The usual way project settings name their scripts.
    const config = await ws.loadClaude(settings({ SessionStart: [group(undefined, handler('"$CLAUDE_PROJECT_DIR"/.claude/hooks/print-env.sh'))] }));
    const inSubdir = engineFor(host, ws, config, { cwd: ws.path('packages/app'), projectDir: ws.root, env: AGENT_ENV });
    const atRoot = engineFor(host, ws, config, { env: AGENT_ENV });

    const sub = parseEnv((await inSubdir.fire('SessionStart', { source: 'startup' })).hooks[0]!.stdout);
    const root = parseEnv((await atRoot.fire('SessionStart', { source: 'startup' })).hooks[0]!.stdout);

    expect(sub).toMatchObject({ CLAUDE_PROJECT_DIR: ws.root, HOOKPOOL_CWD: ws.path('packages/app') });
    expect(root).toMatchObject({ CLAUDE_PROJECT_DIR: ws.root });
  });

  it('HOOKPOOL_EVENT, HOOKPOOL_SESSION_ID, HOOKPOOL_CWD, and HOOKPOOL_TOOL_NAME on tool events', async () => {
    const { ws, engine } = await claudeEngine(host, settings({
      PreToolUse: [group(undefined, handler(PRINT_ENV))],
      UserPromptSubmit: [group(undefined, handler(PRINT_ENV))],
    }), { env: AGENT_ENV, sessionId: 'session-42' });

    const tool = parseEnv((await engine.fire('PreToolUse', { tool_name: 'Edit', tool_input: { file_path: '/p/a.ts' } })).hooks[0]!.stdout);
    const prompt = parseEnv((await engine.fire('UserPromptSubmit', { prompt: 'hi' })).hooks[0]!.stdout);

    expect(tool).toMatchObject({ HOOKPOOL_EVENT: 'PreToolUse', HOOKPOOL_SESSION_ID: 'session-42', HOOKPOOL_CWD: ws.root, HOOKPOOL_TOOL_NAME: 'Edit' });
    expect(prompt).toMatchObject({ HOOKPOOL_EVENT: 'UserPromptSubmit', HOOKPOOL_SESSION_ID: 'session-42', HOOKPOOL_CWD: ws.root });
    expect(prompt).not.toHaveProperty('HOOKPOOL_TOOL_NAME');
  });

  it("a Claude Code hook gets no seed design's variables: those go to hooks of that seed's protocol (seed-*.test.ts)", async () => {
    const { engine } = await claudeEngine(host, settings({ PostToolUse: [group(undefined, handler(PRINT_ENV))] }), { env: AGENT_ENV, model: 'm1' });

    const env = parseEnv((await engine.fire('PostToolUse', { tool_name: 'Write', tool_input: { file_path: '/p/a.ts' }, tool_response: 'ok', error: 'e' })).hooks[0]!.stdout);

    expect(env).toMatchObject({ HOOKPOOL_EVENT: 'PostToolUse', HOOKPOOL_TOOL_NAME: 'Write' });
    for (const name of Object.keys(env)) expect(/^(OPTA_|HOOK_|WUNDR_HOOK_)/.test(name), name).toBe(false);
  });

  it('large values are cut in environment variables, visibly, and are whole on stdin', async () => {
    const ws = await workspace();
    const file = await ws.write('hooks.json', { hooks: [
      { event: 'PreToolUse', matcher: 'Write', command: PRINT_ENV, protocol: 'opta' },
      { event: 'PreToolUse', matcher: 'Write', command: 'wc -c', protocol: 'opta' },
    ] });
    const engine = engineFor(host, ws, await ws.load({ files: [file] }), { env: AGENT_ENV });
    const content = 'z'.repeat(200_000);

    const result = await engine.fire('PreToolUse', { tool_name: 'Write', tool_input: { file_path: '/p/big.txt', content } });

    const env = parseEnv(result.hooks[0]!.stdout);
    for (const [name, value] of Object.entries(env)) expect(Buffer.byteLength(value), name).toBeLessThanOrEqual(64 * 1024 + 100);
    expect(env.OPTA_TOOL_ARGS).toMatch(/…\[hookpool: cut at 65536 of \d+ bytes; the JSON on stdin has it whole\]$/);
    expect(env.HOOKPOOL_CUT_VARIABLES).toBe('OPTA_TOOL_ARGS');
    expect(Number(result.hooks[1]!.stdout.trim())).toBeGreaterThan(200_000);
  });

  it('hookpool: secret-looking variables are hidden from hooks of its own files unless the hook lists them in env.pass', async () => {
    const ws = await workspace();
    const native = await ws.write('hooks.json', {
      hooks: [
        { id: 'plain', event: 'Stop', command: PRINT_ENV },
        { id: 'passes-two', event: 'Stop', command: PRINT_ENV, env: { pass: ['GITHUB_TOKEN', 'GOOGLE_APPLICATION_CREDENTIALS'] } },
      ],
    });
    const config = await ws.load({ files: [native] });
    expect(config.problems).toEqual([]);
    const engine = engineFor(host, ws, config, { env: AGENT_ENV });

    const result = await engine.fire('Stop', {});
    const byId = Object.fromEntries(result.hooks.map((hook) => [hook.id, parseEnv(hook.stdout)]));

    expect(byId.plain).toMatchObject({ ...ALLOWLIST, ...ORDINARY });
    for (const name of Object.keys(SECRETS)) expect(byId.plain, name).not.toHaveProperty(name);
    expect(byId['passes-two']).toMatchObject({ ...ORDINARY, GITHUB_TOKEN: 'ghp_secret', GOOGLE_APPLICATION_CREDENTIALS: '/run/creds.json' });
    for (const name of ['ANTHROPIC_API_KEY', 'CLIENT_SECRET', 'PGPASSWORD_FILE']) expect(byId['passes-two'], name).not.toHaveProperty(name);
  });

  it("a hook of Claude Code's settings gets the whole environment, as Claude Code gives it, unless the user's policy narrows it", async () => {
    const ws = await workspace();
    const claude = await ws.write('settings.json', settings({ Stop: [group(undefined, handler(PRINT_ENV))] }));
    const narrowing = await ws.write('policy.json', { env: { claudeHooks: 'safe' } });
    const fire = async (userPolicy?: string) => {
      const config = await ws.load({ claudeSettings: [claude], ...(userPolicy === undefined ? {} : { userPolicy }) });
      expect(config.problems).toEqual([]);
      const engine = engineFor(host, ws, config, { env: AGENT_ENV });
      return parseEnv((await engine.fire('Stop', {})).hooks[0]!.stdout);
    };

    const asClaudeCode = await fire();
    const narrowed = await fire(narrowing);

    expect(asClaudeCode).toMatchObject({ ...ORDINARY, ...SECRETS });
    expect(narrowed).toMatchObject(ORDINARY);
    for (const name of Object.keys(SECRETS)) expect(narrowed, name).not.toHaveProperty(name);
  });

  it('env.inherit "all" restores the whole agent environment', async () => {
    const ws = await workspace();
    const file = await ws.write('hooks.json', { hooks: [{ event: 'Stop', command: PRINT_ENV, env: { inherit: 'all' } }] });
    const engine = engineFor(host, ws, await ws.load({ files: [file] }), { env: AGENT_ENV });

    const env = parseEnv((await engine.fire('Stop', {})).hooks[0]!.stdout);

    expect(env).toMatchObject(AGENT_ENV);
  });

  it('env.inherit "none" gives only PATH, HOME, USER, SHELL, LANG, TERM, TMPDIR of the agent environment', async () => {
    const ws = await workspace();
    const file = await ws.write('hooks.json', { hooks: [{ event: 'Stop', command: PRINT_ENV, env: { inherit: 'none' } }] });
    const engine = engineFor(host, ws, await ws.load({ files: [file] }), { env: AGENT_ENV });

    const env = parseEnv((await engine.fire('Stop', {})).hooks[0]!.stdout);

    expect(env).toMatchObject(ALLOWLIST);
    for (const name of [...Object.keys(ORDINARY), ...Object.keys(SECRETS)]) expect(env, name).not.toHaveProperty(name);
    expect(env).toMatchObject({ HOOKPOOL_EVENT: 'Stop', CLAUDE_PROJECT_DIR: ws.root });
  });
});
