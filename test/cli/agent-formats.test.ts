// `hookpool run --format gemini|cursor|copilot|codex`: a real guard script refuses each agent's
// shell tool, and the answer is exactly the shape that agent reads; hookpool's own failure refuses
// a guard event in that agent's way.
import { chmod } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, nativeConfig, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

// Refuses any command that holds `rm -rf`, by exit 2 with the reason on stderr (Claude Code's protocol, which hookpool's hooks speak).
const GUARD = `#!/bin/sh
input=$(cat)
case "$input" in
  *'rm -rf'*) echo "no rm -rf here" >&2; exit 2 ;;
esac
exit 0
`;

async function installGuard(matcher: string): Promise<void> {
  const script = await project.write('.hookpool/hooks/guard.sh', GUARD);
  await chmod(script, 0o755);
  await project.write('hooks.json', nativeConfig([{ id: 'guard', event: 'PreToolUse', matcher, command: script }]));
}

async function runAs(format: string, payload: Record<string, unknown>, args: readonly string[] = []) {
  return project.cli(['run', '--format', format, '--config', 'hooks.json', ...args], { input: JSON.stringify(payload) });
}

describe('hookpool run --format gemini', () => {
  const beforeTool = (command: string) => ({ session_id: 's1', transcript_path: '/tmp/t.json', cwd: project.dir, hook_event_name: 'BeforeTool', timestamp: '2026-11-23T00:00:00Z', tool_name: 'run_shell_command', tool_input: { command } });

  it('refuses run_shell_command with decision "deny" and the reason, as JSON on exit 0', async () => {
    await installGuard('run_shell_command');

    const blocked = await runAs('gemini', beforeTool('rm -rf /'));
    const allowed = await runAs('gemini', beforeTool('ls'));

    expect(blocked.exitCode).toBe(0);
    expect(JSON.parse(blocked.stdout)).toEqual({ decision: 'deny', reason: 'no rm -rf here' });
    expect({ exitCode: allowed.exitCode, stdout: JSON.parse(allowed.stdout) }).toEqual({ exitCode: 0, stdout: {} });
  });

  it('fails closed when hookpool itself cannot run: deny, and the failure said in systemMessage', async () => {
    const { exitCode, stdout } = await project.cli(['run', '--format', 'gemini', '--config', 'missing.json'], { input: JSON.stringify(beforeTool('ls')) });
    const answer = JSON.parse(stdout);

    expect(exitCode).toBe(0);
    expect(answer.decision).toBe('deny');
    expect(answer.reason).toContain('hookpool could not run the hooks');
    expect(answer.systemMessage).toContain('hookpool:');
  });

  it('refuses when a guard hook cannot start, and names it in systemMessage', async () => {
    await project.write('hooks.json', nativeConfig([{ id: 'gone', event: 'PreToolUse', matcher: 'run_shell_command', command: '/nonexistent/guard.sh' }]));

    const { exitCode, stdout } = await runAs('gemini', beforeTool('ls'));
    const answer = JSON.parse(stdout);

    expect(exitCode).toBe(0);
    expect(answer.decision).toBe('deny');
    expect(answer.systemMessage).toMatch(/^hookpool: .*gone/);
  });

  it('carries AfterAgent (Stop) blocks as a deny whose reason is the retry prompt', async () => {
    await project.write('hooks.json', nativeConfig([{ id: 'keep-going', event: 'Stop', command: `printf '%s' '{"decision":"block","reason":"tests fail"}'` }]));

    const { exitCode, stdout } = await runAs('gemini', { session_id: 's1', cwd: project.dir, hook_event_name: 'AfterAgent', prompt: 'fix it', prompt_response: 'done', stop_hook_active: false });

    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ decision: 'deny', reason: 'tests fail' });
  });
});

