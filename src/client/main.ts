#!/usr/bin/env node
// `hookpool-client`: the command hook `hookpool init` writes for an agent, answering exactly as
// `hookpool run --format <agent>` would (stdout, stderr, exit 0 or 2), but through the project's
// resident server (`hookpool serve --http`), which it starts when none is running. The call
// carries the session's environment (the hooks get it, as if the agent had run them) and the
// agent's process (the server lives as long as its sessions). It imports only node: modules and
// dependency-free files of this package. When the server cannot answer (it failed mid-call, or
// does not start), the call runs in a one-shot `hookpool run` instead: it is never lost.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT } from '../dialects/exit-codes.js';
import type { AgentAnswer } from '../dialects/dialect.js';
import { findProjectDir } from '../project/find-project-dir.js';
import { DEPTH_VARIABLE } from '../project/nested-run.js';
import { findAgentProcess } from '../project/server/agent-process.js';
import { serverRecordPath, serverSocketPath } from '../project/server/server-paths.js';
import type { HookCallRequest } from '../project/server/server-messages.js';
import { writeToFd } from '../io/raw-stdio.js';
import { readStdinText } from '../io/read-stdin.js';
import { CLIENT_USAGE, parseClientArgs, type ClientArgs } from './client-args.js';
import { callServer, callStartingServer, socketFolderProblem, startServer } from './server-call.js';

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

const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** `hookpool run --format <agent>` in a child: its stdout, stderr and exit code are this call's. */
async function runInChild(args: ClientArgs, input: string, projectDir: string): Promise<number> {
  const { spawn } = await import('node:child_process');
  const runArgs = [
    CLI_MAIN, 'run', '--format', args.dialect,
    ...(args.parts === undefined ? [] : ['--part', args.parts]),
    ...(args.httpPort === undefined ? [] : ['--http-port', String(args.httpPort)]),
    ...(args.agentEvent === undefined ? [] : [args.agentEvent]),
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, runArgs, { cwd: projectDir, stdio: ['pipe', 'inherit', 'inherit'] });
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

function print(answer: AgentAnswer): number {
  if (answer.stdout !== null) writeToFd(1, `${answer.stdout}\n`);
  if (answer.stderr !== null) writeToFd(2, `${answer.stderr}\n`);
  return answer.exitCode;
}

async function main(): Promise<number> {
  const args = parseClientArgs(process.argv.slice(2));
  if (args === 'help') return (writeToFd(1, `${CLIENT_USAGE}\n`), EXIT.proceed);
  if ('problem' in args) return (writeToFd(2, `hookpool-client: ${args.problem}\n${CLIENT_USAGE}\n`), EXIT.blocked);
  const input = (await readStdinText()) ?? '';
  const projectDir = findProjectDir(payloadCwd(input) ?? process.cwd());
  // Called by a hook (the depth mark is set), the client leaves the server out: the server's
  // hooks all run at one depth, so only `run` can count the nesting and stop a cycle.
  if (Number(process.env[DEPTH_VARIABLE] ?? 0) > 0) return runInChild(args, input, projectDir);
  const place = { socketPath: serverSocketPath(projectDir), recordPath: serverRecordPath(projectDir) };
  const socketPath = place.socketPath;
  const folderProblem = socketFolderProblem(dirname(socketPath));
  const call: HookCallRequest = {
    dialect: args.dialect,
    agentEvent: args.agentEvent,
    input,
    env: Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    parts: args.parts,
    agent: findAgentProcess(),
    httpPort: args.httpPort,
  };
  // A socket folder someone else could use is never called: whoever listens there could answer for the guards.
  if (folderProblem !== null && !folderProblem.includes('ENOENT')) {
    writeToFd(2, `hookpool-client: not calling the server: ${dirname(socketPath)} ${folderProblem}\n`);
    return runInChild(args, input, projectDir);
  }
  let answer = folderProblem === null ? await callServer(place, call) : 'absent';
  if (answer === 'absent' && process.env.HOOKPOOL_CLIENT_NO_SERVER !== '1') {
    answer = await callStartingServer(place, call, await startServer(CLI_MAIN, projectDir));
  }
  if (answer !== null && answer !== 'absent') return print(answer);
  return runInChild(args, input, projectDir);
}

// No top-level await: the published executable is this file bundled as CommonJS (scripts/bundle-cli.js).
// A failure of the client itself (its input unreadable, say) refuses, as a guard that cannot run
// must: exit 2, which every agent shows with the one-line reason.
main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    writeToFd(2, `hookpool-client: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = EXIT.blocked;
  },
);
