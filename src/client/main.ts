#!/usr/bin/env node
// `hookpool-client`: a command hook for Claude Code (or any agent speaking its protocol) that
// answers exactly as `hookpool run --format claude` would (stdout, stderr, exit 0 or 2), but
// through the project's running `hookpool serve --http`, so a call costs a node start and one
// loopback request instead of loading hookpool. It imports only node: modules and dependency-free
// files of this package. No server up: it runs `hookpool run --format claude` itself (the call is
// never lost) and starts a detached server for the next call.
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { ClaudeAnswer } from '../dialects/claude/answer.js';
import { EXIT } from '../dialects/exit-codes.js';
import { findProjectDir } from '../project/find-project-dir.js';
import { DEPTH_VARIABLE } from '../project/nested-run.js';
import { writeToFd } from '../io/raw-stdio.js';
import { readStdinText } from '../io/read-stdin.js';
import { CLAUDE_COMMAND_HOOK_PATH, ENV_FILE_HEADER, TOKEN_HEADER } from '../project/server/server-address.js';
import { DEFAULT_IDLE_TIMEOUT_MS } from '../serve/lifetime.js';
import { serverRecordPath } from '../project/server/server-paths.js';
import { readLiveServerRecord, type ServerRecord } from '../project/server/server-record.js';
import { readServeToken } from '../project/server/server-token.js';

const CLI_MAIN = fileURLToPath(new URL('../cli/hookpool.cjs', import.meta.url));

/** The payload's cwd, when it is a JSON object that has one: where the project is looked for. */
function payloadCwd(input: string): string | undefined {
  try {
    const payload = JSON.parse(input) as { cwd?: unknown };
    return typeof payload?.cwd === 'string' && payload.cwd !== '' ? payload.cwd : undefined;
  } catch {
    return undefined;
  }
}

/** The server's answer, or null when it could not give one (then the call runs here). */
function askServer(record: ServerRecord, token: string, input: string): Promise<ClaudeAnswer | null> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(input), [TOKEN_HEADER]: token };
    // Percent-encoded: a header carries only Latin-1 text, a path may hold any character.
    if (process.env.CLAUDE_ENV_FILE) headers[ENV_FILE_HEADER] = encodeURIComponent(process.env.CLAUDE_ENV_FILE);
    const call = request({ host: '127.0.0.1', port: record.port, path: CLAUDE_COMMAND_HOOK_PATH, method: 'POST', headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', () => resolve(null));
      response.on('end', () => {
        if (response.statusCode !== 200) return resolve(null);
        try {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ClaudeAnswer;
          resolve(answer.exitCode === EXIT.proceed || answer.exitCode === EXIT.blocked ? answer : null);
        } catch {
          resolve(null);
        }
      });
    });
    call.on('error', () => resolve(null));
    call.end(input);
  });
}

const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

// node:child_process is loaded only when there is no server to ask: it is a good part of the client's start-up.
const loadSpawn = async () => (await import('node:child_process')).spawn;

/** `hookpool run --format claude` in a child: its stdout, stderr and exit code are this call's. */
async function runInChild(input: string, projectDir: string): Promise<number> {
  const spawn = await loadSpawn();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI_MAIN, 'run', '--format', 'claude'], { cwd: projectDir, stdio: ['pipe', 'inherit', 'inherit'] });
    child.on('error', (error) => {
      writeToFd(2, `hookpool-client: cannot run hookpool: ${error.message}\n`);
      resolve(EXIT.blocked);
    });
    // Killed by its caller (a hook timeout, Ctrl-C), the client passes the signal on: `run` then
    // kills its hooks and exits, and so does the client, instead of leaving them running.
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
    child.on('close', (code) => {
      for (const signal of FORWARDED_SIGNALS) process.off(signal, forward);
      resolve(code ?? EXIT.blocked);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/** A detached `serve --http` for the project, for the next call; it stops after the default idle timeout. */
async function startServer(projectDir: string): Promise<void> {
  const spawn = await loadSpawn();
  const args = [CLI_MAIN, 'serve', '--http', '--port', '0', '--idle-timeout', String(DEFAULT_IDLE_TIMEOUT_MS / 1000), '--cwd', projectDir];
  try {
    spawn(process.execPath, args, { cwd: projectDir, detached: true, stdio: 'ignore' }).unref();
  } catch {
    // The call itself is answered either way; the next one tries again.
  }
}

async function main(): Promise<number> {
  const input = (await readStdinText()) ?? '';
  const projectDir = findProjectDir(payloadCwd(input) ?? process.cwd());
  // Called by a hook (the depth mark is set), the client leaves the server out: the server's
  // hooks all run at one depth, so only `run` can count the nesting and stop a cycle.
  const nested = Number(process.env[DEPTH_VARIABLE] ?? 0) > 0;
  const record = nested ? null : readLiveServerRecord(serverRecordPath(projectDir));
  const token = readServeToken();
  if (record !== null && record.port > 0 && token !== null) {
    const answer = await askServer(record, token, input);
    if (answer !== null) {
      if (answer.stdout !== null) writeToFd(1, `${answer.stdout}\n`);
      if (answer.stderr !== null) writeToFd(2, `${answer.stderr}\n`);
      return answer.exitCode;
    }
  }
  // No live record at all: start one (a record with port 0 is a server still starting).
  if (record === null && !nested && process.env.HOOKPOOL_CLIENT_NO_SERVER !== '1') await startServer(projectDir);
  return runInChild(input, projectDir);
}

// No top-level await: the published executable is this file bundled as CommonJS (scripts/bundle-cli.js).
// A failure of the client itself (its input unreadable, say) refuses, as a guard that cannot run
// must: exit 2, which Claude Code shows with the one-line reason.
main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    writeToFd(2, `hookpool-client: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = EXIT.blocked;
  },
);
