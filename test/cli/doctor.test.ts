import { chmod, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, nativeConfig, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

/** A PATH holding only node and sh, so a test decides which programs exist. */
async function narrowPath(): Promise<string> {
  const bin = join(project.root, 'bin');
  await mkdir(bin);
  await symlink(process.execPath, join(bin, 'node'));
  await symlink('/bin/sh', join(bin, 'sh'));
  return bin;
}

async function script(path: string, text: string, mode = 0o755): Promise<void> {
  await chmod(await project.write(path, text), mode);
}

describe('hookpool doctor', () => {
  it('says each example hook starts and is untrusted until trusted, one line each, exit 0', async () => {
    await project.installExamples();

    const before = await project.cli(['doctor']);
    await project.cli(['trust']);
    const after = await project.cli(['doctor']);

    expect(before.exitCode).toBe(0);
    expect(before.stdout).toMatch(/^\s+HOOK\s+EVENT\s+FINDINGS$/m);
    expect(before.stdout).toMatch(/^warn\s+block-rm\s+PreToolUse\s+untrusted: its file runs only after hookpool trust$/m);
    expect(after.stdout).toMatch(/^ok\s+block-rm\s+PreToolUse\s+starts$/m);
    expect(after.stdout.trim().split('\n')).toHaveLength(8);
  });

  it('exits 1 when a guard cannot start: script missing, not executable, interpreter or jq absent', async () => {
    const bin = await narrowPath();
    await script('hooks/plain.txt', 'echo hi\n', 0o644);
    await script('hooks/uses-jq.sh', '#!/bin/sh\njq -r .tool_name\n');
    await script('hooks/ruby.rb', '#!/usr/bin/env ruby\nputs 1\n');
    await project.write('.hookpool/hooks.json', nativeConfig([
      { id: 'missing', event: 'PreToolUse', command: 'hooks/missing.sh' },
      { id: 'not-executable', event: 'PreToolUse', command: 'hooks/plain.txt' },
      { id: 'needs-jq', event: 'PreToolUse', command: 'hooks/uses-jq.sh' },
      { id: 'needs-ruby', event: 'PreToolUse', command: 'hooks/ruby.rb' },
      { id: 'no-python', event: 'PreToolUse', command: 'python3 hooks/x.py' },
      { id: 'node-script-missing', event: 'PostToolUse', command: 'node hooks/gone.js' },
    ]));
    await project.cli(['trust']);

    const { exitCode, stdout } = await project.cli(['doctor'], { env: { PATH: bin } });

    expect(exitCode).toBe(1);
    expect(stdout).toMatch(/^fail\s+missing\s+PreToolUse\s+hooks\/missing\.sh: script not found$/m);
    expect(stdout).toMatch(/^fail\s+not-executable\s+PreToolUse\s+hooks\/plain\.txt: not executable \(chmod \+x hooks\/plain\.txt\)$/m);
    expect(stdout).toMatch(/^fail\s+needs-jq\s+PreToolUse\s+jq: used by the hook, not found on PATH$/m);
    expect(stdout).toMatch(/^fail\s+needs-ruby\s+PreToolUse\s+ruby: the script's interpreter, not found on PATH$/m);
    expect(stdout).toMatch(/^fail\s+no-python\s+PreToolUse\s+python3: not found on PATH$/m);
    expect(stdout).toMatch(/^fail\s+node-script-missing\s+PostToolUse\s+hooks\/gone\.js: script not found; node: /m);
    expect(stdout).toContain('6 hooks checked: 6 cannot start; a guard cannot run');
  });

  it('exits 0 when only a non-guard hook cannot start, and names guards that fail open', async () => {
    await project.write('.hookpool/hooks.json', nativeConfig([
      { id: 'lint', event: 'PostToolUse', command: 'hooks/missing.sh' },
      { id: 'lenient', event: 'PreToolUse', command: 'true', onError: 'open' },
    ]));
    await project.cli(['trust']);

    const { exitCode, stdout } = await project.cli(['doctor', '--json']);
    const report = JSON.parse(stdout);

    expect(exitCode).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.hooks).toEqual([
      expect.objectContaining({ id: 'lint', verdict: 'fail', guard: false, problems: ['hooks/missing.sh: script not found'] }),
      expect.objectContaining({ id: 'lenient', verdict: 'warn', guard: true, failsOpen: true }),
    ]);
    expect(report.hooks[1].notes[0]).toContain('fails open');
  });

  it('notes an unquoted $CLAUDE_PROJECT_DIR, which would split a project path with a space', async () => {
    await script('.claude/hooks/guard.sh', '#!/bin/sh\nexit 0\n');
    const settings = { hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: '$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh' }] }] } };
    await project.write('settings.json', settings);

    const { stdout } = await project.cli(['doctor', '--claude-settings', 'settings.json']);

    expect(stdout).toContain('unquoted $CLAUDE_PROJECT_DIR: write "$CLAUDE_PROJECT_DIR"/... so a path with spaces stays one word');
    expect(stdout).toMatch(/^ok\s/m);
  });
});

