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
  it('says each example hook starts and is untrusted until trusted, one line each, and that no agent calls hookpool yet', async () => {
    await project.installExamples();

    const before = await project.cli(['doctor']);
    await project.cli(['trust']);
    const unwired = await project.cli(['doctor']);
    await project.cli(['init', '--agent', 'claude']);
    const wired = await project.cli(['doctor']);

    expect(before.exitCode).toBe(0);
    expect(before.stdout).toMatch(/^\s+HOOK\s+EVENT\s+FINDINGS$/m);
    expect(before.stdout).toMatch(/^warn\s+block-rm\s+PreToolUse\s+untrusted: its file runs only after hookpool trust$/m);
    expect(unwired.exitCode).toBe(0);
    expect(unwired.stdout).toMatch(/^ok\s+block-rm\s+PreToolUse\s+starts$/m);
    expect(unwired.stdout).toContain('warn  hookpool no agent calls hookpool in this project (no hookpool entry in .claude/settings.json, .gemini/settings.json, .cursor/hooks.json, .github/hooks/hookpool.json, .codex/hooks.json)');
    expect(unwired.stdout).toContain('5 hooks checked: all can start; no agent calls hookpool, so none of them run\n');
    expect(wired.stdout).toMatch(/^ok\s+block-rm\s+PreToolUse\s+starts$/m);
    expect(wired.stdout).toMatch(/^ok {4}Claude Code \.claude\/settings\.json starts hookpool \d+\.\d+\.\d+ \(.*hookpool-client\.cjs\) on SessionStart, UserPromptSubmit$/m);
    expect(wired.stdout).toMatch(/^ok {4}Claude Code \.claude\/settings\.json posts PreToolUse, PostToolUse, Notification, Stop to this project's hookpool server \(port \d+\), which its SessionStart and UserPromptSubmit entries start$/m);
    expect(wired.stdout).toContain('5 hooks checked: all can start\n');
    expect(wired.exitCode).toBe(0);
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
    expect(stdout).toContain('6 hooks checked: 6 cannot start; no agent calls hookpool, so none of them run; a guard cannot run (see fail above)');
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
    expect(report.wiring).toContainEqual({ verdict: 'fail', agent: 'Codex', text: '.codex/hooks.json starts hookpool as /nonexistent/hookpool on PreToolUse, but /nonexistent/hookpool cannot be found: run hookpool init --agent codex' });
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

describe('hookpool doctor, end to end for each wired agent', () => {
  const guard = { id: 'guard', event: 'PreToolUse', matcher: 'Bash', command: 'true' };

  it('fails when an entry starts a program that exists but is not hookpool', async () => {
    await project.write('.hookpool/hooks.json', { hooks: [guard] });
    await project.cli(['init', '--agent', 'gemini']);
    const file = JSON.parse(await project.read('.gemini/settings.json'));
    file.hooks.BeforeTool[0].hooks[0].command = file.hooks.BeforeTool[0].hooks[0].command.replace(/^\S+ run/, '/bin/echo hookpool run');
    await project.write('.gemini/settings.json', file);

    const { exitCode, stdout } = await project.cli(['doctor']);

    expect(exitCode).toBe(1);
    expect(stdout).toMatch(/^fail {2}Gemini CLI \.gemini\/settings\.json starts hookpool as \/bin\/echo on BeforeTool, but \/bin\/echo is \S+, which is not hookpool's: run hookpool init --agent gemini$/m);
  });

  it('fails when a guard\'s tool is left out of the entry\'s matcher, and names entries init would write otherwise', async () => {
    await project.write('.hookpool/hooks.json', { hooks: [guard] });
    await project.cli(['init', '--agent', 'codex']);
    // A hook added by hand, without init or add rewiring the agent: Codex never calls hookpool for apply_patch.
    await project.write('.hookpool/hooks.json', { hooks: [guard, { id: 'no-edits', event: 'PreToolUse', matcher: 'Edit', command: 'true' }] });

    const { exitCode, stdout } = await project.cli(['doctor']);

    expect(exitCode).toBe(1);
    expect(stdout).toContain('fail  Codex .codex/hooks.json calls hookpool on PreToolUse only for ^(Bash)$: hook "no-edits" never runs for apply_patch: run hookpool init --agent codex');
    expect(stdout).toContain('warn  Codex .codex/hooks.json: the entries on PreToolUse differ from what hookpool init --agent codex writes now');
    expect(stdout).toMatch(/^warn\s+no-edits\s+PreToolUse\s+untrusted: .*; no wired agent runs it \(Codex: see below\)$/m);
    expect(stdout).toContain('2 hooks checked: all can start; 1 runs under none of the wired agents (Codex; see above); a guard cannot run (see fail above)');
  });

  it('fails when Claude Code\'s http entries post to another port, or nothing starts the server', async () => {
    await project.write('.hookpool/hooks.json', { hooks: [guard] });
    await project.cli(['init', '--agent', 'claude']);
    const file = JSON.parse(await project.read('.claude/settings.json'));
    file.hooks.PreToolUse[0].hooks[0].url = 'http://127.0.0.1:1/hookpool/claude-code';
    delete file.hooks.SessionStart;
    delete file.hooks.UserPromptSubmit;
    await project.write('.claude/settings.json', file);

    const { exitCode, stdout } = await project.cli(['doctor']);

    expect(exitCode).toBe(1);
    expect(stdout).toMatch(/^fail {2}Claude Code \.claude\/settings\.json posts PreToolUse to port 1, but this project's server listens on \d+: run hookpool init --agent claude$/m);
    expect(stdout).toContain("fail  Claude Code .claude/settings.json posts PreToolUse to hookpool's server, but no SessionStart or UserPromptSubmit entry runs hookpool-client to start it: run hookpool init --agent claude");
  });

  it('names the guards an agent lets through when hookpool times out, and a matcher naming no tool of the agent, with a did-you-mean', async () => {
    await project.write('.hookpool/hooks.json', { hooks: [guard, { id: 'typo', event: 'PreToolUse', matcher: 'Bsh', command: 'true' }] });
    await project.cli(['trust']);
    await project.cli(['init', '--agent', 'copilot']);

    const { exitCode, stdout } = await project.cli(['doctor', '--json']);
    const report = JSON.parse(stdout);

    expect(exitCode).toBe(0);
    expect(report.agents).toEqual(['GitHub Copilot CLI']);
    expect(report.idleHooks).toEqual(['typo']);
    expect(report.wiring).toContainEqual({ verdict: 'warn', agent: 'GitHub Copilot CLI', text: 'guard "guard" lets the action through under GitHub Copilot CLI when hookpool times out (Copilot CLI has no fail-closed setting): keep it well under the entry\'s timeout' });
    expect(report.wiring).toContainEqual({ verdict: 'warn', agent: 'GitHub Copilot CLI', text: expect.stringMatching(/^hook "typo": its matcher names Bsh, no tool of GitHub Copilot CLI: under GitHub Copilot CLI it never runs; did you mean Bash\?/) });
    expect(report.hooks.find((hook: { id: string }) => hook.id === 'typo')).toMatchObject({ verdict: 'warn', unreached: true });
  });
});
