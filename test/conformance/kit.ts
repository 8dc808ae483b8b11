// Shared pieces of the conformance suite: temp workspaces holding real settings files, the hook
// scripts of test/fixtures/conformance/hooks, and engines that are closed after every test.
import { mkdtemp, readFile, realpath, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import {
  createHookEngine,
  loadHooksConfig,
  type HookEngine,
  type HookEngineOptions,
  type LoadedHooksConfig,
  type LoadHooksConfigOptions,
} from '../../src/index.js';

export { HOSTS } from '../helpers/hosts.js';
export type Host = 'thread' | 'process';

/** The conformance hook scripts (POSIX sh). */
export const HOOKS_DIR = new URL('../fixtures/conformance/hooks/', import.meta.url).pathname;

/** Quotes one word for `sh -c`. */
export function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A shell command line from words, each quoted. */
export function shell(...words: string[]): string {
  return words.map(quote).join(' ');
}

/** A command running respond.sh with the given actions (see the script for the options). */
export function respond(...options: string[]): string {
  return shell(`${HOOKS_DIR}respond.sh`, ...options);
}

/** A command that prints a JSON value on stdout and exits with `code`. */
export function replyJson(value: unknown, code = 0): string {
  return respond('-o', JSON.stringify(value), '-x', String(code));
}

export const ECHO_STDIN = shell(`${HOOKS_DIR}echo-stdin.sh`);
export const PRINT_ENV = shell(`${HOOKS_DIR}print-env.sh`);
export const SESSION_INFO = shell(`${HOOKS_DIR}session-info.sh`);
export function rendezvous(dir: string, name: string, count: number): string {
  return shell(`${HOOKS_DIR}rendezvous.sh`, dir, name, String(count));
}

/** A Claude Code command handler; `timeout` in seconds, as Claude Code reads it. */
export function handler(command: string, timeout = 10): Record<string, unknown> {
  return { type: 'command', command, timeout };
}

/** A Claude Code matcher group; `matcher: undefined` leaves the field out. */
export function group(matcher: string | undefined, ...handlers: Record<string, unknown>[]): Record<string, unknown> {
  return matcher === undefined ? { hooks: handlers } : { matcher, hooks: handlers };
}

/** Claude Code settings: `{ "hooks": { <Event>: [groups] } }` plus any other top-level keys. */
export function settings(hooks: Record<string, unknown[]>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { hooks, ...extra };
}

const workspaces: string[] = [];
const engines: HookEngine[] = [];
const fileEngines: HookEngine[] = [];

/** How long an engine lives: closed after its test, or shared by a describe and closed after the file. */
export type Lifetime = 'test' | 'file';

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});
afterAll(async () => {
  await Promise.all(fileEngines.splice(0).map((engine) => engine.close()));
  await Promise.all(workspaces.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A temp directory standing for the agent's project; `home` is a separate temp home inside it. */
export class Workspace {
  constructor(readonly root: string) {}

  get home(): string {
    return join(this.root, 'home');
  }

  path(relative: string): string {
    return join(this.root, relative);
  }

  /** Writes `value` as JSON (or a string as is) at `relative`; returns the absolute path. */
  async write(relative: string, value: unknown): Promise<string> {
    const file = this.path(relative);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
    return file;
  }

  /** A file's text, or null when it does not exist. */
  async read(relative: string): Promise<string | null> {
    try {
      return await readFile(this.path(relative), 'utf8');
    } catch {
      return null;
    }
  }

  /** The lines of a file, without the empty last one; [] when it does not exist. */
  async lines(relative: string): Promise<string[]> {
    const text = await this.read(relative);
    return text === null ? [] : text.split('\n').filter((line) => line !== '');
  }

  /** The JSON documents a hook appended one per line (respond.sh -i). */
  async inputs(relative: string): Promise<Record<string, unknown>[]> {
    return (await this.lines(relative)).map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Loads configuration with the home and project of this workspace. */
  load(options: Omit<LoadHooksConfigOptions, 'cwd' | 'home'> = {}): Promise<LoadedHooksConfig> {
    return loadHooksConfig({ cwd: this.root, home: this.home, ...options });
  }

  /** Writes Claude Code settings to `relative` and loads them as an explicit settings file. */
  async loadClaude(value: unknown, relative = 'settings.json'): Promise<LoadedHooksConfig & { file: string }> {
    const file = await this.write(relative, value);
    return { file, ...(await this.load({ claudeSettings: [file] })) };
  }
}

export async function workspace(): Promise<Workspace> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'hookpool-conformance-')));
  workspaces.push(root);
  await mkdir(join(root, 'home'));
  return new Workspace(root);
}

/** An engine on `host` for a loaded configuration, with the workspace as cwd. */
export function engineFor(
  host: Host,
  ws: Workspace,
  config: Partial<LoadedHooksConfig> & { file?: string },
  options: HookEngineOptions = {},
  lifetime: Lifetime = 'test',
): HookEngine {
  const { file: _file, ...loaded } = config;
  const engine = createHookEngine({ ...loaded, cwd: ws.root, sessionId: 'conformance-session', host, pool: { threads: 1 }, ...options });
  (lifetime === 'test' ? engines : fileEngines).push(engine);
  return engine;
}

/**
 * The usual path of a rule: write Claude Code settings, load them (expecting no problem), and
 * start an engine on them.
 */
export async function claudeEngine(
  host: Host,
  value: unknown,
  options: HookEngineOptions = {},
  lifetime: Lifetime = 'test',
): Promise<{ ws: Workspace; engine: HookEngine; file: string }> {
  const ws = await workspace();
  const config = await ws.loadClaude(value);
  if (config.problems.length > 0) throw new Error(`unexpected configuration problems:\n${config.problems.join('\n')}`);
  return { ws, engine: engineFor(host, ws, config, options, lifetime), file: config.file };
}

/** Parses `env` output (NAME=value lines) into a record. */
export function parseEnv(stdout: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) env[line.slice(0, at)] = line.slice(at + 1);
  }
  return env;
}
