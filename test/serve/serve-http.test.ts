// `hookpool serve --http` as Claude Code's http hooks and hookpool-client reach it: real server
// processes (a supervisor holding the port and the socket, a worker running the hooks), a real
// HTTP client, loopback only, answers only for the user's own processes, the discovery record.
import { existsSync, statSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectGone, expectNoneAlive, isProcessAlive, livingProcesses, uniqueSleep } from '../helpers/processes.js';
import { readRunRecords } from '../../src/project/run-log.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../src/engine/payload-limit.js';
import { CLAUDE_HTTP_HOOK_PATH, claudeHttpHookUrl, defaultServePort } from '../../src/project/server/server-address.js';
import { createServeProject, environmentNames, execa, postHook, waitUntil, type ServeProject } from './serve-harness.js';

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

  it('answers a Claude Code http hook, with no token, with the JSON decision an exit 2 would have carried', async () => {
    const input = JSON.parse(project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } })) as object;
    const { status, body } = await postHook(port, CLAUDE_HTTP_HOOK_PATH, input);
    expect(status).toBe(200);
    expect(body).toMatchObject({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no rm here' } });
  });

  it('says a Stop refusal as decision "block", and says where an http hook cannot refuse (TaskCompleted)', async () => {
    const stop = await postHook(port, CLAUDE_HTTP_HOOK_PATH, JSON.parse(project.claudeInput('Stop', { stop_hook_active: false })));
    expect(stop.body).toMatchObject({ decision: 'block', reason: 'tests fail' });
    const task = await postHook(port, CLAUDE_HTTP_HOOK_PATH, JSON.parse(project.claudeInput('TaskCompleted', { task_id: 't1', task_subject: 'x' })));
    expect(String(task.body.systemMessage)).toContain('a hook refused TaskCompleted (not done), which an http hook cannot do');
  });

  it('has every hook it ran in the history log once it has stopped', async () => {
    const input = JSON.parse(project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } })) as object;
    for (let i = 0; i < 3; i++) expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, input)).status).toBe(200);
    server.kill('SIGTERM');
    await server;
    const runs = await readRunRecords(join(project.home, '.local', 'state', 'hookpool', 'runs.jsonl'));
    expect(runs.map((run) => [run.event, run.status])).toEqual(Array.from({ length: 3 }, () => ['PreToolUse', 'exit_nonzero']));
  });

  it('answers a call on its socket with what run --format claude prints and exits with', async () => {
    const input = project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    const { body } = await project.call(input);
    const run = await project.cli(['run', '--format', 'claude'], { input });
    expect(body).toEqual({ stdout: null, stderr: run.stderr.trimEnd(), exitCode: run.exitCode });
    expect(run.exitCode).toBe(2);
  });

  it("answers nothing to another user's process on its port: the connection closes, nothing runs", async () => {
    const mark = uniqueSleep();
    await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', command: `sleep ${mark}` }] });
    const input = project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    // The same request from uid 65534 (nobody), as a squatting or snooping local user would send it.
    const script = `require('node:http').request({ host: '127.0.0.1', port: ${port}, path: '${CLAUDE_HTTP_HOOK_PATH}', method: 'POST' }, (r) => console.log('status', r.statusCode)).on('error', (e) => console.log('refused', e.code)).end(process.argv[1])`;
    const stranger = await execa(process.execPath, ['-e', script, input], { uid: 65534, gid: 65534, reject: false, cwd: '/', extendEnv: false, env: { PATH: process.env.PATH } });
    expect(stranger.stdout, stranger.stderr).toMatch(/^refused (ECONNRESET|EPIPE)$/);
    expect(livingProcesses(`sleep ${mark}`)).toEqual([]);
    // Its own user is answered.
    expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, { hook_event_name: 'Stop', session_id: 's1' })).status).toBe(200);
  });

  it('holds a bounded number of connections and closes those that send nothing: 300 idle ones are gone within seconds, and calls are answered again', async () => {
    const idle = Array.from({ length: 300 }, () => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      return new Promise((resolve) => socket.once('close', resolve));
    });
    // Every one is closed by the server: beyond its cap at once, the others once they have been silent too long.
    await Promise.all(idle);
    const input = JSON.parse(project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } })) as object;

    expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, input)).body).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });

  it('answers a bad body or an unknown event with 400 and a one-line error, and keeps serving', async () => {
    const notJson = await fetch(`http://127.0.0.1:${port}${CLAUDE_HTTP_HOOK_PATH}`, { method: 'POST', body: '[1,2' });
    expect(notJson.status).toBe(400);
    const unknown = await postHook(port, CLAUDE_HTTP_HOOK_PATH, { hook_event_name: 'PreTooolUse' });
    expect(unknown.status).toBe(400);
    expect(String(unknown.body.error)).toMatch(/unknown event "PreTooolUse"/);
    expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, { hook_event_name: 'Stop', session_id: 's1' })).status).toBe(200);
  });

  it('refuses a guard whose hook input is over the payload limit in its answer, and keeps serving', async () => {
    const huge = { hook_event_name: 'PreToolUse', session_id: 's1', tool_name: 'Write', tool_input: { file_path: 'a', content: 'x'.repeat(DEFAULT_MAX_PAYLOAD_BYTES) } };
    const refused = await postHook(port, CLAUDE_HTTP_HOOK_PATH, huge);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    expect(JSON.stringify(refused.body)).toContain(`over ${DEFAULT_MAX_PAYLOAD_BYTES} bytes`);
    expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, { hook_event_name: 'Stop', session_id: 's1' })).status).toBe(200);
  });

  it('refuses a Host header that is not its own loopback address (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const call = request({ host: '127.0.0.1', port, path: CLAUDE_HTTP_HOOK_PATH, method: 'POST', headers: { host: `evil.example:${port}` } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      call.on('error', reject);
      call.end('{}');
    });
    expect(status).toBe(403);
  });

  it("listens on 127.0.0.1 only: the machine's other addresses refuse the connection", async () => {
    const external = Object.values(networkInterfaces()).flat().filter((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4');
    for (const entry of external) {
      await expect(fetch(`http://${entry!.address}:${port}${CLAUDE_HTTP_HOOK_PATH}`, { method: 'POST', body: '{}' })).rejects.toThrow();
    }
  });

  it('keeps its record 0600 and its sockets in 0700 folders, and writes no token anywhere', async () => {
    const [record] = project.records();
    expect(statSync(record!).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(record!)).mode & 0o777).toBe(0o700);
    expect(statSync(dirname(project.socket)).mode & 0o777).toBe(0o700);
    expect(existsSync(join(project.home, '.config', 'hookpool', 'serve-token'))).toBe(false);
  });
});

