import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, EXAMPLES, type TempProject } from './cli-harness.js';
import { readFile } from 'node:fs/promises';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

describe('hookpool enable / disable', () => {
  it('adds "enabled": false to the one hook and leaves every other byte of the file as it was', async () => {
    const original = await readFile(`${EXAMPLES}hookpool.json`, 'utf8');
    const config = await project.installExamples();

    const disabled = await project.cli(['disable', 'auto-lint', '--config', config]);
    const edited = await project.read('.hookpool/hooks.json');
    const listed = await project.cli(['list', '--config', config]);

    expect(disabled).toMatchObject({ exitCode: 0, stdout: 'disabled auto-lint (.hookpool/hooks.json hooks[2])\n' });
    expect(edited).toBe(original.replace(
      `"description": "lint the changed file with the project's own linter, if it has one"\n`,
      `"description": "lint the changed file with the project's own linter, if it has one",\n      "enabled": false\n`,
    ));
    expect(listed.stdout).toContain('PostToolUse (0/1 enabled)');
  });

  it('flips an existing field in place, keeping tabs, CRLF and compact objects', async () => {
    const text = '{\r\n\t"hooks": [\r\n\t\t{"id": "a", "event": "Stop", "command": "true", "enabled": false},\r\n\t\t{\r\n\t\t\t"id": "b",\r\n\t\t\t"event": "Stop",\r\n\t\t\t"command": "true"\r\n\t\t}\r\n\t]\r\n}\r\n';
    await project.write('hooks.json', text);

    await project.cli(['enable', 'a', '--config', 'hooks.json']);
    await project.cli(['disable', 'b', '--config', 'hooks.json']);

    expect(await project.read('hooks.json')).toBe(text.replace('"enabled": false}', '"enabled": true}').replace('"command": "true"\r\n\t\t}', '"command": "true",\r\n\t\t\t"enabled": false\r\n\t\t}'));
  });

  it('says so when nothing changes', async () => {
    const config = await project.installExamples();

    const { exitCode, stdout } = await project.cli(['enable', 'block-rm', '--config', config]);

    expect(exitCode).toBe(0);
    expect(stdout).toBe('block-rm is already enabled (.hookpool/hooks.json hooks[0]); nothing changed\n');
  });

  it('keeps a trusted project file trusted after the edit', async () => {
    await project.installExamples();
    await project.cli(['trust']);

    const disabled = await project.cli(['disable', 'notify']);
    const listed = await project.cli(['list']);

    expect(disabled.stdout).toContain('the file stays trusted');
    expect(listed.stdout).not.toContain('untrusted');
    expect(listed.stdout).toContain('Notification (0/1 enabled)');
  });

  it('turns a Claude settings hook off and on without touching the settings file, and says what that covers', async () => {
    const original = await readFile(`${EXAMPLES}claude-settings.json`, 'utf8');
    const settings = await project.write('.claude/settings.json', original);
    const hook = ['block-rm.sh@PreToolUse', '--claude-settings', settings];
    const fire = ['run', 'PreToolUse', '--claude-settings', settings, '--json', '--input', '{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}'];

    const disabled = await project.cli(['disable', ...hook]);
    const whileOff = await project.cli(fire);
    const listed = await project.cli(['list', '--claude-settings', settings]);
    const enabled = await project.cli(['enable', ...hook]);
    const whileOn = await project.cli(fire);

    expect(disabled.exitCode).toBe(0);
    expect(disabled.stdout).toContain('disabled block-rm.sh@PreToolUse (.claude/settings.json hooks.PreToolUse[0].hooks[0])');
    expect(disabled.stdout).toContain('disabled-hooks.json');
    expect(disabled.stdout).toContain('Claude Code itself still runs it when it reads that settings file');
    expect(await project.read('.claude/settings.json')).toBe(original);
    const ran = (run: { stdout: string }) => (JSON.parse(run.stdout) as { hooks: { id: string }[] }).hooks.map((outcome) => outcome.id);
    expect(ran(whileOff)).not.toContain('block-rm.sh@PreToolUse');
    expect(listed.stdout).toMatch(/PreToolUse \(1\/2 enabled\)\n\s+off\s+block-rm\.sh@PreToolUse/);
    expect(enabled).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('enabled block-rm.sh@PreToolUse') });
    expect(ran(whileOn)).toContain('block-rm.sh@PreToolUse');
  });
});
