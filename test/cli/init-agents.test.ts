// `hookpool init --agent gemini|cursor|copilot|codex`: each agent's settings file in its
// documented shape with the agent's own event and tool names, the rest of an existing file kept
// byte for byte, a second init changing nothing and an older entry brought up to date; and the
// wired command, run as the agent runs it, refusing the agent's shell tool through a guard
// written once in canonical names, or refusing on its own when hookpool cannot start.
import { chmod } from 'node:fs/promises';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callsHookpool } from '../../src/project/self-call.js';
import { CLI, createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

// Runs a settings command the way the agents do: through a shell, in the project, the payload on stdin.
async function runWired(command: string, payload: object, path = process.env.PATH) {
  return execa('/bin/sh', ['-c', command], { cwd: project.dir, input: JSON.stringify(payload), reject: false, env: { HOME: project.home, PATH: path }, extendEnv: false });
}

// The guard, written once with Claude Code's tool name.
async function installBashGuard(): Promise<void> {
  const guard = await project.write('.hookpool/hooks/guard.sh', "#!/bin/sh\ngrep -q 'rm -rf' && { echo \"'rm -rf' is not allowed here\" >&2; exit 2; }\nexit 0\n");
  await chmod(guard, 0o755);
  await project.write('.hookpool/hooks.json', { hooks: [{ id: 'guard', event: 'PreToolUse', matcher: 'Bash', command: guard }] });
}

describe('hookpool init --agent gemini', () => {
  it("adds a BeforeTool entry matching Gemini's own shell tool beside the settings it finds, once", async () => {
    const original = '{\n  "theme": "GitHub",\n  "hooks": {\n    "BeforeTool": [\n      {"matcher": "write_file", "hooks": [{"type": "command", "command": "echo mine"}]}\n    ]\n  }\n}\n';
    await project.write('.gemini/settings.json', original);

    const first = await project.cli(['init', '--example', 'block-rm', '--agent', 'gemini']);
    const afterFirst = await project.read('.gemini/settings.json');
    const second = await project.cli(['init', '--agent', 'gemini']);
    const settings = JSON.parse(afterFirst);

    expect(first.stdout).toContain('wired .gemini/settings.json for Gemini CLI: BeforeTool');
    expect(first.stdout).toContain('in Gemini CLI: Gemini CLI runs hooks only in a trusted folder');
    expect(afterFirst.startsWith('{\n  "theme": "GitHub",\n  "hooks": {\n    "BeforeTool": [\n      {"matcher": "write_file", "hooks": [{"type": "command", "command": "echo mine"}]},\n')).toBe(true);
    expect(settings.hooks.BeforeTool).toHaveLength(2);
    expect(settings.hooks.BeforeTool[1]).toEqual({
      matcher: '^(run_shell_command)$',
      hooks: [{ type: 'command', name: 'hookpool', command: expect.stringContaining(`${CLI} run --format gemini BeforeTool; s=$?`), timeout: 60_000 }],
    });
    expect(second.stdout).toContain('.gemini/settings.json already calls hookpool on BeforeTool: left as it is');
    expect(await project.read('.gemini/settings.json')).toBe(afterFirst);
  });

  it('refuses run_shell_command through a guard written for Bash, and refuses alone when hookpool is missing', async () => {
    await installBashGuard();
    await project.cli(['init', '--agent', 'gemini']);
    await project.cli(['trust']);
    const { command } = JSON.parse(await project.read('.gemini/settings.json')).hooks.BeforeTool[0].hooks[0];
    const payload = { session_id: 's1', cwd: project.dir, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } };

    const wired = await runWired(command, payload);
    // No node on this PATH: the executable's `#!/usr/bin/env node` cannot start.
    const missing = await runWired(command, payload, '/nonexistent');

    expect(wired.exitCode).toBe(0);
    expect(JSON.parse(wired.stdout)).toMatchObject({ decision: 'deny', reason: expect.stringContaining("'rm -rf' is not allowed here") });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('hookpool could not run (exit 127): refusing');
  });

  it('brings an entry an older init wrote up to date, and leaves what no agent event reaches unwired, saying so', async () => {
    await project.write('.gemini/settings.json', { hooks: { BeforeTool: [{ hooks: [{ type: 'command', name: 'hookpool', command: 'npx --no hookpool run --format gemini BeforeTool', timeout: 60_000 }] }] } });
    await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: 'true' }, { event: 'SubagentStart', command: 'true' }] });

    const { stdout } = await project.cli(['init', '--agent', 'gemini']);
    const entries = JSON.parse(await project.read('.gemini/settings.json')).hooks.BeforeTool;

    expect(entries).toHaveLength(1);
    expect(entries[0].hooks[0].command).toContain(`${CLI} run --format gemini BeforeTool`);
    expect(stdout).toContain('Gemini CLI has no event for SubagentStart: those hooks never run under it');
  });
});

describe('hookpool init --agent cursor', () => {
  it('writes .cursor/hooks.json version 1 with fail-closed entries on guard events, keeping other hooks', async () => {
    const original = '{\n  "version": 1,\n  "hooks": {\n    "afterFileEdit": [{"command": "./format.sh"}]\n  }\n}\n';
    await project.write('.cursor/hooks.json', original);

    await project.cli(['init', '--example', 'block-rm,notify', '--agent', 'cursor']);
    const text = await project.read('.cursor/hooks.json');
    const again = await project.cli(['init', '--agent', 'cursor']);
    const file = JSON.parse(text);

    expect(text.startsWith('{\n  "version": 1,\n  "hooks": {\n    "afterFileEdit": [{"command": "./format.sh"}]')).toBe(true);
    expect(file.version).toBe(1);
    expect(file.hooks.preToolUse).toEqual([{ command: `${CLI} run --format cursor preToolUse`, timeout: 60, failClosed: true }]);
    expect(Object.keys(file.hooks)).toEqual(['afterFileEdit', 'preToolUse']);
    expect(again.stdout).toContain('.cursor/hooks.json already calls hookpool on preToolUse: left as it is');
    expect(await project.read('.cursor/hooks.json')).toBe(text);
  });
});

