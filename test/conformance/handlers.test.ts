// Claude Code's handler fields, plugins and CLAUDE_ENV_FILE with real scripts (hooks reference,
// "Hook handler fields", "Exec form and shell form", "Run hooks in the background", "Persist
// environment variables"; plugins reference, "Hooks"), through the library on both hosts.
// Each script in test/fixtures/handlers/ names the public original it stands for.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { HookStarted, Rewake } from '../../src/index.js';
import { engineFor, group, HOSTS, settings, shell, workspace } from './kit.js';

const HANDLER_FIXTURES = fileURLToPath(new URL('../fixtures/handlers/', import.meta.url));
const BLOCK_RM = `${HANDLER_FIXTURES}block-rm/block-rm.sh`;
const REVIEW_COMMIT = `${HANDLER_FIXTURES}security-review/review-commit.sh`;
const SETUP_ENV = `${HANDLER_FIXTURES}env-setup/setup-env.sh`;
const SECRET_GUARD = `${HANDLER_FIXTURES}secret-guard-plugin`;
const EXPLANATORY = `${HANDLER_FIXTURES}explanatory-plugin`;

/** The docs' block-rm.sh configuration: matcher Bash, if Bash(rm *), exec form with args []. */
function blockRmSettings(): Record<string, unknown> {
  return settings({ PreToolUse: [group('Bash', { type: 'command', if: 'Bash(rm *)', command: '${CLAUDE_PROJECT_DIR}/.claude/hooks/block-rm.sh', args: [] })] });
}

/** A project with the docs' block-rm.sh at .claude/hooks/block-rm.sh. */
async function installBlockRm(projectDir: string): Promise<void> {
  await mkdir(join(projectDir, '.claude', 'hooks'), { recursive: true });
  await copyFile(BLOCK_RM, join(projectDir, '.claude', 'hooks', 'block-rm.sh'));
}

const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_1' });

