// Real `hookpool serve` processes in a throwaway project with its own HOME (token, discovery
// records and trust store land there), and helpers to wait on them without timed assertions.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { CLI, createTempProject, type TempProject } from '../cli/cli-harness.js';

export const CLIENT = fileURLToPath(new URL('../../dist/src/client/hookpool-client.cjs', import.meta.url));

export interface ServeProject extends TempProject {
  /** The environment every process of this project gets: its HOME, nothing of the caller's config. */
  readonly env: Record<string, string | undefined>;
  /** Starts `hookpool serve <args>` with stdin piped (JSON-RPC) or ignored. */
  serve(args: readonly string[], options?: { stdin?: 'pipe' | 'ignore' }): ResultPromise;
  /** The token file's content, once the first server made it. */
  token(): string;
  /** Waits for the project's discovery record with a bound port; returns it. */
  waitForServer(withinMs?: number): Promise<{ port: number; pid: number; projectDir: string }>;
  /** Paths of discovery records under this HOME. */
  records(): string[];
  /** Runs hookpool-client with `input` on stdin. */
  client(input: string, env?: Record<string, string | undefined>): Promise<{ exitCode: number; stdout: string; stderr: string }>;
}

export async function createServeProject(): Promise<ServeProject> {
  const project = await createTempProject();
  const env = { ...process.env, HOME: project.home, XDG_CONFIG_HOME: undefined, XDG_CACHE_HOME: undefined, HOOKPOOL_RUN_DEPTH: undefined, CLAUDE_PROJECT_DIR: undefined, NO_COLOR: '1' };
  const serversDir = join(project.home, '.config', 'hookpool', 'servers');
  const records = () => (existsSync(serversDir) ? readdirSync(serversDir).filter((name) => name.endsWith('.json')).map((name) => join(serversDir, name)) : []);
  return {
    ...project,
    env,
    serve: (args, options = {}) =>
      execa('node', [CLI, 'serve', ...args], { cwd: project.dir, env, extendEnv: false, reject: false, stdin: options.stdin ?? 'ignore', buffer: { stdout: options.stdin !== 'pipe' } }),
    token: () => readFileSync(join(project.home, '.config', 'hookpool', 'serve-token'), 'utf8').trim(),
    records,
    async waitForServer(withinMs = 20_000) {
      const deadline = Date.now() + withinMs;
      for (;;) {
        for (const path of records()) {
          try {
            const record = JSON.parse(readFileSync(path, 'utf8')) as { port: number; pid: number; projectDir: string };
            if (record.port > 0) return record;
          } catch {
            // Being written: read again.
          }
        }
        if (Date.now() > deadline) throw new Error('no server record appeared');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async client(input, extraEnv = {}) {
      const result = await execa('node', [CLIENT], { cwd: project.dir, env: { ...env, ...extraEnv }, extendEnv: false, reject: false, input, stripFinalNewline: false });
      return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
    },
  };
}

/** POSTs a hook input to a server path with the given headers; the status and parsed body. */
export async function postHook(port: number, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