describe('hookpool init --agent copilot', () => {
  it("writes .github/hooks/hookpool.json version 1 matching Copilot's own tool names, whose preToolUse denies on stdout when hookpool cannot run", async () => {
    await project.cli(['init', '--example', 'block-rm,auto-test', '--agent', 'copilot']);
    const file = JSON.parse(await project.read('.github/hooks/hookpool.json'));
    const preToolUse = file.hooks.preToolUse[0];

    const missing = await runWired(preToolUse.bash, { sessionId: 's1', timestamp: 1, cwd: project.dir, toolName: 'bash', toolArgs: { command: 'ls' } }, '/nonexistent');

    expect(file.version).toBe(1);
    expect(Object.keys(file.hooks)).toEqual(['preToolUse', 'agentStop']);
    expect(preToolUse).toMatchObject({ type: 'command', bash: expect.stringContaining(`${CLI} run --format copilot preToolUse`), timeoutSec: 60, matcher: 'bash' });
    expect(file.hooks.agentStop[0].bash).toBe(`${CLI} run --format copilot agentStop`);
    expect(missing.exitCode).toBe(0);
    expect(JSON.parse(missing.stdout.trim().split('\n').at(-1)!)).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'hookpool could not run: refusing' });
  });

  it('refuses the bash tool through a guard written for Bash, from the camelCase payload Copilot sends', async () => {
    await installBashGuard();
    await project.cli(['init', '--agent', 'copilot']);
    await project.cli(['trust']);
    const { bash } = JSON.parse(await project.read('.github/hooks/hookpool.json')).hooks.preToolUse[0];

    const wired = await runWired(bash, { sessionId: 's1', timestamp: 1, cwd: project.dir, toolName: 'bash', toolArgs: { command: 'rm -rf /', description: 'clean' } });

    expect(wired.exitCode).toBe(0);
    expect(JSON.parse(wired.stdout)).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining("'rm -rf' is not allowed here") });
  });
});

describe('hookpool init --agent codex', () => {
  it('writes .codex/hooks.json with only hooks at its root, and a command that refuses Bash through hookpool', async () => {
    await project.cli(['init', '--example', 'block-rm', '--agent', 'codex']);
    await project.cli(['trust']);
    const file = JSON.parse(await project.read('.codex/hooks.json'));
    const payload = { session_id: 's1', cwd: project.dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };

    const wired = await runWired(file.hooks.PreToolUse[0].hooks[0].command, payload);

    expect(Object.keys(file)).toEqual(['hooks']);
    expect(file.hooks.PreToolUse[0]).toMatchObject({ matcher: '^(Bash)$', hooks: [{ type: 'command', timeout: 60 }] });
    expect(wired.exitCode).toBe(2);
    expect(wired.stderr).toContain('rm -rf');
  });

  it('reads an apply_patch call as the file tools it touches, so a guard written for Write or Edit sees the file', async () => {
    const guard = await project.write('.hookpool/hooks/env-guard.sh', '#!/bin/sh\ngrep -q \'"file_path":"[^"]*\\.env"\' && { echo "no .env edits" >&2; exit 2; }\nexit 0\n');
    await chmod(guard, 0o755);
    await project.write('.hookpool/hooks.json', { hooks: [{ id: 'env-guard', event: 'PreToolUse', matcher: 'Write|Edit', command: guard }] });
    await project.cli(['init', '--agent', 'codex']);
    await project.cli(['trust']);
    const file = JSON.parse(await project.read('.codex/hooks.json'));
    const patch = (path: string) => ({ session_id: 's1', cwd: project.dir, hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: `*** Begin Patch\n*** Add File: ${path}\n+X=1\n*** End Patch\n` } });

    const refused = await runWired(file.hooks.PreToolUse[0].hooks[0].command, patch('.env'));
    const allowed = await runWired(file.hooks.PreToolUse[0].hooks[0].command, patch('notes.txt'));

    expect(file.hooks.PreToolUse[0].matcher).toBe('^(apply_patch)$');
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('no .env edits');
    expect(allowed.exitCode).toBe(0);
  });
});

describe('wired commands are recognised as hookpool calling itself', () => {
  it('for every agent', async () => {
    for (const agent of ['claude', 'gemini', 'cursor', 'copilot', 'codex']) await project.cli(['init', '--agent', agent]);
    const commands = [
      JSON.parse(await project.read('.claude/settings.json')).hooks.SessionStart[0].hooks[0].command,
      JSON.parse(await project.read('.gemini/settings.json')).hooks.BeforeTool[0].hooks[0].command,
      JSON.parse(await project.read('.cursor/hooks.json')).hooks.preToolUse[0].command,
      JSON.parse(await project.read('.github/hooks/hookpool.json')).hooks.preToolUse[0].bash,
      JSON.parse(await project.read('.codex/hooks.json')).hooks.PreToolUse[0].hooks[0].command,
    ];

    expect(commands.map((command: string) => callsHookpool({ command }))).toEqual([true, true, true, true, true]);
  });
});