describe.each(HOSTS)('handler fields with real scripts, %s host', (host) => {
  it('block-rm.sh with if "Bash(rm *)" and exec form: not run for ls, denies rm -rf, runs but answers nothing for a plain rm', async () => {
    const ws = await workspace();
    await installBlockRm(ws.root);
    const config = await ws.loadClaude(blockRmSettings());
    expect(config.problems).toEqual([]);
    const engine = engineFor(host, ws, config, { env: { ...process.env, HANDLERS_RUN_LOG: ws.path('runs.log') } });

    expect((await engine.fire('PreToolUse', bash('ls -la'))).hooks).toEqual([]);
    expect(await ws.lines('runs.log')).toEqual([]);
    expect(await engine.fire('PreToolUse', bash('rm -rf build'))).toMatchObject({ blocked: true, decision: 'deny', reason: 'Destructive command blocked by hook' });
    expect(await engine.fire('PreToolUse', bash('rm notes.txt'))).toMatchObject({ blocked: false, decision: null, hooks: [{ status: 'ok' }] });
    expect(await ws.lines('runs.log')).toEqual(['block-rm ran', 'block-rm ran']);
  });

  it('security-guidance style: if "Bash(git commit:*)" asyncRewake hooks review in the background and wake the agent with rewakeMessage', async () => {
    const ws = await workspace();
    const review = (rule: string, what: string) => ({
      type: 'command', command: shell('sh', REVIEW_COMMIT), if: rule, asyncRewake: true, timeout: 30,
      rewakeMessage: `Background security review of ${what}: address or acknowledge the findings below.`, rewakeSummary: `${what} security review found issues`,
    });
    const config = await ws.loadClaude(settings({ PostToolUse: [group('Bash', review('Bash(git commit:*)', 'commit'), review('Bash(git push:*)', 'push'))] }));
    expect(config.problems).toEqual([]);
    const wakes: Rewake[] = [];
    const engine = engineFor(host, ws, config, { env: { ...process.env, HANDLERS_RUN_LOG: ws.path('runs.log') }, onRewake: (rewake) => wakes.push(rewake) });

    const status = await engine.fire('PostToolUse', { ...bash('git status'), tool_response: {} });
    const commit = await engine.fire('PostToolUse', { ...bash('git add -A && git commit -m "parse input with eval( for speed"'), tool_response: {} });
    await engine.close();

    expect(status.hooks).toEqual([]);
    expect(commit).toMatchObject({ blocked: false, hooks: [] });
    expect(await ws.lines('runs.log')).toEqual(['review ran']);
    expect(wakes).toEqual([{
      event: 'PostToolUse', hookId: expect.any(String), summary: 'commit security review found issues',
      message: 'Background security review of commit: address or acknowledge the findings below.\nsecurity: the change calls eval( on data that may come from the user; use a parser instead',
    }]);
  });

  it("a plugin guard in node under ${CLAUDE_PLUGIN_ROOT}: refuses a .env edit, lets others through, keeps state in CLAUDE_PLUGIN_DATA", async () => {
    const ws = await workspace();
    const config = await ws.load({ plugins: [SECRET_GUARD] });
    expect(config.problems).toEqual([]);
    const engine = engineFor(host, ws, config);

    const env = await engine.fire('PreToolUse', { tool_name: 'Edit', tool_input: { file_path: ws.path('.env'), old_string: 'a', new_string: 'b' } });
    const source = await engine.fire('PreToolUse', { tool_name: 'Read', tool_input: { file_path: ws.path('src/app.ts') } });

    expect(env).toMatchObject({ blocked: true, decision: 'deny', reason: 'You cannot read or edit the .env file.' });
    expect(source).toMatchObject({ blocked: false, decision: null, hooks: [{ status: 'ok' }] });
    expect(await ws.lines('home/.claude/plugins/data/secret-guard/checked.log')).toEqual([ws.path('.env'), ws.path('src/app.ts')]);
  });

  it('explanatory-output-style as a plugin: its SessionStart loader gives the model its instructions', async () => {
    const ws = await workspace();
    const config = await ws.load({ plugins: [EXPLANATORY] });
    expect(config.problems).toEqual([]);
    const result = await engineFor(host, ws, config).fire('SessionStart', { source: 'startup' });
    expect(result.additionalContext).toMatch(/^You are in explanatory output style mode: before and after writing code/);
  });

  it('a SessionStart hook writing CLAUDE_ENV_FILE: its export lines come back for the agent to source', async () => {
    const ws = await workspace();
    const config = await ws.loadClaude(settings({ SessionStart: [group(undefined, { type: 'command', command: shell(SETUP_ENV) })] }));
    const result = await engineFor(host, ws, config).fire('SessionStart', { source: 'startup' });
    expect(result.environmentExports).toBe('export NODE_ENV=production\nexport PATH="$PATH:./node_modules/.bin"\n');
  });

  it('statusMessage is reported while the hook runs, and once removes the hook after its first successful run', async () => {
    const ws = await workspace();
    const config = await ws.loadClaude(settings({ SessionStart: [group(undefined, { type: 'command', command: shell(SETUP_ENV), statusMessage: 'Preparing the environment…', once: true })] }));
    const started: HookStarted[] = [];
    const engine = engineFor(host, ws, config, { onHookStarted: (event) => started.push(event) });
    const first = await engine.fire('SessionStart', { source: 'startup' });
    const second = await engine.fire('SessionStart', { source: 'resume' });
    expect(started).toEqual([{ event: 'SessionStart', hookId: expect.any(String), background: false, statusMessage: 'Preparing the environment…' }]);
    expect(first.hooks).toMatchObject([{ status: 'ok', statusMessage: 'Preparing the environment…' }]);
    expect(second.hooks).toEqual([]);
  });

  it('a field Claude Code does not define is ignored with a note, as Claude Code ignores it: the hook still guards', async () => {
    const ws = await workspace();
    const config = await ws.loadClaude(settings({ PreToolUse: [group('Bash', { type: 'command', command: shell(BLOCK_RM), description: 'no rm' })] }));
    expect(config.problems).toEqual([expect.stringContaining('"description" is not a field of a Claude Code hook: ignored, as Claude Code ignores it')]);
    const engine = engineFor(host, ws, config);
    expect(await engine.fire('PreToolUse', bash('rm -rf /'))).toMatchObject({ blocked: true, decision: 'deny' });
    expect(await engine.fire('PreToolUse', bash('ls'))).toMatchObject({ blocked: false });
  });

  it('onFailure "block" makes a hook that cannot answer refuse; a value Claude Code does not take makes the entry refuse instead of vanishing', async () => {
    const ws = await workspace();
    const config = await ws.loadClaude(settings({
      PostToolUse: [group('Bash', { type: 'command', command: '/nonexistent/guard.sh', onFailure: 'block' })],
      PreToolUse: [group('Bash', { type: 'command', command: shell(BLOCK_RM), onFailure: 'sometimes' })],
    }));
    const engine = engineFor(host, ws, config);
    const post = await engine.fire('PostToolUse', { ...bash('ls'), tool_response: { stdout: '' } });
    const pre = await engine.fire('PreToolUse', bash('ls'));

    expect(config.problems).toEqual([expect.stringContaining('hooks.PreToolUse[0].hooks[0].onFailure: expected "block"')]);
    expect(post.failures).toEqual([expect.objectContaining({ onError: 'closed' })]);
    expect(pre).toMatchObject({ blocked: true, decision: 'deny' });
  });

  it('onFailure "continue", and Cursor\'s failClosed: false, let a guard that cannot answer through, reported; failClosed: true refuses', async () => {
    const ws = await workspace();
    const config = await ws.loadClaude(settings({
      PreToolUse: [
        group('Bash', { type: 'command', command: '/nonexistent/guard.sh', onFailure: 'continue' }),
        group('Read', { type: 'command', command: '/nonexistent/guard.sh', failClosed: false }),
        group('Write', { type: 'command', command: '/nonexistent/guard.sh', failClosed: true }),
      ],
    }));
    expect(config.problems).toEqual([]);
    const engine = engineFor(host, ws, config);

    const bashCall = await engine.fire('PreToolUse', bash('ls'));
    const read = await engine.fire('PreToolUse', { tool_name: 'Read', tool_input: { file_path: 'a' } });
    const write = await engine.fire('PreToolUse', { tool_name: 'Write', tool_input: { file_path: 'a' } });

    expect(bashCall).toMatchObject({ blocked: false, failures: [expect.objectContaining({ exitCode: 127, onError: 'open' })] });
    expect(read).toMatchObject({ blocked: false, failures: [expect.objectContaining({ exitCode: 127, onError: 'open' })] });
    expect(write).toMatchObject({ blocked: true, decision: 'deny', failures: [expect.objectContaining({ exitCode: 127, onError: 'closed' })] });
  });
});
