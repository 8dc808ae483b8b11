import { mkdir, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const BASH_RM = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };

describe('hookpool init', () => {
  it('creates .hookpool/hooks.json; run again it changes nothing and says so', async () => {
    const created = await project.cli(['init']);
    const first = await project.read('.hookpool/hooks.json');
    const again = await project.cli(['init']);

    expect(created).toMatchObject({ exitCode: 0, stdout: 'created .hookpool/hooks.json\n' });
    // hookpool is not installed in this project: no $schema pointing at a node_modules that is not there.
    expect(JSON.parse(first)).toEqual({ hooks: [] });
    expect(again).toMatchObject({ exitCode: 0, stdout: '.hookpool/hooks.json already exists: left as it is\nnothing changed: the project is already set up as asked\n' });
    expect(await project.read('.hookpool/hooks.json')).toBe(first);
  });

  it('points $schema at the schema of the hookpool installed in the project', async () => {
    await mkdir(join(project.dir, 'node_modules'));
    await symlink(PACKAGE_DIR, join(project.dir, 'node_modules', 'hookpool'));

    await project.cli(['init']);
    await project.cli(['add', '--event', 'Stop', '--command', 'true', '--file', 'hooks/extra.json']);

    expect(JSON.parse(await project.read('.hookpool/hooks.json')).$schema).toBe('../node_modules/hookpool/schema.json');
    expect(JSON.parse(await project.read('hooks/extra.json')).$schema).toBe('../node_modules/hookpool/schema.json');
  });

  it('adds the examples an existing file does not hold, keeps the ones it has and your own scripts, and changes nothing the second time', async () => {
    await project.cli(['init', '--example', 'block-rm']);
    await project.write('.hookpool/hooks/notify.sh', '#!/bin/sh\necho mine\n');
    const before = await project.read('.hookpool/hooks.json');

    const more = await project.cli(['init', '--example', 'block-rm,notify', '--agent', 'gemini']);
    const afterMore = await project.read('.hookpool/hooks.json');
    const settings = await project.read('.gemini/settings.json');
    const again = await project.cli(['init', '--example', 'block-rm,notify', '--agent', 'gemini']);

    expect(more.exitCode).toBe(0);
    expect(more.stdout).toContain('added notify to .hookpool/hooks.json\n');
    expect(more.stdout).toContain('.hookpool/hooks.json already has block-rm: left as it is\n');
    expect(more.stdout).toContain('  kept your .hookpool/hooks/notify.sh (it differs from the example\'s)\n');
    expect(afterMore.startsWith(before.replace(/\n  \]\n\}\n$/, ''))).toBe(true);
    expect(JSON.parse(afterMore).hooks.map((hook: { id: string }) => hook.id)).toEqual(['block-rm', 'notify']);
    expect(await project.read('.hookpool/hooks/notify.sh')).toBe('#!/bin/sh\necho mine\n');
    expect(again.stdout).toContain('nothing changed: the project is already set up as asked');
    expect(await project.read('.hookpool/hooks.json')).toBe(afterMore);
    expect(await project.read('.gemini/settings.json')).toBe(settings);
  });

  it('copies the chosen examples with executable scripts, and they run once trusted', async () => {
    const { exitCode, stdout } = await project.cli(['init', '--example', 'block-rm,notify']);
    await project.cli(['trust']);
    const run = await project.cli(['run', 'PreToolUse', '--json', '--input', JSON.stringify(BASH_RM)]);

    expect(exitCode).toBe(0);
    expect(stdout).toContain('created .hookpool/hooks.json with block-rm, notify');
    expect(JSON.parse(await project.read('.hookpool/hooks.json')).hooks.map((hook: { id: string }) => hook.id)).toEqual(['block-rm', 'notify']);
    expect((await stat(join(project.dir, '.hookpool/hooks/block-rm.sh'))).mode & 0o111).not.toBe(0);
    expect(run.exitCode).toBe(2);
  });

  it('names the known examples for an unknown one, and lists them in --help', async () => {
    const wrong = await project.cli(['init', '--example', 'block-rn']);
    const help = await project.cli(['init', '--help']);

    expect(wrong.exitCode).toBe(1);
    expect(wrong.stderr).toContain('--example block-rn: no such example (choose from block-rm, webfetch-permission, auto-lint, notify, auto-test, or all)');
    expect(help.stdout).toContain('block-rm             PreToolUse Bash: refuse rm -rf before it runs');
    await expect(project.read('.hookpool/hooks.json')).rejects.toThrow();
  });

  it("wires Claude Code with http entries that block when the server cannot answer, the session's start through the client, keeping the settings' other content", async () => {
    const original = '{\n  "model": "opus",\n  "hooks": {\n    "PreToolUse": [\n      {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo mine"}]}\n    ]\n  }\n}\n';
    await project.write('.claude/settings.json', original);

    const first = await project.cli(['init', '--example', 'block-rm,auto-test', '--agent', 'claude']);
    const afterFirst = await project.read('.claude/settings.json');
    const second = await project.cli(['init', '--agent', 'claude']);
    const { hooks } = JSON.parse(afterFirst);

    expect(first.stdout).toContain('wired .claude/settings.json for Claude Code: PreToolUse, Stop, SessionStart, UserPromptSubmit');
    expect(first.stdout).toContain('in Claude Code: Claude Code 2.1.295 or later');
    expect(afterFirst.startsWith('{\n  "model": "opus",\n  "hooks": {\n    "PreToolUse": [\n      {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo mine"}]},\n')).toBe(true);
    expect(hooks.PreToolUse[1]).toEqual({ matcher: 'Bash', hooks: [{ type: 'http', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/hookpool\/claude-code$/), timeout: 60, onFailure: 'block' }] });
    expect(hooks.Stop[0]).toEqual({ hooks: [{ type: 'http', url: hooks.PreToolUse[1].hooks[0].url, timeout: 310 }] });
    expect(hooks.SessionStart[0].hooks[0]).toMatchObject({ type: 'command', command: expect.stringMatching(/hookpool-client\.cjs --format claude --part foreground,background --http-port \d+$/) });
    expect(hooks.UserPromptSubmit[0].hooks[0]).toMatchObject({ type: 'command', onFailure: 'block', command: expect.stringContaining('hookpool-client.cjs --format claude --part foreground,background --http-port') });
    expect(second.stdout).toContain('.claude/settings.json already calls hookpool on PreToolUse, Stop, SessionStart, UserPromptSubmit: left as it is');
    expect(await project.read('.claude/settings.json')).toBe(afterFirst);
  });

  it('--transport command writes command entries that refuse on a guard event when hookpool cannot start, and pass exit 0 and 2 through', async () => {
    await project.cli(['init', '--example', 'block-rm,notify', '--agent', 'claude', '--transport', 'command']);
    const { hooks } = JSON.parse(await project.read('.claude/settings.json'));
    const guard: string = hooks.PreToolUse[0].hooks[0].command;
    const notice: string = hooks.Notification[0].hooks[0].command;
    // No node on this PATH: the executables' `#!/usr/bin/env node` cannot start.
    const shell = (command: string) => execa('/bin/sh', ['-c', command], { env: { PATH: '/nonexistent' }, extendEnv: false, reject: false, input: '{}' });

    const refused = await shell(guard);
    const proceeded = await shell(notice);

    expect(hooks.PreToolUse[0].hooks[0]).toMatchObject({ type: 'command', onFailure: 'block' });
    expect(hooks.SessionStart).toBeUndefined();
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('hookpool could not run (exit 127): refusing');
    expect(proceeded.exitCode).toBe(127);
  });

  it('gives asyncRewake hooks an asyncRewake entry of their own, and replaces entries an older init wrote', async () => {
    await project.write('.claude/settings.json', { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'if command -v hookpool-client >/dev/null 2>&1; then hookpool-client; else npx --no hookpool run --format claude; fi' }] }] } });
    await project.write('.hookpool/hooks.json', { hooks: [{ event: 'Stop', command: 'true' }, { event: 'Stop', command: 'exit 2', asyncRewake: true, timeout: 20_000 }] });

    await project.cli(['init', '--agent', 'claude']);
    const { hooks } = JSON.parse(await project.read('.claude/settings.json'));

    expect(hooks.Stop).toEqual([
      { hooks: [{ type: 'http', url: expect.any(String), timeout: 60 }] },
      { hooks: [{ type: 'command', command: expect.stringContaining('hookpool.cjs run --format claude --part rewake Stop'), asyncRewake: true, timeout: 60 }] },
    ]);
  });

  it('refuses --transport without --agent claude, and an unknown agent, writing nothing', async () => {
    const unknown = await project.cli(['init', '--agent', 'aider']);
    const transport = await project.cli(['init', '--transport', 'http', '--agent', 'gemini']);

    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain("argument 'aider' is invalid");
    expect(transport.stderr).toBe('hookpool: --transport chooses how Claude Code reaches hookpool: use it with --agent claude\n');
    await expect(project.read('.hookpool/hooks.json')).rejects.toThrow();
  });
});