describe('hookpool validate and scripts', () => {
  it('fails when a referenced script is missing or not executable', async () => {
    await script('hooks/plain.sh', 'exit 0\n', 0o644);
    await project.write('hooks.json', nativeConfig([
      { id: 'gone', event: 'Stop', command: 'hooks/gone.sh --flag' },
      { id: 'plain', event: 'Stop', args: ['hooks/plain.sh'] },
      { id: 'fine', event: 'Stop', command: 'echo fine' },
    ]));

    const { exitCode, stderr } = await project.cli(['validate', '--config', 'hooks.json']);

    expect(exitCode).toBe(1);
    expect(stderr.split('\n').slice(0, 2)).toEqual([
      'hooks.json: hooks[0]: hooks/gone.sh: script not found; the hook would fail each time it runs',
      'hooks.json: hooks[1]: hooks/plain.sh: not executable (chmod +x hooks/plain.sh); the hook would fail each time it runs',
    ]);
  });
});

describe('hookpool doctor and the agents a project is wired for', () => {
  it("names a matcher no tool of a wired agent has, an entry an older init wrote, and Copilot running Claude Code's entries too", async () => {
    await project.write('.hookpool/hooks.json', { hooks: [{ id: 'guard', event: 'PreToolUse', matcher: 'Bash', command: 'true' }, { id: 'typo', event: 'PreToolUse', matcher: 'Bsh', command: 'true' }] });
    await project.cli(['init', '--agent', 'gemini']);
    await project.cli(['init', '--agent', 'copilot']);
    await project.write('.claude/settings.json', { hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'npx --no hookpool run --format claude' }] }] } });

    const { stdout } = await project.cli(['doctor']);

    expect(stdout).toContain('Gemini CLI hook "typo": its matcher names Bsh, no tool of Gemini CLI');
    expect(stdout).toContain('Claude Code .claude/settings.json starts hookpool with npx --no, which fails for a global or --prefix install: run hookpool init --agent claude again');
    expect(stdout).toContain('GitHub Copilot CLI also runs the hooks in .claude/settings.json');
  });

  it('exits 1 when a wired guard event cannot reach hookpool: its entry starts a program that is gone', async () => {
    await project.cli(['init', '--example', 'block-rm', '--agent', 'codex']);
    const file = JSON.parse(await project.read('.codex/hooks.json'));
    file.hooks.PreToolUse[0].hooks[0].command = '/nonexistent/hookpool run --format codex PreToolUse';
    await project.write('.codex/hooks.json', file);

    const result = await project.cli(['doctor', '--json']);
    const report = JSON.parse(result.stdout);

    expect(result.exitCode).toBe(1);
    expect(report.wiring).toContainEqual({ verdict: 'fail', agent: 'Codex', text: expect.stringContaining('starts hookpool as /nonexistent/hookpool on PreToolUse, which cannot be found') });
  });

  it("says which secret names each hook would see: a Claude Code settings hook all of the agent's, hookpool's own none", async () => {
    await project.write('.hookpool/hooks.json', { hooks: [{ id: 'own', event: 'Stop', command: 'true' }] });
    await project.write('.claude/settings.json', { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo claude' }] }] } });

    const { stdout } = await project.cli(['doctor', '--json'], { env: { FOO_API_KEY: 'x' } });
    const hooks = JSON.parse(stdout).hooks as { id: string; notes: string[] }[];

    expect(hooks.find((hook) => hook.id === 'own')!.notes.join(' ')).not.toContain('FOO_API_KEY');
    expect(hooks.find((hook) => hook.id !== 'own')!.notes).toContainEqual(expect.stringMatching(/^sees secrets: .*FOO_API_KEY/));
  });
});
