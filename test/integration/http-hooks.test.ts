// http hooks through the real engine and pool, on both hosts, against a real server on
// 127.0.0.1: the POST of the input, headers with variables only from allowedEnvVars, the 2xx body
// read as the hook's JSON output, and every way of giving no answer (a status other than 2xx, a
// refused connection, a timeout, a body that is not JSON) reported, refusing only a guard that
// fails closed. The request runs in the pool's workers; nothing stays connected once it settled.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHookEngine, loadHooksConfig, type HookEngine, type HookEngineOptions } from '../../src/index.js';
import { HOSTS } from '../helpers/hosts.js';
import { sendJson, startLocalServer, type LocalServer } from '../helpers/local-server.js';
import { tempDir } from '../helpers/temp-dirs.js';

const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command } });

let server: LocalServer;
// A port nothing listens on: a server started and closed again.
let deadUrl: string;
// Requests to /hang get no answer until the test ends; the rest answer by path.
const hanging: (() => void)[] = [];
beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    if (request.path === '/deny') return sendJson(response, 200, { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'not on main' } });
    if (request.path === '/context') return sendJson(response, 200, { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'checked by the server' } });
    if (request.path === '/empty') return response.end();
    if (request.path === '/worktree') return sendJson(response, 200, { hookSpecificOutput: { hookEventName: 'WorktreeCreate', worktreePath: '/tmp/worktrees/feature-x' } });
    if (request.path === '/error') return sendJson(response, 503, 'overloaded, try later');
    if (request.path === '/text') return response.end('all good');
    if (request.path === '/huge') return sendJson(response, 200, { reason: 'x'.repeat(200_000) });
    if (request.path === '/hang') return void hanging.push(() => response.destroy());
    sendJson(response, 404, 'no such path');
  });
  const dead = await startLocalServer(() => {});
  deadUrl = dead.url;
  await dead.close();
});
afterAll(async () => {
  for (const release of hanging.splice(0)) release();
  await server.close();
});