describe('hookpool run with settings wired to hookpool', () => {
  it('skips the entries that call hookpool itself, with a notice, and runs each hook once', async () => {
    await project.cli(['init', '--example', 'block-rm', '--agent', 'claude', '--transport', 'command']);
    await project.write('.claude/settings.json', JSON.parse(await project.read('.claude/settings.json')));
    await project.cli(['trust']);

    const { exitCode, stdout, stderr } = await project.cli(['run', 'PreToolUse', '--json', '--claude-settings', 'auto', '--input', JSON.stringify(BASH_RM)]);
    const result = JSON.parse(stdout);

    expect(exitCode).toBe(2);
    expect(result.hooks.map((outcome: { id: string }) => outcome.id)).toEqual(['block-rm']);
    expect(stderr).toContain('skipped an entry that calls hookpool itself (.claude/settings.json hooks.PreToolUse[0].hooks[0]): hookpool never runs inside hookpool');
  });

  it('still runs a hand-made settings hook that merely mentions hookpool', async () => {
    await project.write('.claude/settings.json', { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo hookpool > stopped.txt' }] }] } });

    const { exitCode, stderr } = await project.cli(['run', 'Stop', '--claude-settings', '.claude/settings.json']);

    expect(exitCode).toBe(0);
    expect(stderr).toBe('');
    expect(await project.read('stopped.txt')).toBe('hookpool\n');
  });
});
