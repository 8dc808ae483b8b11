// Shared pieces of the wiring tests (test/e2e/wiring/*-wiring.test.ts): the real agents run
// against the mock model (test/e2e/agents/*.ts) in a project whose hooks are hookpool's own
// (.hookpool/hooks.json), wired with `hookpool init --agent <agent>` and approved with
// `hookpool trust`, exactly as a user would. The hooks are the same for every agent:
//
// - block-rm (PreToolUse, `Bash`): the bundled example, copied by `init --example block-rm`:
//   refuses `rm -rf` with exit 2 and its reason on stderr.
// - session-start / prompt (SessionStart, UserPromptSubmit): probe.sh prints context text that
//   names the session's HOOKPOOL_E2E_MARK, and keeps its payload and environment.
// - post-bash (PostToolUse `Bash`), post-write (PostToolUse `Write|Edit`): probe.sh keeps the
//   payload and environment of each call (hook-records/ in the project).
// - stop (Stop): probe.sh refuses the first Stop of each session (exit 2), lets the next pass.
//
// The model's steps are the same too: `rm -rf <project>/victim` (must be refused), `touch
// <project>/ok` (must run), a file write (must run, and the `Write|Edit` hook sees it as Write),
// a shell call that lists every process of the session that is a hookpool or hook process
// (none may be left between calls), and a final text.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { tempDir } from '../../helpers/temp-dirs.js';
import type { AgentDriver, AgentRun, ModelStep } from '../harness/driver.js';
import { hookRecordsIn, type HookRecord } from '../harness/hook-captures.js';

const REPO = resolve(import.meta.dirname, '..', '..', '..');
/** The built CLI (npm run build), run with `node`: what `init` writes into the agents' settings. */
export const HOOKPOOL_CLI = join(REPO, 'dist', 'src', 'cli', 'hookpool.cjs');
export const HOOKPOOL_CLIENT = join(REPO, 'dist', 'src', 'client', 'hookpool-client.cjs');
/** The variable each run sets in the agent's environment, with a value of its own: it must reach that session's hooks, and only them. */
export const MARK_VARIABLE = 'HOOKPOOL_E2E_MARK';
/** block-rm's reason, as the model must read it. */
export const BLOCK_RM_REASON = "block-rm: 'rm -rf' is not allowed here";
/** What hookpool's wrappers say when hookpool itself cannot run (settings/entry-command.ts; Copilot's deny wrapper says it without the exit code). */
export const CANNOT_RUN_REASON = /hookpool could not run( \(exit 127\))?: refusing/;

export type WiredAgent = 'claude' | 'gemini' | 'codex' | 'copilot';

export interface Project {
  readonly projectDir: string;
  readonly home: string;
}

/** A value for MARK_VARIABLE. */
export function newMark(): string {
  return `m${randomBytes(5).toString('hex')}`;
}

/**
 * A fresh project (realpath: agents report real paths) with a `victim` folder, and a home. The
 * names are short: Claude Code's and hookpool's Unix sockets live under the home and must fit
 * in sun_path.
 */
export function newProject(tag: string): Project {
  const projectDir = realpathSync(tempDir(`${tag}p`));
  const home = realpathSync(tempDir(`${tag}h`));
  mkdirSync(join(projectDir, 'victim'));
  writeFileSync(join(projectDir, 'victim', 'precious.txt'), 'keep me\n');
  return { projectDir, home };
}

/** The environment hookpool's own commands (init, trust, serve) get: the test's home, nothing of the machine's user. */
export function hookpoolEnv(home: string): Record<string, string> {
  return {
    HOME: home,
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    TMPDIR: join(home, 'tmp'),
    // Where the Claude Code driver points the agent (and so hookpool-client): the server's sockets go there.
    XDG_RUNTIME_DIR: join(home, 'run'),
    XDG_CONFIG_HOME: join(home, '.config'),
  };
}