describe('hookpool run --format cursor', () => {
  const common = { conversation_id: 'c1', generation_id: 'g1', workspace_roots: [] as string[] };

  it('refuses the Shell tool on preToolUse and on beforeShellExecution with permission "deny"', async () => {
    await installGuard('Shell');
    const roots = [project.dir];

    const generic = await runAs('cursor', { ...common, workspace_roots: roots, hook_event_name: 'preToolUse', tool_name: 'Shell', tool_input: { command: 'rm -rf /' } });
    const shell = await runAs('cursor', { ...common, workspace_roots: roots, hook_event_name: 'beforeShellExecution', command: 'rm -rf /', cwd: project.dir });
    const allowed = await runAs('cursor', { ...common, workspace_roots: roots, hook_event_name: 'beforeShellExecution', command: 'ls', cwd: project.dir });

    const denied = { permission: 'deny', agent_message: 'no rm -rf here', user_message: 'no rm -rf here' };
    expect({ exitCode: generic.exitCode, answer: JSON.parse(generic.stdout) }).toEqual({ exitCode: 0, answer: denied });
    expect({ exitCode: shell.exitCode, answer: JSON.parse(shell.stdout) }).toEqual({ exitCode: 0, answer: denied });
    expect({ exitCode: allowed.exitCode, answer: JSON.parse(allowed.stdout) }).toEqual({ exitCode: 0, answer: {} });
  });

  it('fails closed when hookpool itself cannot run: permission "deny", the failure in user_message', async () => {
    const { exitCode, stdout } = await project.cli(['run', '--format', 'cursor', '--config', 'missing.json'], { input: JSON.stringify({ ...common, hook_event_name: 'beforeShellExecution', command: 'ls', cwd: project.dir }) });
    const answer = JSON.parse(stdout);

    expect(exitCode).toBe(0);
    expect(answer.permission).toBe('deny');
    expect(answer.user_message).toContain('hookpool: ');
  });

  it('refuses when a guard hook cannot start, and names it in user_message', async () => {
    await project.write('hooks.json', nativeConfig([{ id: 'gone', event: 'PreToolUse', matcher: 'Shell', command: '/nonexistent/guard.sh' }]));

    const { stdout } = await runAs('cursor', { ...common, workspace_roots: [project.dir], hook_event_name: 'beforeShellExecution', command: 'ls', cwd: project.dir });
    const answer = JSON.parse(stdout);

    expect(answer.permission).toBe('deny');
    expect(answer.user_message).toContain('hookpool: ');
    expect(answer.user_message).toContain('gone');
  });

  it('keeps the agent going on stop with followup_message', async () => {
    await project.write('hooks.json', nativeConfig([{ id: 'keep-going', event: 'Stop', command: `printf '%s' '{"decision":"block","reason":"tests fail"}'` }]));

    const { stdout } = await runAs('cursor', { ...common, workspace_roots: [project.dir], hook_event_name: 'stop', status: 'completed', loop_count: 0 });

    expect(JSON.parse(stdout)).toEqual({ followup_message: 'tests fail', user_message: 'tests fail' });
  });
});

describe('hookpool run --format copilot', () => {
  const preToolUse = (command: string) => ({ sessionId: 's1', timestamp: 1763856000000, cwd: project.dir, toolName: 'bash', toolArgs: JSON.stringify({ command }) });

  it('refuses the bash tool with permissionDecision "deny" from a camelCase payload, the event named on the command line', async () => {
    await installGuard('bash');

    const blocked = await runAs('copilot', preToolUse('rm -rf /'), ['preToolUse']);
    const allowed = await runAs('copilot', preToolUse('ls'), ['preToolUse']);

    expect({ exitCode: blocked.exitCode, answer: JSON.parse(blocked.stdout) }).toEqual({ exitCode: 0, answer: { permissionDecision: 'deny', permissionDecisionReason: 'no rm -rf here' } });
    expect({ exitCode: allowed.exitCode, answer: JSON.parse(allowed.stdout) }).toEqual({ exitCode: 0, answer: {} });
  });

  it('fails closed when hookpool itself cannot run: permissionDecision "deny" (Copilot skips a failing hook)', async () => {
    const { exitCode, stdout, stderr } = await project.cli(['run', '--format', 'copilot', 'preToolUse', '--config', 'missing.json'], { input: JSON.stringify(preToolUse('ls')) });
    const answer = JSON.parse(stdout);

    expect(exitCode).toBe(0);
    expect(answer.permissionDecision).toBe('deny');
    expect(answer.permissionDecisionReason).toContain('hookpool could not run the hooks');
    expect(stderr).toContain('hookpool: ');
  });

  it('forces another turn on agentStop with decision "block" and the reason as its prompt', async () => {
    await project.write('hooks.json', nativeConfig([{ id: 'keep-going', event: 'Stop', command: `printf '%s' '{"decision":"block","reason":"tests fail"}'` }]));

    const { stdout } = await runAs('copilot', { sessionId: 's1', timestamp: 1, cwd: project.dir, transcriptPath: '/tmp/t', stopReason: 'end_turn' }, ['agentStop']);

    expect(JSON.parse(stdout)).toEqual({ decision: 'block', reason: 'tests fail' });
  });
});

