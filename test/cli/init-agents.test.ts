// `hookpool init --agent gemini|cursor|copilot|codex`: each agent's settings file in its
// documented shape, the rest of an existing file kept byte for byte, a second init changing
// nothing; and the wired command, run as the agent runs it, refusing the agent's shell tool
// through hookpool, or refusing on its own when hookpool cannot start.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callsHookpool } from '../../src/project/self-call.js';
import { CLI, createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

// The wired commands run `npx --no hookpool`: this project's own install, as `npm install hookpool` leaves it.
async function installHookpoolBin(): Promise<void> {
  const bin = join(project.dir, 'node_modules', '.bin');
  await mkdir(bin, { recursive: true });
  await writeFile(join(bin, 'hookpool'), `#!/bin/sh\nexec node ${JSON.stringify(CLI)} "$@"\n`);
  await chmod(join(bin, 'hookpool'), 0o755);
  await project.write('package.json', { name: 'agent-project', private: true });
}

// Runs a settings command the way the agents do: through a shell, in the project, the payload on stdin.
async function runWired(command: string, payload: object) {
  return execa('sh', ['-c', command], { cwd: project.dir, input: JSON.stringify(payload), reject: false, env: { HOME: project.home, PATH: process.env.PATH, npm_config_yes: undefined }, extendEnv: false });
}

const guardPayloads = {
  gemini: { session_id: 's1', cwd: '', hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } },
  codex: { session_id: 's1', cwd: '', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } },
};

describe('hookpool init --agent gemini', () => {
  it('adds a BeforeTool command entry beside the settings it finds, once', async () => {
    const original = '{\n  "theme": "GitHub",\n  "hooks": {\n    "BeforeTool": [\n      {"matcher": "write_file", "hooks": [{"type": "command", "command": "echo mine"}]}\n    ]\n  }\n}\n';
    await project.write('.gemini/settings.json', original);

    const first = await project.cli(['init', '--example', 'block-rm', '--agent', 'gemini']);
    const afterFirst = await project.read('.gemini/settings.json');
    const second = await project.cli(['init', '--agent', 'gemini']);
    const settings = JSON.parse(afterFirst);

    expect(first.stdout).toContain('wired .gemini/settings.json: BeforeTool');
    expect(afterFirst.startsWith('{\n  "theme": "GitHub",\n  "hooks": {\n    "BeforeTool": [\n      {"matcher": "write_file", "hooks": [{"type": "command", "command": "echo mine"}]},\n')).toBe(true);
    expect(settings.hooks.BeforeTool).toHaveLength(2);
    expect(settings.hooks.BeforeTool[1]).toEqual({ hooks: [{ type: 'command', name: 'hookpool', command: expect.stringContaining('npx --no hookpool run --format gemini BeforeTool; s=$?'), timeout: 60_000 }] });
    expect(second.stdout).toContain('.gemini/settings.json already calls hookpool on BeforeTool: left as it is');
    expect(await project.read('.gemini/settings.json')).toBe(afterFirst);
  });

  it('wires a command that refuses run_shell_command through hookpool, and refuses alone when hookpool is missing', async () => {
    // Matchers name the agent's own tools: Gemini's shell tool is run_shell_command.
    const guard = await project.write('.hookpool/hooks/guard.sh', "#!/bin/sh\ngrep -q 'rm -rf' && { echo \"'rm -rf' is not allowed here\" >&2; exit 2; }\nexit 0\n");
    await chmod(guard, 0o755);
    await project.write('.hookpool/hooks.json', { hooks: [{ id: 'guard', event: 'PreToolUse', matcher: 'run_shell_command', command: guard }] });
    await project.cli(['init', '--agent', 'gemini']);
    await project.cli(['trust']);
    const { command } = JSON.parse(await project.read('.gemini/settings.json')).hooks.BeforeTool[0].hooks[0];
    const payload = { ...guardPayloads.gemini, cwd: project.dir };

    const missing = await runWired(command, payload);
    await installHookpoolBin();
    const wired = await runWired(command, payload);

    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('hookpool could not run');
    expect(wired.exitCode).toBe(0);
    expect(JSON.parse(wired.stdout)).toMatchObject({ decision: 'deny', reason: expect.stringContaining("'rm -rf' is not allowed here") });
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
    expect(file.hooks.preToolUse).toEqual([{ command: 'npx --no hookpool run --format cursor preToolUse', timeout: 60, failClosed: true }]);
    expect(Object.keys(file.hooks)).toEqual(['afterFileEdit', 'preToolUse']);
    expect(again.stdout).toContain('.cursor/hooks.json already calls hookpool on preToolUse: left as it is');
    expect(await project.read('.cursor/hooks.json')).toBe(text);
  });
});

describe('hookpool init --agent copilot', () => {
  it('writes .github/hooks/hookpool.json version 1 whose preToolUse denies on stdout when hookpool cannot run', async () => {
    await project.cli(['init', '--example', 'block-rm,auto-test', '--agent', 'copilot']);
    const file = JSON.parse(await project.read('.github/hooks/hookpool.json'));
    const preToolUse = file.hooks.preToolUse[0];

    const missing = await runWired(preToolUse.bash, { sessionId: 's1', timestamp: 1, cwd: project.dir, toolName: 'bash', toolArgs: '{"command":"ls"}' });

    expect(file.version).toBe(1);
    expect(Object.keys(file.hooks)).toEqual(['preToolUse', 'agentStop']);
    expect(preToolUse).toMatchObject({ type: 'command', bash: expect.stringContaining('npx --no hookpool run --format copilot preToolUse'), timeoutSec: 60 });
    expect(file.hooks.agentStop[0].bash).toBe('npx --no hookpool run --format copilot agentStop');
    expect(missing.exitCode).toBe(0);
    expect(JSON.parse(missing.stdout.trim().split('\n').at(-1)!)).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'hookpool could not run: refusing' });
  });
});

describe('hookpool init --agent codex', () => {
  it('writes .codex/hooks.json with only description and hooks at its root, and a command that refuses Bash through hookpool', async () => {
    await project.cli(['init', '--example', 'block-rm', '--agent', 'codex']);
    await project.cli(['trust']);
    const file = JSON.parse(await project.read('.codex/hooks.json'));
    await installHookpoolBin();

    const wired = await runWired(file.hooks.PreToolUse[0].hooks[0].command, { ...guardPayloads.codex, cwd: project.dir });

    expect(Object.keys(file)).toEqual(['hooks']);
    expect(file.hooks.PreToolUse[0].hooks[0]).toMatchObject({ type: 'command', timeout: 60 });
    expect(wired.exitCode).toBe(2);
    expect(wired.stderr).toContain("'rm -rf' is not allowed here");
  });
});

describe('wired commands are recognised as hookpool calling itself', () => {
  it('for every agent', async () => {
    for (const agent of ['gemini', 'cursor', 'copilot', 'codex']) {
      await project.cli(['init', '--agent', agent]).then(async () => execa('rm', ['-f', join(project.dir, '.hookpool/hooks.json')]));
    }
    const commands = [
      JSON.parse(await project.read('.gemini/settings.json')).hooks.BeforeTool[0].hooks[0].command,
      JSON.parse(await project.read('.cursor/hooks.json')).hooks.preToolUse[0].command,
      JSON.parse(await project.read('.github/hooks/hookpool.json')).hooks.preToolUse[0].bash,
      JSON.parse(await project.read('.codex/hooks.json')).hooks.PreToolUse[0].hooks[0].command,
    ];

    expect(commands.map((command: string) => callsHookpool({ command }))).toEqual([true, true, true, true]);
  });
});
