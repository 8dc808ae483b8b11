// `hookpool serve --http` as Claude Code's http hooks and the client reach it: a real server
// process, a real HTTP client (fetch), the token, loopback only, the discovery record.
import { existsSync, statSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectGone, expectNoneAlive, livingProcesses, uniqueSleep } from '../helpers/processes.js';
import { readRunRecords } from '../../src/project/run-log.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../src/engine/payload-limit.js';
import { isLoopbackAddress } from '../../src/serve/http-endpoint.js';
import { CLAUDE_COMMAND_HOOK_PATH, CLAUDE_HTTP_HOOK_PATH, TOKEN_HEADER, claudeHttpHookHandler, defaultServePort } from '../../src/project/server/server-address.js';
import { createServeProject, postHook, type ServeProject } from './serve-harness.js';

const BLOCKING = { event: 'PreToolUse', matcher: 'Bash', command: 'echo "no rm here" >&2; exit 2' };

describe('hookpool serve --http', () => {
  let project: ServeProject;
  let server: ReturnType<ServeProject['serve']>;
  let port: number;

  beforeEach(async () => {
    project = await createServeProject();
    await project.write('.hookpool/hooks.json', { hooks: [BLOCKING, { event: 'Stop', command: 'echo "tests fail" >&2; exit 2' }, { event: 'TaskCompleted', command: 'echo "not done" >&2; exit 2' }] });
    await project.cli(['trust']);
    server = project.serve(['--http', '--port', '0']);
    ({ port } = await project.waitForServer());
  });

  afterEach(async () => {
    server.kill('SIGTERM');
    await server;
    await project.remove();
  });

  it('answers a Claude Code http hook with the JSON decision an exit 2 would have carried', async () => {
    const input = JSON.parse(project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } })) as object;
    const { status, body } = await postHook(port, CLAUDE_HTTP_HOOK_PATH, input, { [TOKEN_HEADER]: project.token() });
    expect(status).toBe(200);
    expect(body).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no rm here' } });
  });

  it('says a Stop refusal as decision "block", and says where an http hook cannot refuse (TaskCompleted)', async () => {
    const headers = { [TOKEN_HEADER]: project.token() };
    const stop = await postHook(port, CLAUDE_HTTP_HOOK_PATH, JSON.parse(project.claudeInput('Stop', { stop_hook_active: false })), headers);
    expect(stop.body).toEqual({ decision: 'block', reason: 'tests fail' });
    const task = await postHook(port, CLAUDE_HTTP_HOOK_PATH, JSON.parse(project.claudeInput('TaskCompleted', { task_id: 't1', task_subject: 'x' })), headers);
    expect(String(task.body.systemMessage)).toContain('a hook refused TaskCompleted (not done), which an http hook cannot do');
  });

  it('has every hook it ran in the history log once it has stopped', async () => {
    const headers = { [TOKEN_HEADER]: project.token() };
    const input = JSON.parse(project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } })) as object;
    for (let i = 0; i < 3; i++) expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, input, headers)).status).toBe(200);
    server.kill('SIGTERM');
    await server;
    const runs = await readRunRecords(join(project.home, '.local', 'state', 'hookpool', 'runs.jsonl'));
    expect(runs.map((run) => [run.event, run.status])).toEqual(Array.from({ length: 3 }, () => ['PreToolUse', 'exit_nonzero']));
  });

  it('takes the token as a Bearer authorization too, and answers {} when no hook matches', async () => {
    const input = JSON.parse(project.claudeInput('PreToolUse', { tool_name: 'Read', tool_input: { file_path: 'x' } })) as object;
    const { status, body } = await postHook(port, CLAUDE_HTTP_HOOK_PATH, input, { authorization: `Bearer ${project.token()}` });
    expect(status).toBe(200);
    expect(body).toEqual({});
  });

  it('answers the client path with what run --format claude prints and exits with', async () => {
    const input = project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    const { body } = await postHook(port, CLAUDE_COMMAND_HOOK_PATH, JSON.parse(input), { [TOKEN_HEADER]: project.token() });
    const run = await project.cli(['run', '--format', 'claude'], { input });
    expect(body).toEqual({ stdout: null, stderr: run.stderr.trimEnd(), exitCode: run.exitCode });
    expect(run.exitCode).toBe(2);
  });

  it('runs nothing for a request without the token or with a wrong one: the http hook path refuses the guard in its answer, the client path answers 401', async () => {
    const mark = uniqueSleep();
    await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', command: `sleep ${mark}` }] });
    const input = JSON.parse(project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } })) as object;
    for (const headers of [{}, { [TOKEN_HEADER]: 'x'.repeat(64) }]) {
      // Claude Code proceeds on a status that is not 2xx: a guard without its token must be refused in the body.
      const http = await postHook(port, CLAUDE_HTTP_HOOK_PATH, input, headers);
      expect(http.status).toBe(200);
      expect(http.body).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
      expect(JSON.stringify(http.body)).toContain('export HOOKPOOL_SERVE_TOKEN');
      // hookpool-client falls back to run on a 401, which answers for itself.
      expect((await postHook(port, CLAUDE_COMMAND_HOOK_PATH, input, headers)).status).toBe(401);
    }
    expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, { not: 'a hook input' })).status).toBe(401);
    expect(livingProcesses(`sleep ${mark}`)).toEqual([]);
  });

  it('answers a bad body or an unknown event with 400 and a one-line error, and keeps serving', async () => {
    const headers = { [TOKEN_HEADER]: project.token() };
    const notJson = await fetch(`http://127.0.0.1:${port}${CLAUDE_HTTP_HOOK_PATH}`, { method: 'POST', headers, body: '[1,2' });
    expect(notJson.status).toBe(400);
    const unknown = await postHook(port, CLAUDE_HTTP_HOOK_PATH, { hook_event_name: 'PreTooolUse' }, headers);
    expect(unknown.status).toBe(400);
    expect(String(unknown.body.error)).toMatch(/unknown event "PreTooolUse"/);
    expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, { hook_event_name: 'Stop', session_id: 's1' }, headers)).status).toBe(200);
  });

  it('refuses a guard whose hook input is over the payload limit in its answer (the client path: 400), and keeps serving', async () => {
    const headers = { [TOKEN_HEADER]: project.token() };
    const huge = { hook_event_name: 'PreToolUse', session_id: 's1', tool_name: 'Write', tool_input: { file_path: 'a', content: 'x'.repeat(DEFAULT_MAX_PAYLOAD_BYTES) } };
    const refused = await postHook(port, CLAUDE_HTTP_HOOK_PATH, huge, headers);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    expect(JSON.stringify(refused.body)).toContain(`over ${DEFAULT_MAX_PAYLOAD_BYTES} bytes`);
    const client = await postHook(port, CLAUDE_COMMAND_HOOK_PATH, huge, headers);
    expect(client.status).toBe(400);
    expect(String(client.body.error)).toContain(`over ${DEFAULT_MAX_PAYLOAD_BYTES} bytes`);
    expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, { hook_event_name: 'Stop', session_id: 's1' }, headers)).status).toBe(200);
  });

  it('refuses a Host header that is not its own loopback address (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const call = request({ host: '127.0.0.1', port, path: CLAUDE_HTTP_HOOK_PATH, method: 'POST', headers: { host: `evil.example:${port}`, [TOKEN_HEADER]: project.token() } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      call.on('error', reject);
      call.end('{}');
    });
    expect(status).toBe(403);
  });

  it('listens on 127.0.0.1 only: the machine\'s other addresses refuse the connection', async () => {
    const external = Object.values(networkInterfaces()).flat().filter((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4');
    for (const entry of external) {
      await expect(fetch(`http://${entry!.address}:${port}${CLAUDE_HTTP_HOOK_PATH}`, { method: 'POST', body: '{}' })).rejects.toThrow();
    }
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('10.0.0.5')).toBe(false);
    expect(isLoopbackAddress('::ffff:192.168.1.2')).toBe(false);
  });

  it('keeps the token and the record 0600 in 0700 folders', async () => {
    const [record] = project.records();
    const tokenPath = `${project.home}/.config/hookpool/serve-token`;
    expect(statSync(tokenPath).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(tokenPath)).mode & 0o777).toBe(0o700);
    expect(statSync(record!).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(record!)).mode & 0o777).toBe(0o700);
  });
});

