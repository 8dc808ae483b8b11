// Runs the built CLI (dist/src/cli/hookpool.cjs, the published executable) as a subprocess in a throwaway project with its own
// HOME, so discovery and the trust store never touch the real home directory.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';

export const CLI = fileURLToPath(new URL('../../dist/src/cli/hookpool.cjs', import.meta.url));
export const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

export interface CliResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  /** Written to stdin; without it stdin is closed, so `run` sees no payload. */
  readonly input?: string;
  readonly env?: Record<string, string | undefined>;
}

export interface TempProject {
  readonly root: string;
  readonly home: string;
  readonly dir: string;
  /** Writes a file under the project (an object as 2-space JSON) and returns its absolute path. */
  write(path: string, content: unknown): Promise<string>;
  read(path: string): Promise<string>;
  /** The bundled examples laid out as a project uses them: .hookpool/hooks.json and .hookpool/hooks/. */
  installExamples(): Promise<string>;
  /** Claude Code's stdin for an event in this project (session s1); `fields` add to or override it. */
  claudeInput(event: string, fields?: Record<string, unknown>): string;
  cli(args: readonly string[], options?: RunOptions): Promise<CliResult>;
  /** Starts the CLI without waiting for it, to signal it; stdin is closed. */
  start(args: readonly string[]): ResultPromise;
  remove(): Promise<void>;
}

export async function createTempProject(): Promise<TempProject> {
  const root = await mkdtemp(join(tmpdir(), 'hookpool-cli-'));
  const home = join(root, 'home');
  const dir = join(root, 'project');
  await mkdir(home);
  await mkdir(dir);
  const project: TempProject = {
    root,
    home,
    dir,
    async write(path, content) {
      const target = join(dir, path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
      return target;
    },
    read: (path) => readFile(join(dir, path), 'utf8'),
    async installExamples() {
      await cp(join(EXAMPLES, 'hooks'), join(dir, '.hookpool', 'hooks'), { recursive: true });
      await cp(join(EXAMPLES, 'hookpool.json'), join(dir, '.hookpool', 'hooks.json'));
      return join(dir, '.hookpool', 'hooks.json');
    },
    claudeInput: (event, fields = {}) =>
      JSON.stringify({ session_id: 's1', transcript_path: '/tmp/t.jsonl', cwd: dir, hook_event_name: event, permission_mode: 'default', ...fields }),
    cli: (args, options = {}) => runCli(args, { cwd: dir, home, ...options }),
    start: (args) => execa('node', [CLI, ...args], { cwd: dir, env: cliEnvironment({ home }), extendEnv: false, reject: false, stdin: 'ignore' }),
    remove: () => rm(root, { recursive: true, force: true }),
  };
  return project;
}

/** The CLI's environment: ours, with its own HOME and none of the variables that change its output or behaviour. */
export function cliEnvironment(options: { home: string; env?: Record<string, string | undefined> }): Record<string, string | undefined> {
  // XDG_CACHE_HOME and XDG_STATE_HOME unset: the session-notice ledger and the run log go under the temporary HOME.
  return { ...process.env, HOME: options.home, XDG_CACHE_HOME: undefined, XDG_STATE_HOME: undefined, NO_COLOR: undefined, FORCE_COLOR: undefined, HOOKPOOL_RUN_DEPTH: undefined, CLAUDE_PROJECT_DIR: undefined, ...options.env };
}

export async function runCli(args: readonly string[], options: RunOptions & { cwd: string; home: string }): Promise<CliResult> {
  const result = await execa('node', [CLI, ...args], {
    cwd: options.cwd,
    env: cliEnvironment(options),
    extendEnv: false,
    reject: false,
    stripFinalNewline: false,
    ...(options.input === undefined ? { stdin: 'ignore' as const } : { input: options.input }),
  });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/** A native config with inline `sh -c` hooks, written as .hookpool/hooks.json-style JSON. */
export function nativeConfig(hooks: readonly Record<string, unknown>[]): object {
  return { hooks };
}
