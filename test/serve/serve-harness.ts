// Real `hookpool serve` processes in a throwaway project with its own HOME (records, sockets and
// trust store land there), and helpers to reach them as Claude Code's http hooks and
// hookpool-client do, waiting on conditions, never on the clock.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { CLI, createTempProject, type TempProject } from '../cli/cli-harness.js';
import { serverSocketPath } from '../../src/project/server/server-paths.js';
import { CALL_PATH, STATUS_PATH, type HookCallRequest, type ServerStatus } from '../../src/project/server/server-messages.js';

export const CLIENT = fileURLToPath(new URL('../../dist/src/client/hookpool-client.cjs', import.meta.url));

export interface ServerRecordFile {
  readonly port: number;
  readonly pid: number;
  readonly projectDir: string;
  readonly httpProblem?: string;
}

export interface ServeProject extends TempProject {
  /** The environment every process of this project gets: its HOME, nothing of the caller's config. */
  readonly env: Record<string, string | undefined>;
  /** Starts `hookpool serve <args>` with stdin piped (JSON-RPC) or ignored. */
  serve(args: readonly string[], options?: { stdin?: 'pipe' | 'ignore' }): ResultPromise;
  /** Waits for the project's discovery record with a bound port (or an http problem); returns it. */
  waitForServer(withinMs?: number): Promise<ServerRecordFile>;
  /** Paths of discovery records under this HOME. */
  records(): string[];
  /** The socket hookpool-client calls. */
  readonly socket: string;
  /** The server's status over its socket. */
  status(): Promise<ServerStatus>;
  /** One call on the socket, as hookpool-client makes it (defaults: Claude Code, this project's env). */
  call(input: string, fields?: Partial<HookCallRequest>): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Runs hookpool-client with `input` on stdin. */
  client(input: string, env?: Record<string, string | undefined>, args?: readonly string[]): Promise<{ exitCode: number; stdout: string; stderr: string }>;
}

export async function createServeProject(): Promise<ServeProject> {
  const project = await createTempProject();
  const env = { ...process.env, HOME: project.home, XDG_CONFIG_HOME: undefined, XDG_CACHE_HOME: undefined, XDG_RUNTIME_DIR: undefined, HOOKPOOL_RUN_DEPTH: undefined, CLAUDE_PROJECT_DIR: undefined, NO_COLOR: '1' };
  const serversDir = join(project.home, '.config', 'hookpool', 'servers');
  const records = () => (existsSync(serversDir) ? readdirSync(serversDir).filter((name) => name.endsWith('.json')).map((name) => join(serversDir, name)) : []);
  const socket = serverSocketPath(project.dir, { HOME: project.home });
  const onSocket = (method: string, path: string, body?: string) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const sent = request({ socketPath: socket, path, method, headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown> }));
      });
      sent.on('error', reject);
      sent.end(body);
    });
  return {
    ...project,
    env,
    socket,
    serve: (args, options = {}) =>
      execa('node', [CLI, 'serve', ...args], { cwd: project.dir, env, extendEnv: false, reject: false, stdin: options.stdin ?? 'ignore', buffer: { stdout: options.stdin !== 'pipe' } }),
    records,
    async waitForServer(withinMs = 20_000) {
      const deadline = Date.now() + withinMs;
      for (;;) {
        for (const path of records()) {
          try {
            const record = JSON.parse(readFileSync(path, 'utf8')) as ServerRecordFile;
            if (record.port > 0 || record.httpProblem !== undefined) return record;
          } catch {
            // Being written: read again.
          }
        }
        if (Date.now() > deadline) throw new Error('no server record appeared');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    status: async () => (await onSocket('GET', STATUS_PATH)).body as unknown as ServerStatus,
    call: (input, fields = {}) => onSocket('POST', CALL_PATH, JSON.stringify({ dialect: 'claude', input, env: { PATH: process.env.PATH ?? '' }, ...fields })),
    async client(input, extraEnv = {}, args = []) {
      const result = await execa('node', [CLIENT, ...args], { cwd: project.dir, env: { ...env, ...extraEnv }, extendEnv: false, reject: false, input, stripFinalNewline: false });
      return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
    },
  };
}

/** POSTs a hook input to a server's loopback port, as a Claude Code http hook does; the status and parsed body. */
export async function postHook(port: number, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Polls until `condition` holds, or fails. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, withinMs = 20_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The names in a process's initial environment (/proc/<pid>/environ). */
export function environmentNames(pid: number): string[] {
  return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').filter(Boolean).map((entry) => entry.slice(0, entry.indexOf('=')));
}

export { execa };
