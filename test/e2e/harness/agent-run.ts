// One run of a real agent against its mock model, as every driver in agents/ does it: the mock
// answers in the agent's API (the driver's dialect), the agent starts in a process group of its
// own with the run's tag variable, is killed at the timeout, and once it exits every process of
// the run is ended (end-run.ts) before the run is reported. A driver says only what is particular
// to its agent: how it is started and pointed at the mock, and how its API is spoken.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Conversation } from './conversation.js';
import type { AgentDriver, AgentName, AgentRun, AgentRunOptions } from './driver.js';
import { endRun } from './end-run.js';
import { findAgentBinary } from './find-agent.js';
import { startMockServer, type RecordedRequest } from './mock-server.js';

/** How the agent is started: its arguments, its environment (before the test's variables), and what it reads on stdin (none: stdin is closed). */
export interface Launch {
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly stdin?: string;
}

export interface AgentDialect {
  /** The agent, and its executable's name in the pinned install (node_modules/.bin). */
  readonly name: AgentName;
  /**
   * The variable every process of a run carries (value: the run's id), which the agent must pass
   * on to its hooks and shell commands: how the ones that left its process group are found.
   */
  readonly tagVariable: string;
  /** Answers one request to the mock model; a main-conversation request takes its answer from `conversation.nextStep()`. */
  answer(request: RecordedRequest, response: ServerResponse, conversation: Conversation, options: AgentRunOptions): void;
  /** Prepares the home and says how the agent is started against the mock model at `mockUrl`. */
  launch(mockUrl: string, options: AgentRunOptions, binary: string): Launch;
}

/** After the agent exits, how long its stdout/stderr may stay open (a leftover child holding them). */
const STDIO_GRACE_MS = 2_000;
const DEFAULT_TIMEOUT_MS = 120_000;

/** HOME, PATH, TMPDIR and the XDG folders, all inside `home` (made here): what every agent's environment starts from. */
export function homeEnv(home: string): Record<string, string> {
  const dirs = {
    TMPDIR: join(home, 'tmp'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  return { HOME: home, PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin', ...dirs };
}

export function createDriver(dialect: AgentDialect): AgentDriver {
  const binary = findAgentBinary(dialect.name);
  return {
    name: dialect.name,
    binary,
    run(options) {
      if (binary === null) return Promise.reject(new Error(`${dialect.name} is not installed (test/e2e/agents-install)`));
      return runAgent(dialect, binary, options);
    },
  };
}

async function runAgent(dialect: AgentDialect, binary: string, options: AgentRunOptions): Promise<AgentRun> {
  const conversation = new Conversation(options.steps);
  const mock = await startMockServer((request, response) => dialect.answer(request, response, conversation, options));
  try {
    const launch = dialect.launch(mock.url, options, binary);
    const outcome = await runTagged(dialect, binary, launch, options);
    return { ...outcome, toolResults: conversation.toolResults, modelInputs: conversation.modelInputs, mainRequests: conversation.mainRequests };
  } finally {
    await mock.close();
  }
}

/** Runs the agent to its exit (or the timeout), then ends every process of the run. */
async function runTagged({ name, tagVariable }: AgentDialect, binary: string, launch: Launch, options: AgentRunOptions): Promise<Pick<AgentRun, 'exitCode' | 'signal' | 'stdout' | 'stderr'>> {
  const tag = randomUUID();
  const env = { ...launch.env, ...options.env, [tagVariable]: tag };
  const child = spawn(binary, launch.args, { cwd: options.projectDir, env, detached: true, stdio: [launch.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  if (launch.stdin !== undefined) {
    // The agent may exit before reading it.
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(launch.stdin);
  }
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const pgid = child.pid;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timer = setTimeout(() => {
    stderr += `\n[driver] killed after ${timeoutMs} ms\n`;
    if (pgid !== undefined) void endRun(name, pgid, tagVariable, tag).catch(() => undefined);
  }, timeoutMs);
  let outcome: { code: number | null; signal: NodeJS.Signals | null };
  try {
    outcome = await exited;
  } finally {
    clearTimeout(timer);
    if (pgid !== undefined) await endRun(name, pgid, tagVariable, tag);
  }
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, STDIO_GRACE_MS))]);
  return { exitCode: outcome.code, signal: outcome.signal, stdout, stderr };
}
