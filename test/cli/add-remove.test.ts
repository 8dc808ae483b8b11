import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

describe('hookpool add', () => {
  it('creates .hookpool/hooks.json, then appends in the file\'s own layout', async () => {
    const first = await project.cli(['add', '--event', 'tool.pre', '--matcher', 'Bash', '--command', 'echo one', '--id', 'one', '--timeout', '5000']);
    const created = await project.read('.hookpool/hooks.json');
    const second = await project.cli(['add', '--event', 'Stop', '--command', 'echo two', '--description', 'the second', '--background']);
    const appended = await project.read('.hookpool/hooks.json');
    const listed = await project.cli(['list', '--json']);

    expect(first).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('added one to .hookpool/hooks.json (new file)') });
    expect(JSON.parse(created)).toEqual({ hooks: [{ id: 'one', event: 'PreToolUse', matcher: 'Bash', command: 'echo one', timeout: 5000 }] });
    expect(second.exitCode).toBe(0);
    expect(appended).toBe(created.replace('      "timeout": 5000\n    }\n', '      "timeout": 5000\n    },\n    {\n      "event": "Stop",\n      "command": "echo two",\n      "background": true,\n      "description": "the second"\n    }\n'));
    expect(JSON.parse(listed.stdout).events.map((group: { event: string; total: number }) => [group.event, group.total])).toEqual([['PreToolUse', 1], ['Stop', 1]]);
  });

  it('refuses what the schema refuses, a taken id and a file that is not native, changing nothing', async () => {
    await project.cli(['add', '--event', 'Stop', '--command', 'true', '--id', 'taken']);
    const before = await project.read('.hookpool/hooks.json');
    await project.write('.claude/settings.json', { hooks: {} });

    const badTimeout = await project.cli(['add', '--event', 'Stop', '--command', 'true', '--timeout', 'soon']);
    const badEvent = await project.cli(['add', '--event', 'PreToolUs', '--command', 'true']);
    const taken = await project.cli(['add', '--event', 'Stop', '--command', 'false', '--id', 'taken']);
    const claude = await project.cli(['add', '--event', 'Stop', '--command', 'true', '--file', '.claude/settings.json']);

    expect(badTimeout).toMatchObject({ exitCode: 1, stderr: 'hookpool: .hookpool/hooks.json (new hook): timeout: expected a number of milliseconds\n' });
    expect(badEvent.stderr).toContain('did you mean "PreToolUse"');
    expect(taken.stderr).toBe('hookpool: a hook with the id "taken" already exists (hookpool list shows it); choose another --id\n');
    expect(claude.stderr).toContain('.claude/settings.json: a claude file; hookpool writes native hookpool files only');
    expect(await project.read('.hookpool/hooks.json')).toBe(before);
  });
});

describe('hookpool add in a project wired for agents', () => {
  it("wires the new event into each agent already wired, in that agent's own names", async () => {
    await project.cli(['init', '--example', 'block-rm', '--agent', 'gemini']);
    await project.cli(['init', '--agent', 'claude']);

    const { stdout } = await project.cli(['add', '--event', 'PostToolUse', '--matcher', 'Write', '--command', 'true', '--id', 'after-write']);
    const gemini = JSON.parse(await project.read('.gemini/settings.json')).hooks;
    const claude = JSON.parse(await project.read('.claude/settings.json')).hooks;

    expect(stdout).toContain('wired .gemini/settings.json for Gemini CLI: AfterTool');
    expect(stdout).toContain('wired .claude/settings.json for Claude Code: PostToolUse');
    expect(gemini.AfterTool).toEqual([expect.objectContaining({ matcher: '^(write_file)$' })]);
    expect(claude.PostToolUse).toEqual([{ matcher: 'Write', hooks: [expect.objectContaining({ type: 'http' })] }]);
    expect(Object.keys(gemini)).toEqual(['BeforeTool', 'AfterTool']);
  });
});

describe('hookpool remove', () => {
  it('deletes one native entry, byte for byte, and a trusted file stays trusted', async () => {
    await project.installExamples();
    await project.cli(['trust']);
    const original = await project.read('.hookpool/hooks.json');

    const removed = await project.cli(['remove', 'notify']);
    const after = await project.read('.hookpool/hooks.json');
    const listed = await project.cli(['list']);

    expect(removed.stdout).toBe('removed notify (.hookpool/hooks.json hooks[3])\nthe file stays trusted: this edit only removed or switched hooks the file held when you trusted it\n');
    expect(JSON.parse(after).hooks.map((hook: { id: string }) => hook.id)).toEqual(['block-rm', 'webfetch-permission', 'auto-lint', 'auto-test']);
    expect(original.replace(/,\n    \{\n      "id": "notify",[^}]*\}/, '')).toBe(after);
    expect(listed.stdout).not.toContain('untrusted');
  });

  it('does not carry trust over when a remaining hook\'s script changed since it was approved', async () => {
    await project.installExamples();
    await project.cli(['trust']);
    await project.write('.hookpool/hooks/block-rm.sh', '#!/bin/sh\nexit 0\n');

    const removed = await project.cli(['remove', 'notify']);
    const listed = await project.cli(['list']);

    expect(removed.stdout).toBe('removed notify (.hookpool/hooks.json hooks[3])\n');
    expect(listed.stdout).toContain('script .hookpool/hooks/block-rm.sh changed');
  });

  it('deletes a Claude Code handler, and its matcher group when it was the only one', async () => {
    const text = '{\n  "hooks": {\n    "PreToolUse": [\n      {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo x"}, {"type": "command", "command": "echo y"}]},\n      {"matcher": "Edit", "hooks": [{"type": "command", "command": "echo z"}]}\n    ]\n  }\n}\n';
    await project.write('settings.json', text);

    await project.cli(['remove', 'echo@PreToolUse-3', '--claude-settings', 'settings.json']);
    const groupGone = await project.read('settings.json');
    await project.cli(['remove', 'echo@PreToolUse-2', '--claude-settings', 'settings.json']);

    expect(groupGone).toBe('{\n  "hooks": {\n    "PreToolUse": [\n      {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo x"}, {"type": "command", "command": "echo y"}]}\n    ]\n  }\n}\n');
    expect(await project.read('settings.json')).toBe('{\n  "hooks": {\n    "PreToolUse": [\n      {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo x"}]}\n    ]\n  }\n}\n');
  });

  it('refuses a seed-format file and an unknown id, saying what to do instead', async () => {
    await project.write('opta.json', { hooks: [{ event: 'tool.pre', command: 'true' }] });

    const seed = await project.cli(['remove', 'true@PreToolUse', '--config', 'opta.json']);
    const unknown = await project.cli(['remove', 'nope', '--config', 'opta.json']);

    expect(seed).toMatchObject({ exitCode: 1, stderr: 'hookpool: hook "true@PreToolUse" (opta.json hooks[0]) comes from a opta-format file: remove edits native files, Claude Code settings and Autohand configs only; use hookpool disable true@PreToolUse, or edit the file by hand\n' });
    expect(unknown.stderr).toContain('no hook "nope"');
  });
});