/** `node hookpool.cjs <args>` in the project; fails the test on a non-zero exit. */
export function hookpool(project: Project, args: readonly string[]): string {
  for (const dir of ['tmp', 'run']) mkdirSync(join(project.home, dir), { recursive: true, mode: 0o700 });
  const result = spawnSync(process.execPath, [HOOKPOOL_CLI, ...args], { cwd: project.projectDir, env: hookpoolEnv(project.home), encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`hookpool ${args.join(' ')} exited ${result.status ?? result.signal}:\n${result.stdout}\n${result.stderr}`);
  return `${result.stdout}${result.stderr}`;
}

const PROBE_SCRIPT = `#!/bin/sh
# probe.sh <label> [context|stop-once]: keeps this call's payload (<label>-*.json) and environment
# (<label>-*.env, NUL-separated) in <project>/hook-records for the test to read. "context" prints
# context text naming the session's mark; "stop-once" refuses the first Stop of each session
# (exit 2, the reason on stderr) and lets the next one pass.
records="$(cd "$(dirname "$0")/../.." && pwd)/hook-records"
mkdir -p "$records"
name="$records/$1-$(date +%s%N)-$$"
cat > "$name.json.part" && mv "$name.json.part" "$name.json"
env -0 > "$name.env"
case "$2" in
  context) printf 'HOOKPOOL-E2E-%s-CONTEXT-%s\\n' "$1" "\${${MARK_VARIABLE}:-unset}" ;;
  stop-once)
    blocked="$records/stop-blocked-\${HOOKPOOL_SESSION_ID:-none}"
    if [ ! -e "$blocked" ]; then
      : > "$blocked"
      printf 'HOOKPOOL-E2E-STOP-%s: not finished yet, answer once more\\n' "\${${MARK_VARIABLE}:-unset}" >&2
      exit 2
    fi ;;
esac
exit 0
`;

export interface HookChoice {
  /** Only block-rm (the "hookpool not installed" runs). */
  readonly guardOnly?: boolean;
}

/** .hookpool/hooks.json with the hooks above (block-rm copied by `init --example block-rm`), and probe.sh. */
export function writeProjectHooks(project: Project, choice: HookChoice = {}): void {
  hookpool(project, ['init', '--example', 'block-rm']);
  if (choice.guardOnly === true) return;
  const hooksDir = join(project.projectDir, '.hookpool', 'hooks');
  writeFileSync(join(hooksDir, 'probe.sh'), PROBE_SCRIPT);
  chmodSync(join(hooksDir, 'probe.sh'), 0o755);
  const file = join(project.projectDir, '.hookpool', 'hooks.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { hooks: Record<string, unknown>[] };
  const probe = (label: string, mode = ''): string => `.hookpool/hooks/probe.sh ${label}${mode === '' ? '' : ` ${mode}`}`;
  config.hooks.push(
    { id: 'session-start', event: 'SessionStart', command: probe('session-start', 'context'), timeout: 10_000 },
    { id: 'prompt', event: 'UserPromptSubmit', command: probe('prompt', 'context'), timeout: 10_000 },
    { id: 'post-bash', event: 'PostToolUse', matcher: 'Bash', command: probe('post-bash'), timeout: 10_000 },
    { id: 'post-write', event: 'PostToolUse', matcher: 'Write|Edit', command: probe('post-write'), timeout: 10_000 },
    { id: 'stop', event: 'Stop', command: probe('stop', 'stop-once'), timeout: 10_000 },
  );
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
}

/** `hookpool init --agent <agent> [args]`, then `hookpool trust`: the user's two steps. Returns init's output. */
export function wireAgent(project: Project, agent: WiredAgent, args: readonly string[] = []): string {
  const said = hookpool(project, ['init', '--agent', agent, ...args]);
  hookpool(project, ['trust']);
  return said;
}

/** A settings file init wrote, as text. */
export function settingsText(project: Project, file: string): string {
  return readFileSync(join(project.projectDir, file), 'utf8');
}

/** Rewrites the settings file so every entry calls a hookpool that is not there (an uninstalled hookpool). */
export function uninstallHookpool(project: Project, file: string): string {
  const path = join(project.projectDir, file);
  const text = readFileSync(path, 'utf8');
  const missing = join(project.home, 'no-such-install', 'hookpool.cjs');
  const edited = text.split(HOOKPOOL_CLI).join(missing);
  if (edited === text) throw new Error(`${file} does not name ${HOOKPOOL_CLI}:\n${text}`);
  writeFileSync(path, edited);
  return missing;
}

// ---------------------------------------------------------------------------------------------
// The model's steps.

/**
 * A shell command printing `<pid> <command line>` for every process whose environment holds the
 * session's mark and whose command line is hookpool's or a project hook's. Run as a tool call
 * between other calls, it must print nothing: every hook and every one-shot hookpool of the
 * calls before it has ended. (Checked inside the run, because after it the drivers kill whatever
 * of the run is left.)
 */
export function leftoverProbeCommand(mark: string): string {
  // No command substitution: Gemini CLI's shell tool refuses any `$(...)`. The patterns are
  // bracketed so that the shell running this command (its command line holds them) never matches.
  return [
    'for p in /proc/[0-9]*; do',
    `if tr '\\0' '\\n' 2>/dev/null < "$p/environ" | grep -qx '${MARK_VARIABLE}=${mark}'; then`,
    `tr '\\0' ' ' 2>/dev/null < "$p/cmdline" | grep -E 'hookpool[.]cjs|hookpool[-]client|[.]hookpool/hooks/' | sed "s|^|LEFT \${p#/proc/} |";`,
    'fi; done; echo PROBE-DONE',
  ].join(' ');
}

export const WRITTEN_TEXT = 'written by the mock model\n';

/** The files the safe calls make: `ok<suffix>` and `written<suffix>.txt`. */
export function safeFiles(projectDir: string, suffix = ''): { ok: string; written: string } {
  return { ok: join(projectDir, `ok${suffix}`), written: join(projectDir, `written${suffix}.txt`) };
}

/** rm -rf (refused), touch ok (runs), a file write (runs), the leftover probe, a final text. */
export function standardSteps(projectDir: string, mark: string, suffix = ''): ModelStep[] {
  const files = safeFiles(projectDir, suffix);
  return [
    { kind: 'shell', command: `rm -rf ${join(projectDir, 'victim')}` },
    { kind: 'shell', command: `touch ${files.ok}` },
    { kind: 'write', path: files.written, content: WRITTEN_TEXT },
    { kind: 'shell', command: leftoverProbeCommand(mark) },
    { kind: 'text', text: 'finished' },
  ];
}

/** The leftover probe's findings in a tool result: the LEFT lines (none expected), or null when the probe did not run to its end. */
export function probeFindings(text: string): string[] | null {
  if (!text.includes('PROBE-DONE')) return null;
  return text.split('\n').filter((line) => line.startsWith('LEFT '));
}

// ---------------------------------------------------------------------------------------------
// What the hooks kept.

/** Every record probe.sh kept in the project (optionally of one label), oldest first. */
export function hookRecords(projectDir: string, label?: string): HookRecord[] {
  return hookRecordsIn(join(projectDir, 'hook-records'), label);
}

// ---------------------------------------------------------------------------------------------
// Processes.

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return null;
  }
}

