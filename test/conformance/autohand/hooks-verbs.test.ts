// Autohand docs, "Managing Hooks with /hooks": add new hooks, enable/disable individual hooks,
// remove hooks and toggle hooks globally (`"hooks": {"enabled"}`, its display's "Mode"), all in
// ~/.autohand/config.json. hookpool's add (--autohand), disable, enable (with --autohand for the
// global toggle) and remove do the same to that file, through the built CLI, leaving every other
// byte as it was.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from '../../cli/cli-harness.js';

let project: TempProject;
let config: string;
beforeEach(async () => {
  project = await createTempProject();
  config = join(project.home, '.autohand', 'config.json');
});
afterEach(async () => project.remove());

const read = async () => readFile(config, 'utf8');
const ids = async () => (JSON.parse((await project.cli(['list', '--json'])).stdout) as { events: { hooks: { id: string; enabled: boolean }[] }[] }).events.flatMap((group) => group.hooks.map((hook) => [hook.id, hook.enabled]));

describe('Autohand /hooks verbs on ~/.autohand/config.json', () => {
  it('add writes the docs\' entry shape (creating the file), then appends; disable and enable flip its "enabled"; remove deletes it', async () => {
    const added = await project.cli(['add', '--autohand', '--event', 'pre-tool', '--command', 'echo "Running tool: $HOOK_TOOL" >> ~/.autohand/hooks.log', '--description', 'Log all tool executions']);
    expect(added).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('added a pre-tool hook to') });
    expect(JSON.parse(await read())).toEqual({ hooks: { enabled: true, hooks: [
      { event: 'pre-tool', command: 'echo "Running tool: $HOOK_TOOL" >> ~/.autohand/hooks.log', description: 'Log all tool executions', enabled: true },
    ] } });

    await project.cli(['add', '--autohand', '--event', 'pre-tool', '--command', './log-dangerous.sh', '--matcher', '^(run_command|delete_path)$', '--description', 'Log only dangerous tool calls', '--timeout', '2000', '--background']);
    const two = await read();
    expect(JSON.parse(two).hooks.hooks[1]).toEqual({ event: 'pre-tool', command: './log-dangerous.sh', description: 'Log only dangerous tool calls', enabled: true, timeout: 2000, async: true, matcher: '^(run_command|delete_path)$' });
    expect(await ids()).toEqual([['echo@PreToolUse', true], ['log-dangerous.sh@PreToolUse', true]]);

    expect((await project.cli(['disable', 'log-dangerous.sh@PreToolUse'])).exitCode).toBe(0);
    expect(await read()).toBe(two.replace('"enabled": true,\n        "timeout": 2000', '"enabled": false,\n        "timeout": 2000'));
    expect(await ids()).toEqual([['echo@PreToolUse', true], ['log-dangerous.sh@PreToolUse', false]]);
    await project.cli(['enable', 'log-dangerous.sh@PreToolUse']);
    expect(await read()).toBe(two);

    const removed = await project.cli(['remove', 'echo@PreToolUse']);
    expect(removed).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('removed echo@PreToolUse') });
    expect(JSON.parse(await read()).hooks.hooks).toEqual([JSON.parse(two).hooks.hooks[1]]);
    expect(await ids()).toEqual([['log-dangerous.sh@PreToolUse', true]]);
  });

  it('add keeps the rest of an existing Autohand config (its provider settings) and adds the hooks envelope it lacks', async () => {
    await mkdir(dirname(config), { recursive: true });
    await writeFile(config, '{\n  "provider": "openrouter",\n  "openrouter": { "model": "x" }\n}\n');

    const added = await project.cli(['add', '--autohand', '--event', 'session-start', '--command', './log-session.sh', '--description', 'Log sessions']);

    expect(added.exitCode).toBe(0);
    expect(JSON.parse(await read())).toEqual({ provider: 'openrouter', openrouter: { model: 'x' }, hooks: { enabled: true, hooks: [{ event: 'session-start', command: './log-session.sh', description: 'Log sessions', enabled: true }] } });
  });

  it('refuses what an Autohand entry cannot say, in one line, changing nothing', async () => {
    await project.cli(['add', '--autohand', '--event', 'stop', '--command', 'true']);
    const before = await read();

    const withId = await project.cli(['add', '--autohand', '--event', 'stop', '--command', 'true', '--id', 'x']);
    const badMatcher = await project.cli(['add', '--autohand', '--event', 'pre-tool', '--command', 'true', '--matcher', '*']);
    const noSuchEvent = await project.cli(['add', '--autohand', '--event', 'PreCompact', '--command', 'true']);

    expect(withId).toMatchObject({ exitCode: 1, stderr: expect.stringContaining('Autohand hooks have no id') });
    expect(badMatcher.stderr).toContain('invalid matcher regex "*"');
    expect(noSuchEvent.stderr).toContain('Autohand has no PreCompact event');
    for (const result of [withId, badMatcher, noSuchEvent]) expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(await read()).toBe(before);
  });

  it('disable --autohand sets "hooks": {"enabled": false}: every hook is off, each keeping its own "enabled"; enable --autohand turns them back on', async () => {
    await mkdir(dirname(config), { recursive: true });
    const original = `${JSON.stringify({ provider: 'openrouter', hooks: { enabled: true, hooks: [
      { event: 'pre-tool', command: `echo pre >> ${join(project.dir, 'ran.txt')}`, description: 'Log tool usage' },
      { event: 'stop', command: './track-tokens.sh', description: 'Track token usage', enabled: false },
    ] } }, null, 2)}\n`;
    await writeFile(config, original);
    const fire = async () => (await project.cli(['run', 'PreToolUse', '--input', '{"tool_name":"run_command","tool_input":{}}'])).exitCode;

    const disabled = await project.cli(['disable', '--autohand']);

    expect(disabled).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('every hook of ~/.autohand/config.json is off ("hooks": {"enabled": false})') });
    expect(await read()).toBe(original.replace('"enabled": true,\n    "hooks"', '"enabled": false,\n    "hooks"'));
    expect(await ids()).toEqual([['echo@PreToolUse', false], ['track-tokens.sh@Stop', false]]);
    expect(await fire()).toBe(0);
    expect(await readFile(join(project.dir, 'ran.txt'), 'utf8').catch(() => null)).toBeNull();
    // Turning one entry on says why it still does not run, and how to fix it.
    expect((await project.cli(['enable', 'echo@PreToolUse'])).stdout).toContain('its file turns off all its hooks ("hooks": {"enabled": false}); hookpool enable --autohand turns them back on');
    expect((await project.cli(['disable', '--autohand'])).stdout).toContain('already off');

    const enabled = await project.cli(['enable', '--autohand']);

    expect(enabled).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('every hook of ~/.autohand/config.json is on') });
    expect(await read()).toBe(original);
    expect(await ids()).toEqual([['echo@PreToolUse', true], ['track-tokens.sh@Stop', false]]);
    expect(await fire()).toBe(0);
    expect(await readFile(join(project.dir, 'ran.txt'), 'utf8')).toBe('pre\n');
  });

  it('the global toggle refuses, in one line, a missing file, a file without Autohand hooks, and a hook id beside --autohand', async () => {
    const missing = await project.cli(['disable', '--autohand']);
    await mkdir(dirname(config), { recursive: true });
    await writeFile(config, '{ "provider": "openrouter" }\n');
    const noHooks = await project.cli(['disable', '--autohand']);
    const withId = await project.cli(['disable', '--autohand', 'echo@PreToolUse']);

    expect(missing.stderr).toContain('~/.autohand/config.json: no such file, so it has no Autohand hooks');
    expect(noHooks.stderr).toContain('~/.autohand/config.json: has no Autohand hooks ("hooks": {"enabled", "hooks": [...]}) to turn off');
    expect(withId.stderr).toContain('name a hook or give --autohand, not both');
    for (const result of [missing, noHooks, withId]) expect(result).toMatchObject({ exitCode: 1, stderr: expect.not.stringContaining('\n    at ') });
    for (const result of [missing, noHooks, withId]) expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(await read()).toBe('{ "provider": "openrouter" }\n');
  });
});