describe('hookpool serve --http stopping', () => {
  it('on SIGTERM kills the hooks it runs, answers the request in flight and removes its record', async () => {
    const project = await createServeProject();
    try {
      const mark = uniqueSleep();
      await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', command: `sleep ${mark}` }] });
      await project.cli(['trust']);
      const server = project.serve(['--http', '--port', '0']);
      const { port } = await project.waitForServer();
      const input = JSON.parse(project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } })) as object;
      const pending = postHook(port, CLAUDE_HTTP_HOOK_PATH, input, { [TOKEN_HEADER]: project.token() });
      const deadline = Date.now() + 20_000;
      while (livingProcesses(`sleep ${mark}`).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(livingProcesses(`sleep ${mark}`).length).toBeGreaterThan(0);
      server.kill('SIGTERM');
      // The guard's hook was killed: it gave no answer, and PreToolUse fails closed.
      expect((await pending).status).toBe(200);
      await server;
      await expectNoneAlive(`sleep ${mark}`);
      await expectGone(server.pid!);
      expect(project.records()).toEqual([]);
    } finally {
      await project.remove();
    }
  });
});

describe('http hook settings', () => {
  it('names the URL, the token header and the variable Claude Code interpolates into it', () => {
    expect(claudeHttpHookHandler(23456)).toEqual({
      type: 'http',
      url: 'http://127.0.0.1:23456/hooks/claude',
      headers: { 'x-hookpool-token': '$HOOKPOOL_SERVE_TOKEN' },
      allowedEnvVars: ['HOOKPOOL_SERVE_TOKEN'],
    });
    expect(defaultServePort('/some/project')).toBe(defaultServePort('/some/project/'));
    expect(defaultServePort('/some/project')).toBeGreaterThanOrEqual(20_000);
    expect(defaultServePort('/some/project')).toBeLessThan(30_000);
  });
});

