// When a server stops on its own (idle, its agent gone), and how it treats another server's
// record: a live one refuses the second server, a stale one is replaced.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectGone, expectNoneAlive, livingProcesses, uniqueSleep } from '../helpers/processes.js';
import { serverRecordPath } from '../../src/project/server/server-paths.js';
import { CLAUDE_HTTP_HOOK_PATH, TOKEN_HEADER } from '../../src/project/server/server-address.js';
import { createServeProject, postHook } from './serve-harness.js';

async function waitUntil(condition: () => boolean, withinMs = 20_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!condition()) throw new Error('condition not met in time');
}

describe('hookpool serve lifetime', () => {
  it('stops after --idle-timeout without requests, killing the background hooks still running, and removes its record', async () => {
    const project = await createServeProject();
    try {
      const mark = uniqueSleep();
      await project.write('.hookpool/hooks.json', { hooks: [{ event: 'Stop', background: true, timeout: 3000, command: `sleep ${mark}` }] });
      await project.cli(['trust']);
      const server = project.serve(['--http', '--port', '0', '--idle-timeout', '1']);
      const { port } = await project.waitForServer();
      const input = JSON.parse(project.claudeInput('Stop')) as object;
      expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, input, { [TOKEN_HEADER]: project.token() })).status).toBe(200);
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
      expect((await postHook(port, CLAUDE_HTTP_HOOK_PATH, JSON.parse(project.claudeInput('Stop')) as object, { [TOKEN_HEADER]: project.token() })).status).toBe(200);
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

  it('replaces a stale record (its pid is dead)', async () => {
    const project = await createServeProject();
    try {
      const dead = spawn('true');
      await new Promise((resolve) => dead.on('close', resolve));
      const path = serverRecordPath(project.dir, { HOME: project.home });
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, JSON.stringify({ port: 1, pid: dead.pid, projectDir: project.dir }), { mode: 0o600 });
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
      expect(result.stderr).toBe('hookpool: serve: choose --http, --stdio or both\n');
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
