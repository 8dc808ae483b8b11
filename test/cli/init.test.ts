import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

const BASH_RM = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };

describe('hookpool init', () => {
  it('creates .hookpool/hooks.json with $schema and refuses to overwrite it', async () => {
    const created = await project.cli(['init']);
    const again = await project.cli(['init']);

    expect(created.exitCode).toBe(0);
    expect(JSON.parse(await project.read('.hookpool/hooks.json'))).toEqual({ $schema: '../node_modules/hookpool/schema.json', hooks: [] });
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toBe('hookpool: .hookpool/hooks.json already exists; hookpool init never overwrites it (add hooks with hookpool add)\n');
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

  it("wires Claude Code once per event of the configured hooks, keeping the settings' other content", async () => {
    const original = '{\n  "model": "opus",\n  "hooks": {\n    "PreToolUse": [\n      {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo mine"}]}\n    ]\n  }\n}\n';
    await project.write('.claude/settings.json', original);

    const first = await project.cli(['init', '--example', 'block-rm,auto-test', '--agent', 'claude']);
    const afterFirst = await project.read('.claude/settings.json');
    const second = await project.cli(['init', '--agent', 'claude']);
    const settings = JSON.parse(afterFirst);

    expect(first.stdout).toContain('wired .claude/settings.json (command): PreToolUse, Stop');
    expect(afterFirst.startsWith('{\n  "model": "opus",\n  "hooks": {\n    "PreToolUse": [\n      {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo mine"}]},\n')).toBe(true);
    expect(settings.hooks.PreToolUse).toHaveLength(2);
    expect(settings.hooks.PreToolUse[1].hooks[0].command).toContain('hookpool-client');
    expect(settings.hooks.PreToolUse[1].hooks[0].command).toContain('npx --no hookpool run --format claude');
    expect(settings.hooks.Stop[0].hooks[0].timeout).toBe(310);
    expect(second.stdout).toContain('.claude/settings.json already calls hookpool on PreToolUse, Stop: left as it is');
    expect(await project.read('.claude/settings.json')).toBe(afterFirst);
  });

  it('refuses on a guard event when hookpool cannot start, and passes exit 0 and 2 through', async () => {
    await project.cli(['init', '--example', 'block-rm,notify', '--agent', 'claude']);
    const { hooks } = JSON.parse(await project.read('.claude/settings.json'));
    const guard: string = hooks.PreToolUse[0].hooks[0].command;
    const notice: string = hooks.Notification[0].hooks[0].command;
    // No hookpool-client and no npx on this PATH: the fallback itself fails to start.
    const shell = (command: string) => execa('/bin/sh', ['-c', command], { env: { PATH: '/nonexistent' }, extendEnv: false, reject: false, input: '{}' });

    const refused = await shell(guard);
    const proceeded = await shell(notice);

    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('hookpool could not run (exit 127): refusing');
    expect(proceeded.exitCode).toBe(127);
  });

  it('--http writes type "http" entries for hookpool serve', async () => {
    await project.cli(['init', '--example', 'block-rm', '--agent', 'claude', '--http']);
    const { hooks } = JSON.parse(await project.read('.claude/settings.json'));

    expect(hooks.PreToolUse[0].hooks[0]).toMatchObject({ type: 'http', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//), allowedEnvVars: ['HOOKPOOL_SERVE_TOKEN'] });
  });

  it('refuses --http without --agent claude, and an unknown agent, writing nothing', async () => {
    const unknown = await project.cli(['init', '--agent', 'aider']);
    const http = await project.cli(['init', '--http', '--agent', 'gemini']);

    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain("argument 'aider' is invalid");
    expect(http.stderr).toBe('hookpool: --http wires Claude Code: use it with --agent claude\n');
    await expect(project.read('.hookpool/hooks.json')).rejects.toThrow();
  });
});

describe('hookpool run with settings wired to hookpool', () => {
  it('skips the entries that call hookpool itself, with a notice, and runs each hook once', async () => {
    await project.cli(['init', '--example', 'block-rm', '--agent', 'claude']);
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
