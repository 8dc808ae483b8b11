// When a server stops on its own (its agent sessions over, idle, its parent gone), and how it
// treats another server's record: a live one refuses the second server, a stale one is replaced.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectGone, expectNoneAlive, livingProcesses, uniqueSleep } from '../helpers/processes.js';
import { serverRecordPath } from '../../src/project/server/server-paths.js';
import { CLAUDE_HTTP_HOOK_PATH } from '../../src/project/server/server-address.js';
import { CLIENT, createServeProject, postHook, waitUntil } from './serve-harness.js';

describe('hookpool serve lifetime', () => {
  it('lives as long as the agent sessions it served, past its idle timeout, and stops within seconds of the last one', async () => {
    const project = await createServeProject();
    try {
      await project.write('.hookpool/hooks.json', { hooks: [{ event: 'Stop', command: 'true' }] });
      await project.cli(['trust']);
      // Two "agents": processes that run hookpool-client as their SessionStart hook, then live on until told to stop.
      const agentScript = `const { execFileSync } = require('node:child_process'); execFileSync(process.execPath, [${JSON.stringify(CLIENT)}], { input: process.argv[1], stdio: ['pipe', 'ignore', 'ignore'] }); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`;
      const agents = ['a1', 'a2'].map((session) =>
        spawn(process.execPath, ['-e', agentScript, project.claudeInput('SessionStart', { session_id: session, source: 'startup' })], { cwd: project.dir, env: project.env, stdio: ['pipe', 'ignore', 'ignore'] }),
      );
      const { pid } = await project.waitForServer();
      await waitUntil(async () => (await project.status()).sessions === 2);
      const idle = project.serve(['--http', '--port', '0', '--idle-timeout', '1']);
      // A second server for the project is refused: the first keeps it.
      expect((await idle).exitCode).toBe(1);

      agents[0]!.stdin!.end();
      await new Promise((resolve) => agents[0]!.once('exit', resolve));
      // One session left: the server stays (its default idle timeout is not what ends it).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(process.kill(pid, 0)).toBe(true);
      agents[1]!.stdin!.end();
      await new Promise((resolve) => agents[1]!.once('exit', resolve));
      await expectGone(pid, 10_000);
      expect(project.records()).toEqual([]);
    } finally {
      await project.remove();
    }
  });


  it('stops after --idle-timeout without requests, killing the background hooks still running, and removes its record', async () => {
    const project = await createServeProject();
    try {
      const mark = uniqueSleep();
      await project.write('.hookpool/hooks.json', { hooks: [{ event: 'Stop', background: true, timeout: 3000, command: `sleep ${mark}` }] });
      await project.cli(['trust']);
      const server = project.serve(['--http', '--port', '0', '--idle-timeout', '1']);
      const { port } = await project.waitForServer();
      const input = JSON.parse(project.claudeInput('Stop')) as object;
      expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, input)).status).toBe(200);
      await waitUntil(() => livingProcesses(`sleep ${mark}`).length > 0);
      const result = await server;
      expect(result.stderr).toContain('stopping (idle for 1000 ms)');
      await expectNoneAlive(`sleep ${mark}`);
      expect(project.records()).toEqual([]);
    } finally {
      await project.remove();
    }
  });

  it.each(['SIGINT', 'SIGHUP'] as const)('stops on %s, killing its hooks and removing its record', async (signal) => {
    const project = await createServeProject();
    try {
      const mark = uniqueSleep();
      await project.write('.hookpool/hooks.json', { hooks: [{ event: 'Stop', background: true, timeout: 3000, command: `sleep ${mark}` }] });
      await project.cli(['trust']);
      const server = project.serve(['--http', '--port', '0']);
      const { port } = await project.waitForServer();
      expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, JSON.parse(project.claudeInput('Stop')) as object)).status).toBe(200);
      await waitUntil(() => livingProcesses(`sleep ${mark}`).length > 0);
      server.kill(signal);
      expect((await server).stderr).toContain(`stopping (${signal})`);
      await expectNoneAlive(`sleep ${mark}`);
      expect(project.records()).toEqual([]);
    } finally {
      await project.remove();
    }
  });

  it('stops when its --parent-pid exits', async () => {
    const project = await createServeProject();
    const parent = spawn('sleep', [uniqueSleep()], { stdio: 'ignore' });
    try {
      const server = project.serve(['--http', '--port', '0', '--parent-pid', String(parent.pid)]);
      await project.waitForServer();
      parent.kill('SIGKILL');
      const result = await server;
      expect(result.stderr).toContain(`parent process ${parent.pid} is gone`);
      await expectGone(server.pid!);
      expect(project.records()).toEqual([]);
    } finally {
      parent.kill('SIGKILL');
      await project.remove();
    }
  });

  it('refuses a second server for the same project while the first is alive', async () => {
    const project = await createServeProject();
    try {
      const first = project.serve(['--http', '--port', '0']);
      const { pid } = await project.waitForServer();
      const second = await project.cli(['serve', '--http', '--port', '0']);
      expect(second.exitCode).toBe(1);
      expect(second.stderr).toContain(`already runs (pid ${pid}`);
      first.kill('SIGTERM');
      await first;
    } finally {
      await project.remove();
    }
  });

  it.each(['its pid is dead', 'its pid now names another process'] as const)('replaces a stale record (%s)', async (stale) => {
    const project = await createServeProject();
    try {
      const dead = spawn('true');
      await new Promise((resolve) => dead.on('close', resolve));
      // A reused pid: a live process (this test's) whose start time is not the recorded server's.
      const record = stale === 'its pid is dead' ? { pid: dead.pid } : { pid: process.pid, startTicks: 1 };
      const path = serverRecordPath(project.dir, { HOME: project.home });
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, JSON.stringify({ port: 1, ...record, projectDir: project.dir }), { mode: 0o600 });
      const server = project.serve(['--http', '--port', '0']);
      const owner = () => {
        try {
          return (JSON.parse(readFileSync(path, 'utf8')) as { pid: number; port: number });
        } catch {
          return undefined;
        }
      };
      await waitUntil(() => owner()?.pid === server.pid && owner()!.port > 1);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      server.kill('SIGTERM');
      await server;
    } finally {
      await project.remove();
    }
  });

  it('needs --http or --stdio', async () => {
    const project = await createServeProject();
    try {
      const result = await project.cli(['serve']);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toBe('hookpool: serve: choose --http or --stdio\n');
    } finally {
      await project.remove();
    }
  });
  it('refuses --parent-pid 0, which every process would count as alive', async () => {
    const project = await createServeProject();
    try {
      const result = await project.cli(['serve', '--http', '--parent-pid', '0']);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toBe('hookpool: --parent-pid must be a whole number from 1 to 4194304, not "0"\n');
    } finally {
      await project.remove();
    }
  });

  it.each(['3000000', '0', 'soon'])('refuses --idle-timeout %s with a one-line usage error (a Node timer holds at most ~24.8 days)', async (value) => {
    const project = await createServeProject();
    try {
      const result = await project.cli(['serve', '--http', '--idle-timeout', value]);
      expect(result.exitCode).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([expect.stringContaining(`--idle-timeout must be a positive number of seconds up to 2147483, not "${value}"`)]);
      expect(project.records()).toEqual([]);
    } finally {
      await project.remove();
    }
  });
});
