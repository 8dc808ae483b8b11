// Claude Code wired by `hookpool init --agent claude` (wiring-kit.ts says what the project's hooks
// and the model's steps are). The default wiring (`--transport http`) sends the guard events to
// the project's resident server as `type: "http"` hooks with `onFailure: "block"`, and runs
// hookpool-client on SessionStart and UserPromptSubmit (they start the server and tell it the
// session's environment). Each test is one state of that server: never started, already up (two
// sessions at once), stopped mid-session (SIGTERM), killed mid-session (SIGKILL of supervisor and
// worker); then the `--transport command` wiring (hookpool-client on every event), with and
// without a server.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultServePort } from '../../../src/project/server/server-address.js';
import { createClaudeDriver } from '../agents/claude.js';
import type { AgentRun } from '../harness/driver.js';
import { agentMissing } from '../harness/find-agent.js';
import {
  BLOCK_RM_REASON,
  expectFinished,
  expectNothingLeft,
  expectServerStopsOnItsOwn,
  expectStandardRun,
  HOOKPOOL_CLI,
  hookpoolEnv,
  hookRecords,
  killLeftovers,
  MARK_VARIABLE,
  newMark,
  newProject,
  probeFindings,
  safeFiles,
  serverRecords,
  settingsText,
  signalledPids,
  signalServerCommand,
  standardSteps,
  startServe,
  wireAgent,
  waitFor,
  writeProjectHooks,
  type Project,
} from './wiring-kit.js';

const driver = createClaudeDriver();
/** A run takes 3-10 s here; this only bounds a stuck agent. */
const RUN_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 180_000;

type Json = Record<string, unknown>;

function wiredProject(tag: string, transport: 'http' | 'command' = 'http'): Project {
  const project = newProject(tag);
  writeProjectHooks(project);
  wireAgent(project, 'claude', ['--transport', transport]);
  return project;
}

/** The session id Claude Code printed (`--output-format json`). */
function printedSessionId(run: AgentRun): string {
  return (JSON.parse(run.stdout) as { session_id: string }).session_id;
}

/** Which hookpool ran each hook of the session: the server's supervisor pid (its worker marks every hook it starts), or a one-shot run. */
function ranInServer(projectDir: string, sessionId: string): string[] {
  return hookRecords(projectDir)
    .filter((record) => record.payload.session_id === sessionId)
    .map((record) => `${record.label}: ${record.env.get('HOOKPOOL_SERVE_WORKER') ?? 'one-shot'}`);
}

function expectClaudeVariables(project: Project, sessionId: string): void {
  for (const record of hookRecords(project.projectDir).filter((each) => each.payload.session_id === sessionId)) {
    expect(record.env.get('CLAUDE_CODE_SESSION_ID'), record.label).toBe(sessionId);
    expect(record.env.get('CLAUDE_PROJECT_DIR'), record.label).toBe(project.projectDir);
    expect(record.env.get('CLAUDECODE'), record.label).toBe('1');
  }
}

/** What the model got for a call refused because the server was gone (Claude Code's text for an http hook that failed with onFailure: "block"). */
function expectRefusedForNoServer(text: string | undefined, port: number): void {
  expect(text).toContain(`[http://127.0.0.1:${port}/hookpool/claude-code]: failed; blocking because onFailure is "block"`);
  expect(text).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
  // The model (and the user reading the transcript) must learn that hookpool could not answer.
  expect(text, "the refusal names hookpool").toMatch(/hookpool/i);
}

const projects: Project[] = [];
afterEach(() => {
  // Only after a failure is anything left: end it, so the next test starts clean.
  for (const { projectDir } of projects.splice(0)) killLeftovers(projectDir);
});