describe('hookpool run --format codex', () => {
  const preToolUse = (command: string) => ({ session_id: 's1', turn_id: 't1', cwd: project.dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'call-1', tool_input: { command } });

  it('refuses the Bash tool by exit 2 with the reason on stderr, as Claude Code hooks do', async () => {
    await installGuard('Bash');

    const blocked = await runAs('codex', preToolUse('rm -rf /'));
    const allowed = await runAs('codex', preToolUse('ls'));

    expect(blocked).toMatchObject({ exitCode: 2, stdout: '', stderr: 'no rm -rf here\n' });
    expect(allowed).toMatchObject({ exitCode: 0, stdout: '' });
  });

  it('keeps only the fields Codex reads (its schemas refuse unknown ones) and turns ask into a deny', async () => {
    await project.write('hooks.json', nativeConfig([{ id: 'asker', event: 'PreToolUse', command: `printf '%s' '{"terminalSequence":"\\u0007","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"risky"}}'` }]));

    const { exitCode, stdout } = await runAs('codex', preToolUse('ls'));
    const answer = JSON.parse(stdout);

    expect(exitCode).toBe(0);
    expect(Object.keys(answer)).toEqual(['hookSpecificOutput']);
    expect(answer.hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
  });

  it('answers PermissionRequest without the decision fields Codex reserves (it fails closed on them)', async () => {
    await project.write('hooks.json', nativeConfig([{ id: 'approve', event: 'PermissionRequest', command: `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":{"command":"ls -a"}}}}'` }]));

    const { stdout } = await runAs('codex', { ...preToolUse('ls'), hook_event_name: 'PermissionRequest' });

    expect(JSON.parse(stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } });
  });

  it('fails closed when hookpool itself cannot run: deny, the failure in systemMessage', async () => {
    const { stdout } = await project.cli(['run', '--format', 'codex', '--config', 'missing.json'], { input: JSON.stringify(preToolUse('ls')) });
    const answer = JSON.parse(stdout);

    expect(answer.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(answer.systemMessage).toContain('hookpool: ');
  });
});

describe('hookpool run --format <agent> on input it cannot read', () => {
  // Each agent reads exit 1 as "proceed": a guard whose input hookpool cannot read must be refused in the agent's own way.
  it.each([
    ['gemini', 'BeforeTool', (out: string, code: number) => code === 2 || JSON.parse(out).decision === 'deny'],
    ['codex', 'PreToolUse', (out: string, code: number) => code === 2 || JSON.parse(out).hookSpecificOutput?.permissionDecision === 'deny'],
    ['copilot', 'preToolUse', (out: string, code: number) => code === 2 || JSON.parse(out).permissionDecision === 'deny'],
    ['cursor', 'preToolUse', (out: string, code: number) => code === 2 || JSON.parse(out).permission === 'deny'],
  ] as const)('%s: refuses %s, never with exit 1', async (format, event, refused) => {
    const { exitCode, stdout, stderr } = await project.cli(['run', '--format', format, '--config', 'hooks.json', event], { input: '{"tool_name": "run_shell_command", "tool_input": ' });

    expect(exitCode).not.toBe(1);
    expect(refused(stdout, exitCode), `exit ${exitCode}, stdout ${stdout}, stderr ${stderr}`).toBe(true);
  });

  it("gemini: a hook's ask is a deny with its reason (Gemini has no ask)", async () => {
    await project.write('hooks.json', nativeConfig([{ id: 'asker', event: 'PreToolUse', command: `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"risky"}}'` }]));
    const payload = { session_id: 's1', cwd: project.dir, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'ls' } };

    const { exitCode, stdout } = await runAs('gemini', payload);

    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ decision: 'deny', reason: expect.stringContaining('risky') });
  });
});