describe("hookpool serve --http and the sessions' environments", () => {
  it("gives each session's hooks that session's environment, never another's, and keeps none of it in its own", async () => {
    const project = await createServeProject();
    try {
      const seen = join(project.root, 'seen');
      await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PostToolUse', command: `echo "$MARK $CLAUDE_CODE_SESSION_ID" >> ${seen}`, env: { inherit: 'all' } }] });
      await project.cli(['trust']);
      // The first call starts the server, as SessionStart's entry does: with a minimal environment.
      const sessions = ['s1', 's2'] as const;
      for (const session of sessions) {
        const started = await project.client(project.claudeInput('SessionStart', { session_id: session, source: 'startup' }), { MARK: `mark-${session}`, CLAUDE_CODE_SESSION_ID: session, FOO_API_KEY: 'secret' });
        expect(started.exitCode).toBe(0);
      }
      const { port, pid } = await project.waitForServer();
      // Claude Code's http hooks carry no environment: each session's is the one its client call told.
      for (const session of ['s2', 's1'] as const) {
        await postHook(port, CLAUDE_HTTP_HOOK_PATH, JSON.parse(project.claudeInput('PostToolUse', { session_id: session, tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: {} })));
      }
      const { workerPid } = await project.status();

      expect((await import('node:fs')).readFileSync(seen, 'utf8')).toBe('mark-s2 s2\nmark-s1 s1\n');
      for (const serverPid of [pid, workerPid]) {
        expect(environmentNames(serverPid)).not.toContain('FOO_API_KEY');
        expect(environmentNames(serverPid)).not.toContain('MARK');
      }
      process.kill(pid, 'SIGTERM');
      await expectGone(pid, 10_000);
    } finally {
      await project.remove();
    }
  });

  it("runs an http hook of a session it was never told about with its own minimal environment, and says so", async () => {
    const project = await createServeProject();
    try {
      await project.write('.hookpool/hooks.json', { hooks: [{ event: 'Stop', command: 'true' }] });
      await project.cli(['trust']);
      const server = project.serve(['--http', '--port', '0']);
      const { port } = await project.waitForServer();
      const { body } = await postHook(port, CLAUDE_HTTP_HOOK_PATH, JSON.parse(project.claudeInput('Stop', { session_id: 'unknown-session' })));
      expect(String(body.systemMessage)).toContain('has not been told the environment of session unknown-session');
      server.kill('SIGTERM');
      await server;
    } finally {
      await project.remove();
    }
  });
});

