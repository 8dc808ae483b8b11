// hookpool-client as an agent runs it: a real process with the hook input on stdin, answering as
// `hookpool run --format <agent>` does, through the project's server (started when none runs),
// else by running hookpool itself.
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { expectGone, expectNoneAlive, isProcessAlive, livingProcesses, uniqueSleep } from '../helpers/processes.js';
import { CLIENT, createServeProject, type ServeProject } from './serve-harness.js';

async function stopServer(project: ServeProject): Promise<void> {
  for (const path of project.records()) {
    const { pid } = JSON.parse(readFileSync(path, 'utf8')) as { pid: number };
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await expectGone(pid, 20_000);
  }
}

/** A trusted Bash guard that notes its parent's pid (the process that ran it) and refuses; and an input it refuses. */
async function parentNotingGuard(project: ServeProject): Promise<{ parents: string; input: string }> {
  const parents = join(project.root, 'parents.log');
  await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: `echo $PPID >> ${parents}; echo "no rm here" >&2; exit 2` }] });
  await project.cli(['trust']);
  return { parents, input: project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } }) };
}

/** The guard above, called once through the client so its server is up: the supervisor's and the worker's pids. */
async function guardedServer(project: ServeProject): Promise<{ parents: string; input: string; pid: number; workerPid: number }> {
  const guard = await parentNotingGuard(project);
  await project.client(guard.input);
  const { pid } = await project.waitForServer();
  const { workerPid } = await project.status();
  return { ...guard, pid, workerPid };
}

