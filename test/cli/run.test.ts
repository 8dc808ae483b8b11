import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectNoneAlive } from '../helpers/processes.js';
import { createTempProject, nativeConfig, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

const rmPayload = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf ./build' } });
const lsPayload = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } });

describe('hookpool run', () => {
  it('exits 2 when a hook blocks and 0 when the agent may proceed', async () => {
    const config = await project.installExamples();

    const blocked = await project.cli(['run', 'PreToolUse', '--config', config, '--input', rmPayload]);
    const allowed = await project.cli(['run', 'PreToolUse', '--config', config, '--input', lsPayload]);

    expect(blocked.exitCode).toBe(2);
    expect(blocked.stdout).toContain('blocked (deny)');
    expect(blocked.stdout).toContain("block-rm: 'rm -rf' is not allowed here");
    expect(allowed.exitCode).toBe(0);
    expect(allowed.stdout).toContain('PreToolUse: proceed');
  });

  it('prints the FireResult with --json', async () => {
    const config = await project.installExamples();

    const { exitCode, stdout } = await project.cli(['run', 'PreToolUse', '--json', '--config', config, '--input', rmPayload]);

    expect(exitCode).toBe(2);
    const result = JSON.parse(stdout);
    expect(Object.keys(result)).toEqual(expect.arrayContaining(['event', 'blocked', 'decision', 'reason', 'updatedInput', 'additionalContext', 'continue', 'stopReason', 'systemMessage', 'hooks']));
    expect(result).toMatchObject({ event: 'PreToolUse', blocked: true, decision: 'deny', continue: true });
    expect(result.hooks).toEqual([expect.objectContaining({ id: 'block-rm', status: 'exit_nonzero', exitCode: 2, signal: null, truncated: false })]);
    expect(result.hooks[0].durationMs).toBeGreaterThan(0);
  });

  it('reads the payload from stdin and from --input-file, and resolves event aliases', async () => {
    const config = await project.installExamples();
    const payloadFile = await project.write('payload.json', rmPayload);

    const fromStdin = await project.cli(['run', 'tool.pre', '--json', '--config', config], { input: rmPayload });
    const fromFile = await project.cli(['run', 'pre-tool', '--json', '--config', config, '--input-file', payloadFile]);

    expect(JSON.parse(fromStdin.stdout)).toMatchObject({ event: 'PreToolUse', blocked: true });
    expect(JSON.parse(fromFile.stdout)).toMatchObject({ event: 'PreToolUse', blocked: true });
  });

  it('gives hooks the session id and cwd, and fires an event no hook listens to as a no-op', async () => {
    await project.write('hooks.json', nativeConfig([{ id: 'echo', event: 'Stop', command: 'cat' }]));

    const stop = await project.cli(['run', 'Stop', '--json', '--config', 'hooks.json', '--session-id', 'sess-1', '--input', '{}']);
    const quiet = await project.cli(['run', 'SessionEnd', '--json', '--config', 'hooks.json', '--input', '{}']);

    expect(stop.exitCode).toBe(0);
    const input = JSON.parse(JSON.parse(stop.stdout).hooks[0].stdout);
    expect(input).toMatchObject({ hook_event_name: 'Stop', session_id: 'sess-1', cwd: project.dir, stop_hook_active: false });
    expect(JSON.parse(quiet.stdout)).toMatchObject({ event: 'SessionEnd', blocked: false, hooks: [] });
  });

  it('discovers .hookpool/hooks.json under --cwd once the project file is trusted', async () => {
    await project.installExamples();
    const untrusted = await project.cli(['run', 'PreToolUse', '--cwd', project.dir, '--input', rmPayload]);
    await project.cli(['trust']);
    const trusted = await project.cli(['run', 'PreToolUse', '--cwd', project.dir, '--input', rmPayload]);

    expect(untrusted.exitCode).toBe(0);
    expect(untrusted.stderr).toContain('not trusted yet');
    expect(trusted.exitCode).toBe(2);
  });

  it('skips a malformed entry with a warning and runs the rest', async () => {
    await project.write('hooks.json', nativeConfig([
      { id: 'bad', event: 'PreToolUse', matcher: 'Bash(', command: 'true' },
      { id: 'blocker', event: 'PreToolUse', command: 'echo no >&2; exit 2' },
    ]));

    const { exitCode, stderr } = await project.cli(['run', 'PreToolUse', '--config', 'hooks.json', '--input', lsPayload]);

    expect(exitCode).toBe(2);
    expect(stderr).toMatch(/^hookpool: warning: .*hooks\.json: hooks\[0\]\.matcher: invalid matcher regex "Bash\("/m);
  });

  it('answers without waiting for background hooks, which run in a process it leaves behind', async () => {
    const gate = `${project.root}/gate`;
    const marker = `${project.root}/background-ran`;
    await project.write('hooks.json', nativeConfig([
      { event: 'Notification', command: 'echo foreground' },
      // Runs only once the test opens the gate, so the answer cannot have waited for it.
      { event: 'Notification', command: `while [ ! -e ${gate} ]; do sleep 0.05; done; touch ${marker}`, background: true, timeout: 20_000 },
    ]));

    const { exitCode, stdout } = await project.cli(['run', 'Notification', '--config', 'hooks.json', '--json', '--input', '{"message":"hi"}']);
    await project.write('../gate', '');

    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout).hooks).toHaveLength(1);
    await expect.poll(() => project.read('../background-ran').then(() => true, () => false), { timeout: 15_000 }).toBe(true);
    // The process left behind records the run and exits; the folder is removed only after that.
    await expectNoneAlive(`--cwd ${project.dir}`, 15_000);
  });

  it('refuses to run when its own hooks nest it too deep', async () => {
    const { exitCode, stderr } = await project.cli(['run', 'Stop', '--input', '{}'], { env: { HOOKPOOL_RUN_DEPTH: '3' } });

    expect(exitCode).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('a configured hook runs hookpool run again');
  });
});

describe('hookpool run --part', () => {
  it("runs only the parts asked for: an asyncRewake entry's exit 2 carries the hook's message, the foreground answer never runs a rewake hook", async () => {
    const ran = `${project.root}/ran`;
    await project.write('hooks.json', nativeConfig([
      { id: 'fg', event: 'Stop', command: `echo fg >> ${ran}` },
      { id: 'review', event: 'Stop', command: `echo rewake >> ${ran}; echo "3 tests fail" >&2; exit 2`, asyncRewake: true, rewakeMessage: 'Review found:' },
    ]));
    const input = project.claudeInput('Stop', { stop_hook_active: false });

    const foreground = await project.cli(['run', '--format', 'claude', '--part', 'foreground,background', '--config', 'hooks.json'], { input });
    const rewake = await project.cli(['run', '--format', 'claude', '--part', 'rewake', '--config', 'hooks.json'], { input });
    const wrong = await project.cli(['run', '--format', 'claude', '--part', 'later', '--config', 'hooks.json'], { input: project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } }) });

    expect(foreground).toMatchObject({ exitCode: 0, stdout: '' });
    expect(rewake).toMatchObject({ exitCode: 2, stdout: '', stderr: 'Review found:\n3 tests fail\n' });
    expect((await project.read('../ran')).split('\n').filter(Boolean).sort()).toEqual(['fg', 'rewake']);
    // A wiring hookpool cannot read is its own failure: a guard is refused, never let through by an exit 1.
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toContain('--part later: expected a comma-separated list of foreground, background, rewake');
  });
});