describe('hookpool serve --http while its files are edited', () => {
  it('does not run a guard script edited since it was trusted, from the very next request (no wait for the watcher), and answers as run --format claude does', async () => {
    const project = await createServeProject();
    const marker = join(project.root, 'edited-script-ran');
    try {
      await project.write('.hookpool/check.sh', '#!/bin/sh\necho "no rm here" >&2\nexit 2\n');
      await chmod(join(project.dir, '.hookpool', 'check.sh'), 0o755);
      await project.write('.hookpool/hooks.json', { hooks: [{ id: 'check', event: 'PreToolUse', matcher: 'Bash', command: '.hookpool/check.sh' }] });
      await project.cli(['trust']);
      const server = project.serve(['--http', '--port', '0']);
      const { port } = await project.waitForServer();
      const input = project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
      const headers = { [TOKEN_HEADER]: project.token() };
      expect((await postHook(port, CLAUDE_COMMAND_HOOK_PATH, JSON.parse(input) as object, headers)).body).toMatchObject({ exitCode: 2 });
      await project.write('.hookpool/check.sh', `#!/bin/sh\ntouch ${marker}\nexit 0\n`);
      const served = await postHook(port, CLAUDE_COMMAND_HOOK_PATH, JSON.parse(input) as object, headers);
      const run = await project.cli(['run', '--format', 'claude'], { input });
      expect(existsSync(marker)).toBe(false);
      // The same decision as run; the notice comes once per session, and the server said it first.
      expect(served.body.exitCode).toBe(run.exitCode);
      expect(String(served.body.stdout)).toContain('not run: changed since you trusted it (script .hookpool/check.sh changed)');
      server.kill('SIGTERM');
      // The fire's own reload is reported as the watcher's would be.
      expect((await server).stderr).toContain(`${join(project.dir, '.hookpool', 'hooks.json')} changed: its hooks stay off until you run "hookpool trust"`);
    } finally {
      await project.remove();
    }
  });

  it('refuses every guard while its --config file does not load, from the very next request, and runs again once it loads', async () => {
    const project = await createServeProject();
    try {
      const config = await project.write('hooks.json', { hooks: [{ id: 'allow', event: 'PreToolUse', command: 'exit 0' }] });
      const server = project.serve(['--http', '--port', '0', '--config', config]);
      const { port } = await project.waitForServer();
      const input = JSON.parse(project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } })) as object;
      const headers = { [TOKEN_HEADER]: project.token() };
      expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, input, headers)).body).toEqual({});
      await writeFile(config, '{"hooks": [{"id": "guard",');
      const broken = await postHook(port, CLAUDE_HTTP_HOOK_PATH, input, headers);
      expect(broken.body).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
      expect(JSON.stringify(broken.body)).toContain('hooks.json');
      await writeFile(config, JSON.stringify({ hooks: [{ id: 'allow', event: 'PreToolUse', command: 'exit 0' }] }));
      expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, input, headers)).body).toEqual({});
      server.kill('SIGTERM');
      await server;
    } finally {
      await project.remove();
    }
  });
});