describe('hookpool-client', () => {
  it('answers as run --format claude does, through the server it starts on the first call', async () => {
    const project = await createServeProject();
    try {
      const { parents, input } = await parentNotingGuard(project);
      const run = await project.cli(['run', '--format', 'claude'], { input });
      expect(run.exitCode).toBe(2);

      const first = await project.client(input);
      expect(first).toEqual(run);
      const server = await project.waitForServer();
      expect(server.projectDir).toBe(project.dir);
      const { workerPid } = await project.status();

      const second = await project.client(input);
      expect(second).toEqual(run);
      // The hook's parent is the process that ran it: the server's worker, for both calls.
      const lines = readFileSync(parents, 'utf8').trim().split('\n');
      expect(lines.slice(-2)).toEqual([String(workerPid), String(workerPid)]);
      await stopServer(project);
    } finally {
      await stopServer(project);
      await project.remove();
    }
  });

  it('is answered by the worker while only the supervisor is stopped, and answers itself when the whole server is (SIGSTOP): each hook runs once', async () => {
    const project = await createServeProject();
    try {
      const { parents, input, pid, workerPid } = await guardedServer(project);

      const whileStopped = async (pids: number[]) => {
        for (const stopped of pids) process.kill(stopped, 'SIGSTOP');
        try {
          return await project.client(input);
        } finally {
          for (const stopped of pids) process.kill(stopped, 'SIGCONT');
        }
      };
      const supervisorStopped = await whileStopped([pid]);
      const serverStopped = await whileStopped([pid, workerPid]);

      for (const answer of [supervisorStopped, serverStopped]) expect(answer).toEqual({ exitCode: 2, stdout: '', stderr: expect.stringContaining('no rm here') });
      // The worker accepts on its own: a stopped supervisor is not in a call's way. A stopped
      // server's call ran in the client's own run, and only there.
      const lines = readFileSync(parents, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toBe(String(workerPid));
      expect(lines[2]).not.toBe(String(workerPid));
    } finally {
      await stopServer(project);
      await project.remove();
    }
  });

  it('keeps its worker when the supervisor itself was stopped for longer than the worker may stay silent', async () => {
    const project = await createServeProject();
    try {
      const { parents, input, pid, workerPid } = await guardedServer(project);

      // Longer than the 1 s a worker may go without answering a ping: the supervisor's own pause
      // must not count against the worker when it resumes.
      process.kill(pid, 'SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      process.kill(pid, 'SIGCONT');
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      expect(isProcessAlive(workerPid)).toBe(true);
      expect((await project.status()).workerPid).toBe(workerPid);
      expect(await project.client(input)).toEqual({ exitCode: 2, stdout: '', stderr: expect.stringContaining('no rm here') });
      expect(readFileSync(parents, 'utf8').trim().split('\n').slice(-1)).toEqual([String(workerPid)]);
    } finally {
      await stopServer(project);
      await project.remove();
    }
  });

  it('prints its usage for --help and one line for a wrong argument, starting no server', async () => {
    const project = await createServeProject();
    try {
      const help = await project.client('', {}, ['--help']);
      const wrong = await project.client('', {}, ['--format', 'aider']);
      expect(help.exitCode).toBe(0);
      expect(help.stdout).toContain('usage: hookpool-client');
      expect(wrong.exitCode).toBe(2);
      expect(wrong.stderr.split('\n')[0]).toBe('hookpool-client: --format aider: expected one of claude, gemini, cursor, copilot, codex');
      expect(project.records()).toEqual([]);
    } finally {
      await project.remove();
    }
  });

  it("speaks another agent's dialect through the same server (--format gemini)", async () => {
    const project = await createServeProject();
    try {
      await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: 'echo "no rm here" >&2; exit 2' }] });
      await project.cli(['trust']);
      const input = JSON.stringify({ session_id: 'g1', cwd: project.dir, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } });
      const answer = await project.client(input, {}, ['--format', 'gemini', 'BeforeTool']);
      expect(answer.exitCode).toBe(0);
      expect(JSON.parse(answer.stdout)).toMatchObject({ decision: 'deny', reason: 'no rm here' });
      expect(project.records()).toHaveLength(1);
    } finally {
      await stopServer(project);
      await project.remove();
    }
  });

  it('answers a Stop with no hooks with no output and exit 0, through the server', async () => {
    const project = await createServeProject();
    try {
      const server = project.serve(['--http', '--port', '0']);
      await project.waitForServer();
      expect(await project.client(project.claudeInput('Stop'))).toEqual({ exitCode: 0, stdout: '', stderr: '' });
      server.kill('SIGTERM');
      await server;
    } finally {
      await project.remove();
    }
  });

  it('killed by its caller (a hook timeout, Ctrl-C) while running hookpool itself, leaves no hook running', async () => {
    const project = await createServeProject();
    try {
      const sleep = uniqueSleep();
      await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', command: `sleep ${sleep}`, timeout: 60_000 }] });
      await project.cli(['trust']);
      const client = execa('node', [CLIENT], { cwd: project.dir, env: { ...project.env, HOOKPOOL_CLIENT_NO_SERVER: '1' }, extendEnv: false, reject: false, input: project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } }) });
      await expect.poll(() => livingProcesses(`sleep ${sleep}`).length, { timeout: 20_000 }).toBeGreaterThan(0);
      client.kill('SIGTERM');
      await client;
      await expectNoneAlive(`sleep ${sleep}`, 10_000);
    } finally {
      await project.remove();
    }
  });

  it('loads no node_modules file on its hot path (server up)', async () => {
    const project = await createServeProject();
    try {
      const server = project.serve(['--http', '--port', '0']);
      await project.waitForServer();
      const log = join(project.root, 'loaded.log');
      const loader = `import { appendFileSync } from 'node:fs'; export async function resolve(specifier, context, next) { const resolved = await next(specifier, context); appendFileSync(${JSON.stringify(log)}, resolved.url + '\\n'); return resolved; }`;
      const register = join(project.root, 'register.mjs');
      writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(loader)}`)});\n`);
      const result = await execa('node', ['--import', register, CLIENT], { cwd: project.dir, env: project.env, extendEnv: false, reject: false, input: project.claudeInput('Stop') });
      expect(result.exitCode).toBe(0);
      const loaded = readFileSync(log, 'utf8').trim().split('\n');
      expect(loaded.some((url) => url.endsWith('/dist/src/client/hookpool-client.cjs'))).toBe(true);
      expect(loaded.filter((url) => url.includes('node_modules'))).toEqual([]);
      expect(loaded.filter((url) => !url.startsWith('node:') && !url.startsWith('file:'))).toEqual([]);
      server.kill('SIGTERM');
      await server;
    } finally {
      await project.remove();
    }
  });
  it('called by a hook (HOOKPOOL_RUN_DEPTH set), leaves the server out so run counts the nesting and stops a cycle', async () => {
    const project = await createServeProject();
    try {
      const parents = join(project.root, 'parents.log');
      await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: `echo $PPID >> ${parents}; exit 0` }] });
      await project.cli(['trust']);
      const server = project.serve(['--http', '--port', '0']);
      const { pid } = await project.waitForServer();
      const input = project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
      const nested = await project.client(input, { HOOKPOOL_RUN_DEPTH: '1' });
      expect(nested.exitCode).toBe(0);
      expect(readFileSync(parents, 'utf8').trim()).not.toBe(String(pid));
      const tooDeep = await project.client(input, { HOOKPOOL_RUN_DEPTH: '3' });
      expect(JSON.parse(tooDeep.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
      expect(tooDeep.stdout).toContain('running inside its own hooks 3 levels deep');
      server.kill('SIGTERM');
      await server;
    } finally {
      await project.remove();
    }
  });

  it("passes a CLAUDE_ENV_FILE whose path is not Latin-1 to the server intact", async () => {
    const project = await createServeProject();
    try {
      await project.write('.hookpool/hooks.json', { hooks: [{ event: 'SessionStart', command: 'echo "export FROM_HOOK=1" >> "$CLAUDE_ENV_FILE"' }] });
      await project.cli(['trust']);
      const server = project.serve(['--http', '--port', '0']);
      await project.waitForServer();
      const envFile = join(project.root, 'env-用户 é.sh');
      writeFileSync(envFile, '');
      const result = await project.client(project.claudeInput('SessionStart', { source: 'startup' }), { CLAUDE_ENV_FILE: envFile });
      expect(result.exitCode).toBe(0);
      expect(readFileSync(envFile, 'utf8')).toBe('export FROM_HOOK=1\n');
      server.kill('SIGTERM');
      await server;
    } finally {
      await project.remove();
    }
  });

  it('refuses with exit 2 and one line, no stack trace, when it cannot even read its input', async () => {
    const project = await createServeProject();
    const directory = openSync(project.dir, 'r');
    try {
      const result = await execa('node', [CLIENT], { cwd: project.dir, env: project.env, extendEnv: false, reject: false, stdin: directory });
      expect(result.exitCode).toBe(2);
      expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^hookpool-client: .*EISDIR/)]);
    } finally {
      closeSync(directory);
      await project.remove();
    }
  });
});