describe.each(HOSTS)('http hooks on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });
  const start = (options: HookEngineOptions) => (engine = createHookEngine({ host, pool: { threads: 1 }, ...options }));

  it('POSTs the input as JSON and reads a 2xx body as the hook output: a deny', async () => {
    start({ hooks: [{ id: 'policy', event: 'PreToolUse', type: 'http', url: `${server.url}/deny` }] });
    const before = server.requests.length;
    const result = await engine!.fire('PreToolUse', bash('git push'));
    expect(result).toMatchObject({ blocked: true, decision: 'deny', reason: 'not on main', hooks: [{ id: 'policy', status: 'ok' }] });
    const request = server.requests[before]!;
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git push' } });
  });

  it('fills header variables only from allowedEnvVars; any other name becomes empty', async () => {
    start({
      env: { ...process.env, HOOK_TOKEN: 'tok-123', OTHER_SECRET: 'must-not-leak' },
      hooks: [{ event: 'PostToolUse', type: 'http', url: `${server.url}/context`, headers: { authorization: 'Bearer $HOOK_TOKEN', 'x-other': '[${OTHER_SECRET}]' }, allowedEnvVars: ['HOOK_TOKEN'] }],
    });
    const before = server.requests.length;
    const result = await engine!.fire('PostToolUse', { ...bash('ls'), tool_response: {} });
    expect(result.additionalContext).toBe('checked by the server');
    expect(server.requests[before]!.headers).toMatchObject({ authorization: 'Bearer tok-123', 'x-other': '[]' });
  });

  it("WorktreeCreate: the worktree path is the answer's hookSpecificOutput.worktreePath", async () => {
    start({ hooks: [{ event: 'WorktreeCreate', type: 'http', url: `${server.url}/worktree` }] });
    const result = await engine!.fire('WorktreeCreate', { name: 'feature-x' });
    expect(result).toMatchObject({ blocked: false, worktreePath: '/tmp/worktrees/feature-x', failures: [] });
  });

  it('a 2xx with an empty body is a hook that said nothing', async () => {
    start({ hooks: [{ event: 'PreToolUse', type: 'http', url: `${server.url}/empty` }] });
    const result = await engine!.fire('PreToolUse', bash('ls'));
    expect(result).toMatchObject({ blocked: false, decision: null, failures: [], hookErrors: [], hooks: [{ status: 'ok' }] });
  });

  it('a status other than 2xx is no answer: reported, the action proceeds where the hook fails open', async () => {
    start({ hooks: [{ id: 'audit', event: 'PostToolUse', type: 'http', url: `${server.url}/error` }] });
    const result = await engine!.fire('PostToolUse', { ...bash('ls'), tool_response: {} });
    expect(result.blocked).toBe(false);
    expect(result.failures).toMatchObject([{ id: 'audit', onError: 'open' }]);
    expect(result.failures[0]!.message).toContain('answered HTTP 503: overloaded, try later');
  });

  it('on a guard that fails closed (PreToolUse by default) a status other than 2xx refuses', async () => {
    start({ hooks: [{ id: 'guard', event: 'PreToolUse', type: 'http', url: `${server.url}/error` }] });
    const result = await engine!.fire('PreToolUse', bash('ls'));
    expect(result).toMatchObject({ blocked: true, decision: 'deny', decidedBy: [{ id: 'guard', via: 'failure' }] });
  });

  it('a refused connection is no answer; onError: open lets the action through and says so', async () => {
    start({ hooks: [{ id: 'gone', event: 'PreToolUse', onError: 'open', type: 'http', url: `${deadUrl}/deny` }] });
    const result = await engine!.fire('PreToolUse', bash('ls'));
    expect(result.blocked).toBe(false);
    expect(result.failures).toMatchObject([{ id: 'gone', status: 'spawn_failed', onError: 'open' }]);
    expect(result.failures[0]!.message).toContain('ECONNREFUSED');
  });

  it('a 2xx body that is not a JSON object is no answer', async () => {
    start({ hooks: [{ id: 'chatty', event: 'UserPromptSubmit', onError: 'open', type: 'http', url: `${server.url}/text` }] });
    const result = await engine!.fire('UserPromptSubmit', { prompt: 'hi' });
    expect(result.additionalContext).toBeNull();
    expect(result.failures[0]!.message).toContain('not a JSON object: all good');
  });

  it('times out a server that never answers, and closes the connection', async () => {
    start({ hooks: [{ id: 'slow', event: 'PostToolUse', timeout: 300, type: 'http', url: `${server.url}/hang` }] });
    const result = await engine!.fire('PostToolUse', { ...bash('ls'), tool_response: {} });
    expect(result.hooks).toMatchObject([{ id: 'slow', status: 'timed_out' }]);
    await expect.poll(() => server.openConnections(), { timeout: 10_000 }).toBe(0);
  });

  it('close() stops a request the server never answers instead of waiting for its timeout', async () => {
    start({ closeTimeout: 50, hooks: [{ id: 'held', event: 'PostToolUse', timeout: 120_000, type: 'http', url: `${server.url}/hang` }] });
    const before = hanging.length;
    const fired = engine!.fire('PostToolUse', { ...bash('ls'), tool_response: {} });
    await expect.poll(() => hanging.length, { timeout: 10_000 }).toBe(before + 1);
    await engine!.close();
    expect((await fired).hooks).toMatchObject([{ id: 'held', status: 'aborted' }]);
    await expect.poll(() => server.openConnections(), { timeout: 10_000 }).toBe(0);
  });

  it('reads at most maxOutputBytes of the answer; an answer cut there is no answer', async () => {
    start({ hooks: [{ id: 'big', event: 'PostToolUse', maxOutputBytes: 1000, type: 'http', url: `${server.url}/huge` }] });
    const result = await engine!.fire('PostToolUse', { ...bash('ls'), tool_response: {} });
    expect(result.hooks).toMatchObject([{ id: 'big', status: 'crashed', truncated: true }]);
    expect(result.hooks[0]!.stdout).toHaveLength(1000);
    expect(result.failures[0]!.message).toContain('more than maxOutputBytes (1000 bytes)');
    await expect.poll(() => server.openConnections(), { timeout: 10_000 }).toBe(0);
  });

  it("runs an http entry of Claude Code's settings, with its timeout in seconds", async () => {
    const dir = tempDir('http-settings');
    const file = join(dir, 'settings.json');
    await writeFile(file, JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'http', url: `${server.url}/deny`, timeout: 5, headers: { 'x-id': 'a' } }] }] } }));
    const config = await loadHooksConfig({ cwd: dir, home: dir, claudeSettings: [file], trust: 'all' });
    expect(config.problems).toEqual([]);
    expect(config.hooks[0]).toMatchObject({ timeout: 5000, type: 'http', url: `${server.url}/deny`, headers: { 'x-id': 'a' } });
    start({ ...config });
    expect(await engine!.fire('PreToolUse', bash('ls'))).toMatchObject({ blocked: true, reason: 'not on main' });
  });
});