function isZombie(pid: string): boolean {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return true;
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}

/**
 * Live processes that belong to this project's hookpool: any hookpool process (CLI, client,
 * server supervisor or worker) whose working directory is the project or whose command line
 * names it, any process running one of the project's hook scripts, and any process whose
 * environment holds one of `marks` (a session's hook). As `pid args` lines.
 */
export function projectProcesses(projectDir: string, marks: readonly string[] = []): string[] {
  const found: string[] = [];
  const needles = marks.map((mark) => `${MARK_VARIABLE}=${mark}`);
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    const cmdline = readText(`/proc/${pid}/cmdline`);
    if (cmdline === null || cmdline === '') continue;
    const args = cmdline.split('\0').join(' ').trim();
    let cwd = '';
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      // Gone, or not ours.
    }
    const isHookpool = /hookpool(\.cjs|-client)/.test(args);
    const ours = (isHookpool && (cwd === projectDir || args.includes(projectDir))) || args.includes(join(projectDir, '.hookpool')) || (cwd === projectDir && args.includes('.hookpool/hooks/'));
    const marked = !ours && needles.length > 0 && (readText(`/proc/${pid}/environ`) ?? '').split('\0').some((entry) => needles.includes(entry));
    if ((ours || marked) && !isZombie(pid)) found.push(`${pid} ${args}`);
  }
  return found;
}

/** Polls until `check` gives an empty list; fails with what is left after `withinMs`. Returns the time it took. */
export async function waitUntilNone(what: string, check: () => string[], withinMs: number): Promise<number> {
  const started = Date.now();
  let left = check();
  while (left.length > 0 && Date.now() - started < withinMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = check();
  }
  if (left.length > 0) throw new Error(`${what} still running after ${withinMs} ms:\n${left.join('\n')}`);
  return Date.now() - started;
}

