// Claude Code handler fields, plugins and CLAUDE_ENV_FILE through the built CLI: `hookpool run
// --format claude` answers what Claude Code would have made of the hooks, and `validate` fails on
// every handler field hookpool does not implement.
import { mkdir, copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type CliResult, type TempProject } from './cli-harness.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/handlers/', import.meta.url));

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());


/** Claude Code reads a refusal from exit 2 (reason on stderr) or from a JSON deny on stdout. */
function refusalReason(result: CliResult): string | null {
  const json = result.stdout.trim() === '' ? {} : (JSON.parse(result.stdout) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } });
  if (result.exitCode === 2) return result.stderr.trim();
  return json.hookSpecificOutput?.permissionDecision === 'deny' ? (json.hookSpecificOutput.permissionDecisionReason ?? '') : null;
}

describe('hookpool run --format claude with handler fields and plugins', () => {
  it("runs the docs' block-rm.sh (if Bash(rm *), exec form): refuses rm -rf, and starts nothing for ls", async () => {
    await mkdir(join(project.dir, '.claude', 'hooks'), { recursive: true });
    await copyFile(join(FIXTURES, 'block-rm', 'block-rm.sh'), join(project.dir, '.claude', 'hooks', 'block-rm.sh'));
    await project.write('hooks-settings.json', { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', if: 'Bash(rm *)', command: '${CLAUDE_PROJECT_DIR}/.claude/hooks/block-rm.sh', args: [] }] }] } });
    const log = join(project.dir, 'runs.log');
    const run = (command: string) => project.cli(['run', '--format', 'claude', '--claude-settings', 'hooks-settings.json'], {
      input: project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command } }),
      env: { CLAUDE_PROJECT_DIR: project.dir, HANDLERS_RUN_LOG: log },
    });

    const ls = await run('ls -la');
    expect(ls).toMatchObject({ exitCode: 0, stdout: '' });
    expect(await readFile(log, 'utf8').catch(() => '')).toBe('');
    expect(refusalReason(await run('rm -rf build'))).toBe('Destructive command blocked by hook');
    expect(await readFile(log, 'utf8')).toBe('block-rm ran\n');
  });

  it('--plugin: a node guard under ${CLAUDE_PLUGIN_ROOT} refuses a .env edit', async () => {
    const result = await project.cli(['run', '--format', 'claude', '--plugin', join(FIXTURES, 'secret-guard-plugin')], {
      input: project.claudeInput('PreToolUse', { tool_name: 'Edit', tool_input: { file_path: join(project.dir, '.env'), old_string: 'a', new_string: 'b' } }),
    });
    expect(refusalReason(result)).toBe('You cannot read or edit the .env file.');
    expect(await readFile(join(project.home, '.claude', 'plugins', 'data', 'secret-guard', 'checked.log'), 'utf8')).toBe(`${join(project.dir, '.env')}\n`);
  });

  it("--plugin: the explanatory-output-style SessionStart loader's text reaches the model", async () => {
    const result = await project.cli(['run', '--format', 'claude', '--plugin', join(FIXTURES, 'explanatory-plugin')], { input: project.claudeInput('SessionStart', { source: 'startup' }) });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: expect.stringMatching(/^You are in explanatory output style mode/) } });
  });

  it("appends the hooks' CLAUDE_ENV_FILE exports to the CLAUDE_ENV_FILE its caller gave it", async () => {
    await project.write('hooks-settings.json', { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: join(FIXTURES, 'env-setup', 'setup-env.sh') }] }] } });
    const callerFile = join(project.root, 'caller-env.sh');
    await writeFile(callerFile, 'export EARLIER=1\n');
    const result = await project.cli(['run', '--format', 'claude', '--claude-settings', 'hooks-settings.json'], { input: project.claudeInput('SessionStart', { source: 'startup' }), env: { CLAUDE_ENV_FILE: callerFile } });
    expect(result.exitCode).toBe(0);
    expect(await readFile(callerFile, 'utf8')).toBe('export EARLIER=1\nexport NODE_ENV=production\nexport PATH="$PATH:./node_modules/.bin"\n');
  });
});

describe('hookpool test and handler fields', () => {
  it("runs an if-gated hook on the payload given, and says when its rule would have kept it from running", async () => {
    await project.write('hooks.json', { hooks: [{ id: 'guard', event: 'PreToolUse', matcher: 'Bash', if: 'Bash(rm *)', command: 'echo checked' }] });
    const result = await project.cli(['test', 'guard', '--config', 'hooks.json', '--input', JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } })]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('note: its "if" rule Bash(rm *) does not match this payload: outside this test the hook would not run');
    expect(result.stdout).toMatch(/stdout\s+checked/);
  });
});

describe('hookpool validate and handler fields', () => {
  it('names a handler field Claude Code does not define, which it ignores as Claude Code does', async () => {
    await project.write('hooks-settings.json', { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', matchers: ['rm'] }] }] } });
    const result = await project.cli(['validate', '--claude-settings', 'hooks-settings.json']);
    expect(result.stderr).toContain('hooks-settings.json: hooks.PreToolUse[0].hooks[0].matchers: "matchers" is not a field of a Claude Code hook: ignored, as Claude Code ignores it');
  });

  it('accepts every field it implements', async () => {
    await project.write('hooks-settings.json', { hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [{
      type: 'command', command: 'node', args: ['review.js'], timeout: 30, if: 'Bash(git commit:*)', asyncRewake: true, rewakeMessage: 'Review:', rewakeSummary: 'Review found issues',
      once: true, statusMessage: 'Reviewing…', onError: 'open',
    }, { type: 'command', command: 'notify.sh', async: true, shell: 'bash', failClosed: false, onFailure: 'continue' }] }],
    PreToolUse: [{ matcher: 'WebFetch', hooks: [{ type: 'http', url: 'http://127.0.0.1:9/check', onFailure: 'block', timeout: 5 }, { type: 'mcp_tool', server: 's', tool: 't', onFailure: 'block' }] }] } });
    // validate also checks that a script an interpreter runs exists.
    await project.write('review.js', '');
    const result = await project.cli(['validate', '--claude-settings', 'hooks-settings.json']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
  });

  it('fails on a plugin folder that does not exist', async () => {
    const result = await project.cli(['validate', '--plugin', 'no-such-plugin']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`${join(project.dir, 'no-such-plugin')}: plugin root: no such directory`);
  });
});