describe.skipIf(agentMissing(driver))('Claude Code wired by hookpool init', () => {
  it('http wiring, server never started: SessionStart\'s client starts it; rm -rf refused with the reason, safe calls run, context, Stop once, the session\'s env; the server stops on its own', async () => {
    const project = wiredProject('cn');
    projects.push(project);
    const { projectDir, home } = project;
    const settings = JSON.parse(settingsText(project, '.claude/settings.json')) as { hooks: Record<string, { matcher?: string; hooks: Json[] }[]> };
    expect(settings.hooks.PreToolUse).toEqual([{ matcher: 'Bash', hooks: [expect.objectContaining({ type: 'http', onFailure: 'block' })] }]);
    expect(settings.hooks.PostToolUse?.[0]?.hooks[0]).toEqual(expect.objectContaining({ type: 'http' }));
    expect(settings.hooks.SessionStart?.[0]?.hooks[0]?.command).toContain('hookpool-client');
    expect(settings.hooks.UserPromptSubmit?.[0]?.hooks[0]).toEqual(expect.objectContaining({ type: 'command', onFailure: 'block', command: expect.stringContaining('hookpool-client') }));
    expect(serverRecords(home)).toEqual([]);

    const mark = newMark();
    const steps = standardSteps(projectDir, mark);
    const run = await driver.run({ projectDir, home, env: { [MARK_VARIABLE]: mark }, prompt: 'clean up the project', steps, timeoutMs: RUN_TIMEOUT_MS });
    const ended = Date.now();
    expectFinished(run);
    const sessionId = expectStandardRun({ project, mark, run, steps });
    expect(printedSessionId(run)).toBe(sessionId);
    expectClaudeVariables(project, sessionId);
    console.info(`claude http: the model got for rm -rf: ${JSON.stringify(run.toolResults[0]?.text)}`);
    // Every hook ran in the one server the session started (its worker marks each hook with the supervisor's pid).
    const servers = new Set(hookRecords(projectDir).map((record) => record.env.get('HOOKPOOL_SERVE_WORKER')?.split('-')[0]));
    expect([...servers], ranInServer(projectDir, sessionId).join('\n')).toEqual([expect.stringMatching(/^\d+$/)]);
    // The server goes on its own once the session has ended.
    const stoppedMs = await expectServerStopsOnItsOwn(projectDir, [mark], ended);
    expect(serverRecords(home)).toEqual([]);
    console.info(`claude http, server never started: the server was gone ${stoppedMs} ms after the run`);
  }, TEST_TIMEOUT_MS);

  it('http wiring, server already up: two sessions at once go through it, each hook sees its own session\'s environment and never the other\'s; the server stops after the last', async () => {
    const project = wiredProject('cu');
    projects.push(project);
    const { projectDir, home } = project;
    const server = await startServe(project);
    expect(serverRecords(home).map((record) => record.pid)).toEqual([server.pid]);
    const sessions = ['a', 'b'].map((suffix) => ({ suffix, mark: newMark() }));
    const runs = await Promise.all(
      sessions.map(({ suffix, mark }) =>
        driver.run({ projectDir, home, env: { [MARK_VARIABLE]: mark }, prompt: `session ${suffix}: clean up`, steps: standardSteps(projectDir, mark, suffix), timeoutMs: RUN_TIMEOUT_MS }),
      ),
    );
    const ended = Date.now();
    const records = hookRecords(projectDir);
    sessions.forEach(({ suffix, mark }, index) => {
      const run = runs[index]!;
      expectFinished(run);
      const sessionId = printedSessionId(run);
      const other = sessions[1 - index]!.mark;
      const failure = `session ${suffix}: ${JSON.stringify(run.toolResults, null, 1)}`;
      expect(run.toolResults[0]?.text, failure).toContain(BLOCK_RM_REASON);
      const files = safeFiles(projectDir, suffix);
      expect(existsSync(files.ok), failure).toBe(true);
      expect(existsSync(files.written), failure).toBe(true);
      expect(probeFindings(run.toolResults[3]?.text ?? ''), failure).toEqual([]);
      for (const label of ['session-start', 'prompt']) {
        expect(run.modelInputs.some((input) => input.includes(`HOOKPOOL-E2E-${label}-CONTEXT-${mark}`)), `${label} context, ${failure}`).toBe(true);
      }
      expect(run.modelInputs.some((input) => input.includes(other)), 'the other session\'s mark reached this model').toBe(false);
      expect(run.mainRequests, 'Stop blocked once').toBe(6);
      // This session's hooks: all of them, with its own mark and id, all in the server the test started.
      const own = records.filter((record) => record.payload.session_id === sessionId);
      expect(own.map((record) => record.label).sort(), `records of ${suffix}`).toEqual(['post-bash', 'post-bash', 'post-write', 'prompt', 'session-start', 'stop', 'stop']);
      for (const record of own) {
        expect(record.env.get(MARK_VARIABLE), `${suffix} ${record.label}`).toBe(mark);
        expect(record.env.get('CLAUDE_CODE_SESSION_ID'), `${suffix} ${record.label}`).toBe(sessionId);
        expect(record.env.get('HOOKPOOL_SESSION_ID'), `${suffix} ${record.label}`).toBe(sessionId);
        expect(record.env.get('CLAUDE_PROJECT_DIR'), `${suffix} ${record.label}`).toBe(projectDir);
        expect(record.env.get('HOOKPOOL_SERVE_WORKER'), `${suffix} ${record.label}`).toMatch(new RegExp(`^${server.pid}-`));
      }
    });
    // No record belongs to anything but the two sessions.
    expect(new Set(records.map((record) => record.payload.session_id))).toEqual(new Set(runs.map(printedSessionId)));
    // The server the test started stops on its own after the last session, and exits 0.
    const stoppedMs = await expectServerStopsOnItsOwn(projectDir, sessions.map(({ mark }) => mark), ended);
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toContain('stopping (the last agent session it served has ended)');
    expect(serverRecords(home)).toEqual([]);
    console.info(`claude http, server up, two sessions: the server was gone ${stoppedMs} ms after the runs`);
  }, TEST_TIMEOUT_MS);

  /** A run whose first step signals the server mid-session, then tries rm -rf and touch. */
  async function runWithServerSignalled(tag: string, signal: 'TERM' | 'KILL', andWorker: boolean) {
    const project = wiredProject(tag);
    projects.push(project);
    const { projectDir, home } = project;
    const settings = JSON.parse(settingsText(project, '.claude/settings.json')) as { hooks: Record<string, { hooks: Json[] }[]> };
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(String(settings.hooks.PreToolUse?.[0]?.hooks[0]?.url))?.[1]);
    const mark = newMark();
    const steps = [
      { kind: 'shell', command: signalServerCommand(projectDir, signal, andWorker) },
      { kind: 'shell', command: `rm -rf ${join(projectDir, 'victim')}` },
      { kind: 'shell', command: `touch ${safeFiles(projectDir).ok}` },
      { kind: 'text', text: 'finished' },
    ] as const;
    const run = await driver.run({ projectDir, home, env: { [MARK_VARIABLE]: mark }, prompt: 'clean up the project', steps, timeoutMs: RUN_TIMEOUT_MS });
    const ended = Date.now();
    expectFinished(run);
    const failure = JSON.stringify(run.toolResults, null, 1);
    // The server was up (the signalling call itself went through it), and the step signalled it.
    const signalled = signalledPids(projectDir);
    expect(signalled, failure).toHaveLength(andWorker ? 2 : 1);
    expect(run.toolResults[0]?.text, failure).toContain('server signalled');
    // The dangerous call never ran; the model was told the hook failed.
    expect(existsSync(join(projectDir, 'victim', 'precious.txt'))).toBe(true);
    expectRefusedForNoServer(run.toolResults[1]?.text, port);
    // With onFailure "block", every guarded call is refused while no server answers: the safe one too.
    expect(existsSync(safeFiles(projectDir).ok)).toBe(false);
    expectRefusedForNoServer(run.toolResults[2]?.text, port);
    // Stop (no onFailure: Claude Code ignores it there) fails open: no block, no extra request.
    expect(run.mainRequests).toBe(steps.length);
    expect(hookRecords(projectDir, 'stop')).toEqual([]);
    // The context was given before the signal.
    expect(run.modelInputs.some((input) => input.includes(`HOOKPOOL-E2E-prompt-CONTEXT-${mark}`))).toBe(true);
    return { project, mark, run, ended, signalled };
  }

  it('http wiring, server stopped mid-session (SIGTERM): rm -rf is refused (onFailure block), and so is every guarded call after it; nothing is left', async () => {
    const { project, mark, ended } = await runWithServerSignalled('ct', 'TERM', false);
    const tookMs = await expectServerStopsOnItsOwn(project.projectDir, [mark], ended);
    // A stopped server removes its record.
    expect(serverRecords(project.home)).toEqual([]);
    console.info(`claude http, server stopped mid-session: nothing left ${tookMs} ms after the run`);
  }, TEST_TIMEOUT_MS);

  it('http wiring, server killed mid-session (SIGKILL of supervisor and worker): rm -rf is refused; the next session starts a new server and is guarded again', async () => {
    const { project, mark, ended, signalled } = await runWithServerSignalled('ck', 'KILL', true);
    const { projectDir, home } = project;
    await expectServerStopsOnItsOwn(projectDir, [mark], ended);
    // A killed server leaves its record behind (its pid is dead); the next client must not trust it.
    const stale = serverRecords(home);
    console.info(`claude http, server killed mid-session: records left: ${JSON.stringify(stale)} (killed ${signalled.join(' ')})`);
    expect(stale.every((record) => signalled.includes(record.pid))).toBe(true);

    // The next session: SessionStart's client finds no live server, starts one, and every check holds again.
    rmSync(join(projectDir, 'hook-records'), { recursive: true, force: true });
    const next = newMark();
    const steps = standardSteps(projectDir, next);
    const run = await driver.run({ projectDir, home, env: { [MARK_VARIABLE]: next }, prompt: 'clean up the project', steps, timeoutMs: RUN_TIMEOUT_MS });
    const nextEnded = Date.now();
    expectFinished(run);
    const sessionId = expectStandardRun({ project, mark: next, run, steps });
    expectClaudeVariables(project, sessionId);
    const servers = new Set(hookRecords(projectDir).map((record) => record.env.get('HOOKPOOL_SERVE_WORKER')?.split('-')[0]));
    expect([...servers].every((pid) => pid !== undefined && !signalled.includes(Number(pid)))).toBe(true);
    await expectServerStopsOnItsOwn(projectDir, [next], nextEnded);
    expect(serverRecords(home)).toEqual([]);
  }, TEST_TIMEOUT_MS);

  it("http wiring, the port taken by another user's program before the session: SessionStart stops the session; no tool runs and the squatter never gets a hook input", async () => {
    const project = wiredProject('cq');
    projects.push(project);
    const { projectDir, home } = project;
    const port = defaultServePort(projectDir);
    // uid 65534 (nobody) listens on the port the http entries post to, and says what it hears.
    const listen = `require('node:net').createServer((s) => s.on('data', (d) => console.log('HEARD ' + d.length))).listen(${port}, '127.0.0.1', () => console.log('LISTENING'))`;
    const squatter = spawn(process.execPath, ['-e', listen], { uid: 65534, gid: 65534, cwd: '/', env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'inherit'] });
    let heard = '';
    squatter.stdout.on('data', (chunk: Buffer) => (heard += chunk.toString()));
    try {
      await waitFor('the squatter to listen', () => heard.includes('LISTENING'), 10_000);
      const mark = newMark();
      const steps = standardSteps(projectDir, mark);
      const run = await driver.run({ projectDir, home, env: { [MARK_VARIABLE]: mark }, prompt: 'clean up the project', steps, timeoutMs: RUN_TIMEOUT_MS });
      const ended = Date.now();
      console.info(`claude http, port squatted: exit ${run.exitCode}, stdout ${run.stdout.slice(0, 600)}, tool results ${JSON.stringify(run.toolResults)}`);
      // No tool ran, the squatter got nothing, and the user is told why.
      expect(existsSync(join(projectDir, 'victim', 'precious.txt'))).toBe(true);
      expect(existsSync(safeFiles(projectDir).ok)).toBe(false);
      expect(run.toolResults).toEqual([]);
      expect(heard).not.toContain('HEARD');
      expect(`${run.stdout}\n${run.stderr}`).toContain(`send http hooks to port ${port}, but the project's hookpool server does not hold it`);
      await expectServerStopsOnItsOwn(projectDir, [mark], ended);
    } finally {
      squatter.kill();
    }
  }, TEST_TIMEOUT_MS);

  it('command wiring (hookpool-client on every event), server killed mid-session: the next call starts another or runs one-shot; every check holds', async () => {
    const project = wiredProject('cc', 'command');
    projects.push(project);
    const { projectDir, home } = project;
    const settings = JSON.parse(settingsText(project, '.claude/settings.json')) as { hooks: Record<string, { hooks: Json[] }[]> };
    expect(settings.hooks.PreToolUse?.[0]?.hooks[0]).toEqual(expect.objectContaining({ type: 'command', onFailure: 'block', command: expect.stringContaining('hookpool-client') }));
    expect(JSON.stringify(settings)).not.toContain('"http"');
    const mark = newMark();
    const steps = [{ kind: 'shell', command: signalServerCommand(projectDir, 'KILL', true) } as const, ...standardSteps(projectDir, mark)];
    const run = await driver.run({ projectDir, home, env: { [MARK_VARIABLE]: mark }, prompt: 'clean up the project', steps, timeoutMs: RUN_TIMEOUT_MS });
    const ended = Date.now();
    expectFinished(run);
    const signalled = signalledPids(projectDir);
    expect(signalled).toHaveLength(2);
    const sessionId = expectStandardRun({ project, mark, run, steps, leading: 1 });
    expectClaudeVariables(project, sessionId);
    // Which hookpool answered each hook: the first server, then (after the kill) another one or a one-shot run.
    const answeredBy = hookRecords(projectDir).map((record) => `${record.label}: ${record.env.get('HOOKPOOL_SERVE_WORKER')?.split('-')[0] ?? 'one-shot'}`);
    console.info(`claude command wiring, server killed mid-session, hooks answered by: ${answeredBy.join(', ')} (killed ${signalled.join(' ')})`);
    // Which of them a new server answered depends on how soon the killed supervisor is reaped:
    // the next test makes it stay a zombie.
    await expectServerStopsOnItsOwn(projectDir, [mark], ended);
    expect(serverRecords(home).filter((record) => !signalled.includes(record.pid))).toEqual([]);
  }, TEST_TIMEOUT_MS);

  it('command wiring, server killed mid-session while its process stays a zombie (a parent that does not reap, as in a container without an init): the next calls start a new server', async () => {
    const project = wiredProject('cz', 'command');
    projects.push(project);
    const { projectDir, home } = project;
    // The server's parent is a `sleep` (sh execs it): it never reaps the server once it is killed.
    const holder = spawn('sh', ['-c', `'${process.execPath}' '${HOOKPOOL_CLI}' serve --http --cwd '${projectDir}' 2>/dev/null & exec sleep 600`], { cwd: projectDir, env: hookpoolEnv(home), stdio: 'ignore' });
    try {
      await waitFor('the server started under a non-reaping parent', () => serverRecords(home).some((record) => record.port > 0), 30_000);
      const mark = newMark();
      const steps = [
        { kind: 'shell', command: signalServerCommand(projectDir, 'KILL', true) },
        { kind: 'shell', command: `rm -rf ${join(projectDir, 'victim')}` },
        { kind: 'text', text: 'finished' },
      ] as const;
      const run = await driver.run({ projectDir, home, env: { [MARK_VARIABLE]: mark }, prompt: 'clean up the project', steps, timeoutMs: RUN_TIMEOUT_MS });
      expectFinished(run);
      const [supervisor] = signalledPids(projectDir);
      expect(supervisor).toBeDefined();
      // The killed supervisor is a zombie now (dead, not reaped): no server answers for the project.
      expect(readFileSync(`/proc/${supervisor}/stat`, 'latin1')).toMatch(/\) Z /);
      // The dangerous call is still refused, with block-rm's reason: hookpool answered it somehow.
      expect(existsSync(join(projectDir, 'victim', 'precious.txt'))).toBe(true);
      expect(run.toolResults[1]?.text).toContain(BLOCK_RM_REASON);
      // What answered the calls after the kill: a new server, as after any kill, not a one-shot run after the client gave up waiting for one.
      const afterKill = hookRecords(projectDir).filter((record) => record.label !== 'session-start' && record.label !== 'prompt');
      const answeredBy = afterKill.map((record) => `${record.label}: ${record.env.get('HOOKPOOL_SERVE_WORKER')?.split('-')[0] ?? 'one-shot'}`);
      console.info(`claude command wiring, killed server left a zombie: calls after the kill answered by: ${answeredBy.join(', ')}`);
      expect(afterKill.length).toBeGreaterThan(0);
      expect.soft(answeredBy.filter((line) => line.endsWith('one-shot') || line.endsWith(`: ${supervisor}`)), 'calls after the kill that no new server answered').toEqual([]);
    } finally {
      holder.kill('SIGKILL');
    }
    await expectNothingLeft(projectDir, [], 15_000);
  }, TEST_TIMEOUT_MS);

  it('command wiring with no server at all (HOOKPOOL_CLIENT_NO_SERVER=1): every call falls back to a one-shot run; every check holds', async () => {
    const project = wiredProject('co', 'command');
    projects.push(project);
    const { projectDir, home } = project;
    const mark = newMark();
    const steps = standardSteps(projectDir, mark);
    const run = await driver.run({ projectDir, home, env: { [MARK_VARIABLE]: mark, HOOKPOOL_CLIENT_NO_SERVER: '1' }, prompt: 'clean up the project', steps, timeoutMs: RUN_TIMEOUT_MS });
    expectFinished(run);
    const sessionId = expectStandardRun({ project, mark, run, steps });
    expectClaudeVariables(project, sessionId);
    // No server: every hook ran in a one-shot `hookpool run`, and none was ever started.
    expect(hookRecords(projectDir).filter((record) => record.env.has('HOOKPOOL_SERVE_WORKER'))).toEqual([]);
    expect(serverRecords(home)).toEqual([]);
    await expectNothingLeft(projectDir, [mark]);
  }, TEST_TIMEOUT_MS);
});