describe('hookpool serve --http when its port is taken', () => {
  it("still answers the client, and stops a session whose http hooks would go to whoever holds the port", async () => {
    const project = await createServeProject();
    const squatter = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const taken = (squatter.address() as { port: number }).port;
    try {
      await project.write('.hookpool/hooks.json', { hooks: [BLOCKING] });
      await project.cli(['trust']);
      const server = project.serve(['--http', '--port', String(taken)]);
      const record = await project.waitForServer();
      const bash = project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
      const start = await project.client(project.claudeInput('SessionStart', { source: 'startup' }), {}, ['--format', 'claude', '--http-port', String(taken)]);
      const prompt = await project.client(project.claudeInput('UserPromptSubmit', { prompt: 'go on' }), {}, ['--format', 'claude', '--http-port', String(taken)]);

      expect(record).toMatchObject({ port: 0, httpProblem: expect.stringContaining(`cannot listen on 127.0.0.1:${taken} (EADDRINUSE)`) });
      expect((await project.call(bash)).body).toMatchObject({ exitCode: 2 });
      expect(start.exitCode).toBe(0);
      expect(JSON.parse(start.stdout)).toMatchObject({ continue: false, stopReason: expect.stringContaining(`send http hooks to port ${taken}, but the project's hookpool server does not hold it (it could not listen there: cannot listen on 127.0.0.1:${taken} (EADDRINUSE))`) });
      expect(JSON.parse(prompt.stdout)).toMatchObject({ continue: false, stopReason: expect.stringContaining(`does not hold it`) });
      server.kill('SIGTERM');
      await server;
    } finally {
      squatter.close();
      await project.remove();
    }
  });
});

describe('the http port check when no server answers', () => {
  it("stops the session when another user's program listens on the port, in the client's own run too", async () => {
    const project = await createServeProject();
    // uid 65534 (nobody) listening on the port Claude Code's http entries post to: a squatter.
    const squatter = execa(process.execPath, ['-e', "require('node:net').createServer().listen(0, '127.0.0.1', function () { console.log(this.address().port) })"], { uid: 65534, gid: 65534, cwd: '/', extendEnv: false, env: { PATH: process.env.PATH } });
    try {
      const port = await new Promise<number>((resolve) => squatter.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString()))));
      await project.write('.hookpool/hooks.json', { hooks: [BLOCKING] });
      await project.cli(['trust']);
      const start = project.claudeInput('SessionStart', { source: 'startup' });
      const run = await project.cli(['run', '--format', 'claude', '--http-port', String(port)], { input: start });
      const client = await project.client(project.claudeInput('UserPromptSubmit', { prompt: 'go on' }), { HOOKPOOL_CLIENT_NO_SERVER: '1' }, ['--format', 'claude', '--http-port', String(port)]);
      const own = await project.cli(['run', '--format', 'claude', '--http-port', String(port + 1)], { input: start });

      for (const stopped of [run, client]) {
        expect(stopped.exitCode).toBe(0);
        expect(JSON.parse(stopped.stdout)).toMatchObject({ continue: false, stopReason: expect.stringContaining(`port ${port}, but a program of another user (uid 65534) listens there`) });
      }
      // A port nobody else listens on: the session goes on (a call that reaches nobody is refused by onFailure).
      expect(own).toMatchObject({ exitCode: 0, stdout: '' });
    } finally {
      squatter.kill();
      await squatter.catch(() => undefined);
      await project.remove();
    }
  });
});