/** Polls until `ready` is true; fails after `withinMs`. */
export async function waitFor(what: string, ready: () => boolean, withinMs: number): Promise<void> {
  const started = Date.now();
  while (!ready()) {
    if (Date.now() - started > withinMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// ---------------------------------------------------------------------------------------------
// The resident server (Claude Code's http wiring).

export interface ServerRecord {
  readonly pid: number;
  readonly port: number;
  readonly projectDir: string;
}

/** The server records under the home (~/.config/hookpool/servers/*.json). */
export function serverRecords(home: string): ServerRecord[] {
  const dir = join(home, '.config', 'hookpool', 'servers');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(join(dir, name), 'utf8')) as ServerRecord];
      } catch {
        return [];
      }
    });
}

/** A project's `hookpool serve --http` processes (supervisor and worker), as `pid args` lines. */
export function serverProcesses(projectDir: string): string[] {
  return projectProcesses(projectDir).filter((line) => / serve /.test(line));
}

export interface StartedServer {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly stderr: () => string;
  readonly exited: Promise<number | null>;
}

/** `hookpool serve --http` started by the test (the state "the server is up before the agent starts"); resolves once it listens. */
export async function startServe(project: Project): Promise<StartedServer> {
  for (const dir of ['tmp', 'run']) mkdirSync(join(project.home, dir), { recursive: true, mode: 0o700 });
  const child = spawn(process.execPath, [HOOKPOOL_CLI, 'serve', '--http', '--cwd', project.projectDir], { cwd: project.projectDir, env: hookpoolEnv(project.home), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitFor(`hookpool serve to listen (stderr: ${stderr})`, () => stderr.includes('listening on') || child.exitCode !== null, 30_000);
  if (child.exitCode !== null) throw new Error(`hookpool serve exited ${child.exitCode}: ${stderr}`);
  return { child, pid: child.pid!, stderr: () => stderr, exited };
}

/**
 * A shell command, run as a tool call by the model, that signals the project's server (the pid in
 * its record) with `signal`, and with `andWorker` its worker too, then waits until they are gone,
 * and writes the pids it signalled to <project>/signalled.
 */
export function signalServerCommand(projectDir: string, signal: 'TERM' | 'KILL', andWorker: boolean): string {
  return [
    `p=$(sed -n 's/.*"pid": *\\([0-9][0-9]*\\).*/\\1/p' "$HOME"/.config/hookpool/servers/*.json | head -n 1);`,
    andWorker ? 'w=$(ps -o pid= --ppid "$p" | tr -d " \\n");' : 'w=;',
    `echo "$p $w" > ${join(projectDir, 'signalled')};`,
    `kill -${signal} $w "$p";`,
    'for q in $p $w; do while ps -o stat= -p "$q" | grep -qv Z; do sleep 0.05; done; done;',
    'echo "server signalled"',
  ].join(' ');
}

/** The pids the signalling step wrote. */
export function signalledPids(projectDir: string): number[] {
  const path = join(projectDir, 'signalled');
  return existsSync(path) ? readFileSync(path, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

// ---------------------------------------------------------------------------------------------
// The checks every wiring must pass in a normal run.

export interface StandardExpectations {
  readonly project: Project;
  readonly mark: string;
  readonly run: AgentRun;
  /** Every step the run got (its count tells the main requests without a Stop block). */
  readonly steps: readonly ModelStep[];
  /** How many shell steps that must run came before standardSteps (each gets a post-bash record). */
  readonly leading?: number;
  /** Records the agent makes beside the standard ones (Copilot fires userPromptSubmitted again for a Stop block's prompt). */
  readonly extraRecords?: readonly string[];
}

/** A run's exit: 0, no signal; the output in the message otherwise. */
export function expectFinished(run: AgentRun): void {
  expect(run.exitCode, `stderr: ${run.stderr.slice(-4000)}\nstdout: ${run.stdout.slice(-4000)}`).toBe(0);
  expect(run.signal).toBeNull();
}

/**
 * The dangerous call refused with block-rm's reason; the safe calls ran; both contexts reached the
 * model; Stop blocked once; every record shows this session's mark and id; the probe found nothing.
 * Returns the session id the hooks saw.
 */
export function expectStandardRun({ project, mark, run, steps, leading = 0, extraRecords = [] }: StandardExpectations): string {
  const { projectDir } = project;
  const files = safeFiles(projectDir);
  const results = run.toolResults.slice(leading);
  const failure = `stderr: ${run.stderr.slice(-3000)}\ntool results: ${JSON.stringify(run.toolResults, null, 1)}`;
  // The dangerous call never ran, and the model was told why.
  expect(existsSync(join(projectDir, 'victim', 'precious.txt')), failure).toBe(true);
  expect(results[0]?.text, failure).toContain(BLOCK_RM_REASON);
  // The safe calls ran.
  expect(existsSync(files.ok), failure).toBe(true);
  expect(existsSync(files.written) ? readFileSync(files.written, 'utf8') : 'not written', failure).toBe(WRITTEN_TEXT);
  expect(results[1]?.text ?? '').not.toContain(BLOCK_RM_REASON);
  // Between calls, no hook and no one-shot hookpool of the session was left running.
  expect(probeFindings(results[3]?.text ?? ''), failure).toEqual([]);
  // Context reached the model: SessionStart's and UserPromptSubmit's.
  for (const label of ['session-start', 'prompt']) {
    const text = `HOOKPOOL-E2E-${label}-CONTEXT-${mark}`;
    expect(run.modelInputs.some((input) => input.includes(text)), `${text} in ${JSON.stringify(run.modelInputs.map((input) => input.slice(0, 300)))}`).toBe(true);
  }
  // Stop blocked once: one main request more than the steps, its reason reached the model, and the hook ran twice.
  expect(run.modelInputs.some((input) => input.includes(`HOOKPOOL-E2E-STOP-${mark}`)), 'the Stop reason reached the model').toBe(true);
  expect(run.mainRequests).toBe(steps.length + 1);
  const stops = hookRecords(projectDir, 'stop');
  expect(stops.map((record) => record.payload.hook_event_name)).toEqual(['Stop', 'Stop']);
  // The environment: the session's mark and id in every hook of the session.
  const records = hookRecords(projectDir);
  const sessionId = records[0]?.payload.session_id;
  expect(typeof sessionId === 'string' && sessionId !== '', `session id in ${JSON.stringify(records[0]?.payload)}`).toBe(true);
  const postBash = Array.from({ length: leading + 2 }, () => 'post-bash');
  expect(records.map((record) => record.label).sort()).toEqual([...postBash, 'post-write', 'prompt', 'session-start', 'stop', 'stop', ...extraRecords].sort());
  for (const record of records) {
    expect(record.payload.session_id, record.label).toBe(sessionId);
    expect(record.env.get(MARK_VARIABLE), record.label).toBe(mark);
    expect(record.env.get('HOOKPOOL_SESSION_ID'), record.label).toBe(sessionId);
    expect(record.env.get('HOME'), record.label).toBe(project.home);
  }
  // The payloads in Claude Code's canonical terms, whatever the agent.
  const [touch, probe] = hookRecords(projectDir, 'post-bash').slice(leading);
  expect(touch?.payload).toEqual(expect.objectContaining({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: expect.objectContaining({ command: `touch ${files.ok}` }) }));
  expect(probe?.payload.tool_name).toBe('Bash');
  const [write] = hookRecords(projectDir, 'post-write');
  expect(write?.payload).toEqual(expect.objectContaining({ hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: expect.objectContaining({ file_path: files.written }) }));
  return sessionId as string;
}

/** Nothing of the project's hookpool (server included) and none of the marked sessions' hooks is left; returns how long that took. On failure, what is left is ended (so the next test starts clean). */
export async function expectNothingLeft(projectDir: string, marks: readonly string[], withinMs = 10_000): Promise<number> {
  try {
    return await waitUntilNone('hookpool or hook processes of the project', () => projectProcesses(projectDir, marks), withinMs);
  } catch (error) {
    killLeftovers(projectDir, marks);
    throw error;
  }
}

/** How long after an agent session's end its resident server must be gone: 2 s of grace, a poll, the stop itself. */
export const SERVER_STOP_MS = 5_000;

/**
 * The project's server must stop on its own within SERVER_STOP_MS of the run's end (a soft
 * failure otherwise, with the time it really took); either way this waits (up to 30 s) until
 * nothing of the project is left, so no test leaves processes to the next. Returns the time.
 */
export async function expectServerStopsOnItsOwn(projectDir: string, marks: readonly string[], since: number): Promise<number> {
  const check = () => projectProcesses(projectDir, marks);
  const deadline = since + SERVER_STOP_MS;
  while (check().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const leftAtDeadline = check();
  await expectNothingLeft(projectDir, marks, 30_000);
  const tookMs = Date.now() - since;
  expect.soft(leftAtDeadline, `the server stopped ${tookMs} ms after the session ended, not within ${SERVER_STOP_MS} ms; still running ${SERVER_STOP_MS} ms after it`).toEqual([]);
  return tookMs;
}

/** Ends (SIGKILL, by pid) whatever of the project is still running: only after a test failed, so the next one starts clean. */
export function killLeftovers(projectDir: string, marks: readonly string[] = []): string[] {
  const left = projectProcesses(projectDir, marks);
  for (const line of left) {
    try {
      process.kill(Number(line.split(' ')[0]), 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  return left;
}

// ---------------------------------------------------------------------------------------------
// The agents that call `hookpool run --format <agent>` once per event (Gemini CLI, Codex, Copilot CLI).

export interface CommandAgentCase {
  readonly agent: Exclude<WiredAgent, 'claude'>;
  readonly driver: AgentDriver;
  /** The settings file init writes, relative to the project. */
  readonly settingsFile: string;
  readonly runTimeoutMs: number;
  /** See StandardExpectations.extraRecords. */
  readonly extraRecords?: readonly string[];
}

/** The standard run with the agent's wiring: every check of expectStandardRun, then nothing left. Returns what the checks need further. */
export async function standardCommandAgentRun({ agent, driver, runTimeoutMs, extraRecords }: CommandAgentCase, tag: string): Promise<{ project: Project; run: AgentRun; sessionId: string; mark: string }> {
  const project = newProject(tag);
  writeProjectHooks(project);
  wireAgent(project, agent);
  const mark = newMark();
  const steps = standardSteps(project.projectDir, mark);
  const run = await driver.run({ projectDir: project.projectDir, home: project.home, env: { [MARK_VARIABLE]: mark }, prompt: 'clean up the project', steps, timeoutMs: runTimeoutMs });
  expectFinished(run);
  const sessionId = expectStandardRun({ project, mark, run, steps, extraRecords });
  console.info(`${agent}: the model got for rm -rf: ${JSON.stringify(run.toolResults[0]?.text)}`);
  // One-shot runs only: no hook ran in a server, and none was started.
  expect(hookRecords(project.projectDir).filter((record) => record.env.has('HOOKPOOL_SERVE_WORKER'))).toEqual([]);
  expect(serverRecords(project.home)).toEqual([]);
  await expectNothingLeft(project.projectDir, [mark]);
  return { project, run, sessionId, mark };
}

/**
 * hookpool not installed: the entries init wrote call a hookpool that is not there. The guard's
 * wrapper must refuse every call it guards (the dangerous one and the safe one), with a reason the
 * model gets.
 */
export async function notInstalledRun({ agent, driver, settingsFile, runTimeoutMs }: CommandAgentCase, tag: string): Promise<{ project: Project; run: AgentRun }> {
  const project = newProject(tag);
  writeProjectHooks(project, { guardOnly: true });
  wireAgent(project, agent);
  uninstallHookpool(project, settingsFile);
  const mark = newMark();
  const { projectDir, home } = project;
  const ok = safeFiles(projectDir).ok;
  const steps: ModelStep[] = [
    { kind: 'shell', command: `rm -rf ${join(projectDir, 'victim')}` },
    { kind: 'shell', command: `touch ${ok}` },
    { kind: 'text', text: 'finished' },
  ];
  const run = await driver.run({ projectDir, home, env: { [MARK_VARIABLE]: mark }, prompt: 'clean up the project', steps, timeoutMs: runTimeoutMs });
  expectFinished(run);
  const failure = `stderr: ${run.stderr.slice(-3000)}\ntool results: ${JSON.stringify(run.toolResults, null, 1)}`;
  expect(existsSync(join(projectDir, 'victim', 'precious.txt')), failure).toBe(true);
  expect(run.toolResults[0]?.text, failure).toMatch(CANNOT_RUN_REASON);
  expect(existsSync(ok), failure).toBe(false);
  expect(run.toolResults[1]?.text, failure).toMatch(CANNOT_RUN_REASON);
  console.info(`${agent}, hookpool not installed: the model got for rm -rf: ${JSON.stringify(run.toolResults[0]?.text)}`);
  await expectNothingLeft(projectDir, [mark]);
  return { project, run };
}
