// issue 9: `hookpool run` never lets a failure look like "allow". Hook failures, hookpool's own
// errors and unusable input are visible on stderr and, for Claude Code, in systemMessage; a guard
// event whose hooks could not run is refused.
import { copyFile, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, cliEnvironment, createTempProject, EXAMPLES, nativeConfig, type TempProject } from './cli-harness.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

const bash = { tool_name: 'Bash', tool_input: { command: 'rm -rf build' } };

describe('hookpool run --format claude when hooks fail', () => {
  it('refuses a PreToolUse call whose guard cannot start, and says so in systemMessage', async () => {
    await project.write('hooks.json', nativeConfig([{ id: 'guard', event: 'PreToolUse', command: './missing-guard.sh' }]));

    const { exitCode, stdout, stderr } = await project.cli(['run', '--format', 'claude', '--config', 'hooks.json'], { input: project.claudeInput('PreToolUse', bash) });

    // The refusal goes as JSON on exit 0, so the systemMessage that explains it reaches the user too.
    expect(exitCode).toBe(0);
    const answer = JSON.parse(stdout);
    expect(answer.hookSpecificOutput).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/^Refused by hookpool: hook "guard" could not run its command \(exit 127/) });
    expect(answer.systemMessage).toMatch(/^hookpool: hook "guard" could not run its command \(exit 127: command not found\).*; PreToolUse was refused \(onError: closed\)$/);
    expect(stderr).toMatch(/^\[guard\] .*not found\n$/); // the hook's own stderr, for Claude Code's debug log
  });

  it('refuses a PreToolUse call whose guard printed a deny longer than maxOutputBytes, instead of reading the cut JSON as plain text', async () => {
    const deny = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' }, systemMessage: 'x'.repeat(2 * 1024 * 1024) });
    await project.write('deny.json', deny);
    await project.write('hooks.json', nativeConfig([{ id: 'long-deny', event: 'PreToolUse', command: 'cat deny.json' }]));

    const { exitCode, stdout } = await project.cli(['run', '--format', 'claude', '--config', 'hooks.json'], { input: project.claudeInput('PreToolUse', bash) });

    expect(exitCode).toBe(0);
    const answer = JSON.parse(stdout);
    expect(answer.hookSpecificOutput).toMatchObject({ permissionDecision: 'deny' });
    expect(answer.systemMessage).toContain('hook "long-deny" printed more than maxOutputBytes: its JSON answer was cut and cannot be read; PreToolUse was refused');
  });

  it('lets a Stop through when its hook times out, but tells the user', async () => {
    await project.write('hooks.json', nativeConfig([{ id: 'slow', event: 'Stop', command: 'sleep 5', timeout: 200 }]));

    const { exitCode, stdout } = await project.cli(['run', '--format', 'claude', '--config', 'hooks.json'], { input: project.claudeInput('Stop') });

    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ systemMessage: expect.stringMatching(/^hookpool: hook "slow" timed out and was killed after \d+ ms; Stop went ahead without its answer \(onError: open\)$/) });
  });

  it('shows a non-blocking error (exit 1) with its first stderr line, and passes the hook\'s stderr on', async () => {
    await project.write('hooks.json', nativeConfig([{ id: 'lint', event: 'PostToolUse', command: 'echo "eslint: 3 problems" >&2; echo "details" >&2; exit 1' }]));

    const { exitCode, stdout, stderr } = await project.cli(['run', '--format', 'claude', '--config', 'hooks.json'], { input: project.claudeInput('PostToolUse', { ...bash, tool_response: {} }) });

    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ systemMessage: 'hookpool: hook "lint" failed with exit code 1 (a non-blocking error: the action proceeds): eslint: 3 problems' });
    expect(stderr).toBe('[lint] eslint: 3 problems\ndetails\n');
  });
});