describe('hookpool serve --http when its worker dies or stops answering', () => {
  it.each(['SIGKILL', 'SIGSTOP'] as const)('after %s to its worker: the hooks it ran are killed, another worker answers the next call, the sessions are kept', async (signal) => {
    const project = await createServeProject();
    try {
      const mark = uniqueSleep();
      const seen = join(project.root, 'seen');
      await project.write('.hookpool/hooks.json', { hooks: [
        { event: 'Notification', command: `sleep ${mark}`, background: true, timeout: 600_000 },
        { event: 'PostToolUse', command: `echo "$MARK" >> ${seen}`, env: { inherit: 'all' } },
        BLOCKING,
      ] });
      await project.cli(['trust']);
      const server = project.serve(['--http', '--port', '0']);
      const { port } = await project.waitForServer();
      await project.client(project.claudeInput('SessionStart', { source: 'startup' }), { MARK: 'the-session' });
      await postHook(port, CLAUDE_HTTP_HOOK_PATH, JSON.parse(project.claudeInput('Notification', { message: 'hi' })));
      await waitUntil(() => livingProcesses(`sleep ${mark}`).length > 0);
      const { workerPid } = await project.status();

      process.kill(workerPid, signal);
      // Sent while no worker accepts: it waits in the kernel's queue for the next worker.
      const refusal = postHook(port, CLAUDE_HTTP_HOOK_PATH, JSON.parse(project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } })));
      // A stopped worker is taken for dead within about a second: killed, and so are its hooks.
      await expectGone(workerPid, 10_000);
      await expectNoneAlive(`sleep ${mark}`, 10_000);
      // Between workers the port stays the server's: no other program can listen on it.
      const squatter = createServer();
      await expect(new Promise((resolve, reject) => squatter.once('error', reject).listen(port, '127.0.0.1', () => resolve(squatter.close())))).rejects.toMatchObject({ code: 'EADDRINUSE' });
      const refused = await refusal;
      await postHook(port, CLAUDE_HTTP_HOOK_PATH, JSON.parse(project.claudeInput('PostToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: {} })));

      expect(refused.body).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
      expect((await import('node:fs')).readFileSync(seen, 'utf8')).toBe('the-session\n');
      expect((await project.status()).workerPid).not.toBe(workerPid);
      server.kill('SIGTERM');
      expect((await server).stderr).toContain('its worker');
    } finally {
      await project.remove();
    }
  }, 60_000); // a replaced worker under load: the ping timeout, the kill and a new worker's start

  it('killed itself (SIGKILL), takes its worker and their hooks along: nothing outlives it', async () => {
    const project = await createServeProject();
    try {
      const mark = uniqueSleep();
      await project.write('.hookpool/hooks.json', { hooks: [{ event: 'Notification', command: `sleep ${mark}`, background: true, timeout: 600_000 }] });
      await project.cli(['trust']);
      const server = project.serve(['--http', '--port', '0']);
      const { port, pid } = await project.waitForServer();
      await postHook(port, CLAUDE_HTTP_HOOK_PATH, JSON.parse(project.claudeInput('Notification', { message: 'hi' })));
      await waitUntil(() => livingProcesses(`sleep ${mark}`).length > 0);
      const { workerPid } = await project.status();

      process.kill(pid, 'SIGKILL');
      await server;
      await expectGone(workerPid, 10_000);
      await expectNoneAlive(`sleep ${mark}`, 10_000);
      expect(isProcessAlive(pid)).toBe(false);
    } finally {
      await project.remove();
    }
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
      const pending = postHook(port, CLAUDE_HTTP_HOOK_PATH, input);
      await waitUntil(() => livingProcesses(`sleep ${mark}`).length > 0);
      server.kill('SIGTERM');
      // The guard's hook was killed: it gave no answer, and PreToolUse fails closed.
      expect((await pending).body).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
      await server;
      await expectNoneAlive(`sleep ${mark}`);
      await expectGone(server.pid!);
      expect(project.records()).toEqual([]);
      expect(existsSync(project.socket)).toBe(false);
    } finally {
      await project.remove();
    }
  });
});

describe('http hook settings', () => {
  it('names the URL, a port derived from the project', () => {
    expect(claudeHttpHookUrl(23456)).toBe('http://127.0.0.1:23456/hookpool/claude-code');
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
      await project.waitForServer();
      const input = project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
      expect((await project.call(input)).body).toMatchObject({ exitCode: 2 });
      await project.write('.hookpool/check.sh', `#!/bin/sh\ntouch ${marker}\nexit 0\n`);
      const served = await project.call(input);
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
      expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, input)).body).not.toHaveProperty('hookSpecificOutput');
      await writeFile(config, '{"hooks": [{"id": "guard",');
      const broken = await postHook(port, CLAUDE_HTTP_HOOK_PATH, input);
      expect(broken.body).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
      expect(JSON.stringify(broken.body)).toContain('hooks.json');
      await writeFile(config, JSON.stringify({ hooks: [{ id: 'allow', event: 'PreToolUse', command: 'exit 0' }] }));
      expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, input)).body).not.toHaveProperty('hookSpecificOutput');
      server.kill('SIGTERM');
      await server;
    } finally {
      await project.remove();
    }
  });
});