describe('hookpool run --format claude when hookpool itself fails', () => {
  it('refuses a guard event on a configuration it cannot read, naming the file', async () => {
    await project.write('hooks.json', '{"hooks": [');

    const { exitCode, stdout, stderr } = await project.cli(['run', '--format', 'claude', '--config', 'hooks.json'], { input: project.claudeInput('PreToolUse', bash) });

    expect(exitCode).toBe(0);
    const answer = JSON.parse(stdout);
    expect(answer.hookSpecificOutput).toMatchObject({ permissionDecision: 'deny' });
    expect(answer.systemMessage).toMatch(/^hookpool: hook "hookpool" crashed: hookpool could not run the hooks: .*hooks\.json:1:12: .*; PreToolUse was refused/);
    expect(stderr).toMatch(/hooks\.json:1:12/);
  });

  it('refuses a guard event whose input it cannot read (over the payload limit, not JSON), never with exit 1', async () => {
    const huge = JSON.stringify({ ...JSON.parse(project.claudeInput('PreToolUse', bash)), tool_input: { command: 'x'.repeat(17 * 1024 * 1024) } });
    const tooBig = await project.cli(['run', '--format', 'claude', 'PreToolUse'], { input: huge });
    expect(tooBig.exitCode).toBe(0);
    expect(JSON.parse(tooBig.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    expect(tooBig.stderr).toContain('the payload is over 16777216 bytes');
    const notJson = await project.cli(['run', '--format', 'claude', 'PreToolUse'], { input: '{"tool_name": "Bash",' });
    expect(JSON.parse(notJson.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });

  it('exits 2 with the reason when it cannot even tell the event (no event, an unknown one, input not JSON)', async () => {
    for (const input of ['not json', JSON.stringify({ hook_event_name: 'PreTooolUse' }), JSON.stringify({ tool_name: 'Bash' })]) {
      const { exitCode, stdout, stderr } = await project.cli(['run', '--format', 'claude'], { input });
      expect(exitCode).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^hookpool: /);
    }
  });

  it('lets a non-guard event go ahead on the same error, with a systemMessage the user sees', async () => {
    await project.write('hooks.json', '{"hooks": [');

    const { exitCode, stdout } = await project.cli(['run', '--format', 'claude', '--config', 'hooks.json'], { input: project.claudeInput('PostToolUse', { ...bash, tool_response: {} }) });

    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout).systemMessage).toMatch(/could not run the hooks: .*hooks\.json:1:12: .*PostToolUse went ahead/);
  });

  it('says it on stderr on an event whose systemMessage Claude Code discards (Notification)', async () => {
    await project.write('hooks.json', '{"hooks": [');

    const { exitCode, stdout, stderr } = await project.cli(['run', '--format', 'claude', '--config', 'hooks.json'], { input: project.claudeInput('Notification', { message: 'hi' }) });

    expect({ exitCode, stdout }).toEqual({ exitCode: 0, stdout: '' });
    expect(stderr).toMatch(/hookpool: hook "hookpool" crashed: .*hooks\.json:1:12: .*Notification went ahead/);
  });
});

describe('hookpool run --format claude when a part of hookpool cannot be loaded', () => {
  it("refuses a PreToolUse call whose module hook's worker pool (piscina) cannot be loaded, and says why", async () => {
    // The built CLI beside a package.json, resolving packages only through NODE_PATH: every
    // dependency but piscina, so a command hook runs and a module hook's pool cannot start.
    const copy = join(project.root, 'install');
    await mkdir(join(copy, 'dist/src/cli'), { recursive: true });
    await mkdir(join(copy, 'packages'));
    await writeFile(join(copy, 'package.json'), await readFile(join(REPO, 'package.json')));
    for (const name of await readdir(join(REPO, 'dist/src/cli'))) {
      if (name.endsWith('.cjs')) await copyFile(join(REPO, 'dist/src/cli', name), join(copy, 'dist/src/cli', name));
    }
    for (const name of ['zod', 'yaml', 'picomatch', 'shell-quote', 'fastest-levenshtein']) await symlink(join(REPO, 'node_modules', name), join(copy, 'packages', name));
    await project.write('hooks.json', nativeConfig([{ id: 'module-guard', event: 'PreToolUse', type: 'module', module: join(FIXTURES, 'modules/answers.mjs'), export: 'nothing' }]));

    const result = await execa('node', [join(copy, 'dist/src/cli/hookpool.cjs'), 'run', '--format', 'claude', '--config', 'hooks.json'], {
      cwd: project.dir, env: cliEnvironment({ home: project.home, env: { NODE_PATH: join(copy, 'packages') } }), extendEnv: false, reject: false, input: project.claudeInput('PreToolUse', bash),
    });

    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining("worker pool could not be loaded") });
  });
});

describe('hookpool run with configuration it cannot load', () => {
  it('refuses a PreToolUse call when the user\'s hooks file is broken (its guards are unknown), and lets Stop go ahead', async () => {
    await mkdir(join(project.home, '.config', 'hookpool'), { recursive: true, mode: 0o700 });
    await writeFile(join(project.home, '.config', 'hookpool', 'hooks.json'), '{"hooks": [', { mode: 0o600 });

    const pre = await project.cli(['run', '--format', 'claude'], { input: project.claudeInput('PreToolUse', bash) });
    // A deny as JSON on exit 0: its systemMessage explains it to the user as well.
    expect(pre.exitCode).toBe(0);
    expect(JSON.parse(pre.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/hooks\.json could not be loaded/) });

    // The configuration notice was said in this session's PreToolUse answer: once per session.
    expect(await project.cli(['run', '--format', 'claude'], { input: project.claudeInput('Stop') })).toMatchObject({ exitCode: 0, stdout: '' });
    const stop = await project.cli(['run', '--format', 'claude'], { input: project.claudeInput('Stop', { session_id: 's2' }) });
    expect(stop.exitCode).toBe(0);
    expect(JSON.parse(stop.stdout).systemMessage).toMatch(/hooks\.json/);
  });
});

describe('finding the project', () => {
  it('finds .hookpool/hooks.json from a subdirectory of the project, up to the repository root', async () => {
    await mkdir(join(project.dir, '.git'));
    await mkdir(join(project.dir, 'packages', 'app', 'src'), { recursive: true });
    await project.write('.hookpool/hooks.json', nativeConfig([{ id: 'block-all', event: 'PreToolUse', command: 'echo "no tools today" >&2; exit 2' }]));
    await project.cli(['trust']);

    const { exitCode, stderr } = await project.cli(['run', '--format', 'claude'], { input: project.claudeInput('PreToolUse', { ...bash, cwd: join(project.dir, 'packages', 'app', 'src') }) });

    expect(exitCode).toBe(2);
    expect(stderr).toBe('no tools today\n');
  });

  it('honours CLAUDE_PROJECT_DIR', async () => {
    await project.write('.hookpool/hooks.json', nativeConfig([{ id: 'block-all', event: 'PreToolUse', command: 'echo "no tools today" >&2; exit 2' }]));
    await project.cli(['trust']);

    const { exitCode } = await project.cli(['run', '--format', 'claude'], { input: project.claudeInput('PreToolUse', { ...bash, cwd: '/' }), env: { CLAUDE_PROJECT_DIR: project.dir } });

    expect(exitCode).toBe(2);
  });
});

describe('bounded input', () => {
  it('stops reading stdin past maxPayloadBytes with a clear error', async () => {
    const huge = `{"prompt":"${'x'.repeat(17 * 1024 * 1024)}"}`;

    const { exitCode, stderr } = await project.cli(['run', 'UserPromptSubmit'], { input: huge });

    expect(exitCode).toBe(1);
    expect(stderr).toBe('hookpool: stdin: the payload is over 16777216 bytes, the most a hook is given (maxPayloadBytes); nothing was run\n');
  });

  it('gives a coded one-line error for deeply nested invalid JSON in --input and in a config file', async () => {
    const deep = `${'['.repeat(100_000)}x`;
    await project.write('deep.json', deep);

    for (const args of [['run', 'Stop', '--input', deep], ['validate', '--config', 'deep.json']]) {
      const { exitCode, stderr } = await project.cli(args);
      expect(exitCode).toBe(1);
      expect(stderr).toMatch(/^hookpool: .*:1:1: [^\n]*\n$/);
    }
  });
});

describe('the bundled Claude Code settings that call hookpool', () => {
  it('refuse a tool call when hookpool cannot run at all (not installed), instead of letting exit 1 mean "proceed"', async () => {
    const settings = JSON.parse(await readFile(join(EXAMPLES, 'claude-settings-via-hookpool.json'), 'utf8'));
    const command = (settings.hooks.PreToolUse[0].hooks[0].command as string).replace('npx --no hookpool', '/nonexistent/bin/hookpool');

    const missing = await execa('sh', ['-c', command], { input: project.claudeInput('PreToolUse', bash), reject: false });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/hookpool could not run \(exit 127\): refusing the tool call$/);

    const installed = await execa('sh', ['-c', command.replace('/nonexistent/bin/hookpool', `node ${CLI}`)], { input: project.claudeInput('PreToolUse', bash), reject: false, cwd: project.dir, env: { HOME: project.home } });
    expect({ exitCode: installed.exitCode, stdout: installed.stdout }).toEqual({ exitCode: 0, stdout: '' });
  });
});
