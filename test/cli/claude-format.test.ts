import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, nativeConfig, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());


/** A hook that prints a JSON answer (written with printf so the shell passes it through untouched). */
const answering = (id: string, event: string, answer: object, extra: object = {}) => ({ id, event, command: `printf '%s' '${JSON.stringify(answer)}'`, ...extra });

async function runForClaude(hooks: readonly object[], event: string, fields: Record<string, unknown> = {}) {
  await project.write('hooks.json', nativeConfig(hooks as Record<string, unknown>[]));
  return project.cli(['run', '--format', 'claude', '--config', 'hooks.json'], { input: project.claudeInput(event, fields) });
}

describe('hookpool run --format claude', () => {
  it('answers a hook\'s exit-2 block as that hook did: exit 2 with the reason on stderr, nothing on stdout', async () => {
    const config = await project.installExamples();

    const { exitCode, stdout, stderr } = await project.cli(['run', '--format', 'claude', '--config', config], {
      input: project.claudeInput('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } }),
    });

    expect({ exitCode, stdout }).toEqual({ exitCode: 2, stdout: '' });
    expect(stderr).toBe("block-rm: 'rm -rf' is not allowed here; delete specific files, or ask the user to\n");
  });

  it('passes allow, updatedInput and additionalContext through on exit 0', async () => {
    const { exitCode, stdout } = await runForClaude([
      answering('rewrite', 'PreToolUse', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'safe', updatedInput: { command: 'ls -la' } } }),
      answering('context', 'PreToolUse', { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'ls is harmless' } }),
    ], 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });

    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'safe', updatedInput: { command: 'ls -la' }, additionalContext: 'ls is harmless' },
    });
  });

  it('re-emits a JSON decision "block" on Stop as JSON on exit 0', async () => {
    const { exitCode, stdout, stderr } = await runForClaude([answering('keep-going', 'Stop', { decision: 'block', reason: 'tests fail' })], 'Stop', { stop_hook_active: false });

    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
    expect(JSON.parse(stdout)).toEqual({ decision: 'block', reason: 'tests fail' });
  });

  it('answers a PostToolUse hook\'s exit 2 by exit 2: Claude Code shows its stderr to Claude, the tool already ran', async () => {
    const { exitCode, stdout, stderr } = await runForClaude([{ id: 'lint', event: 'PostToolUse', command: 'echo "2 lint errors" >&2; exit 2' }], 'PostToolUse', {
      tool_name: 'Write', tool_input: { file_path: 'a.ts' }, tool_response: { success: true },
    });

    expect({ exitCode, stdout, stderr }).toEqual({ exitCode: 2, stdout: '', stderr: '2 lint errors\n' });
  });

  it('carries a sibling\'s systemMessage beside an exit-2 refusal as JSON on exit 0', async () => {
    const { exitCode, stdout } = await runForClaude([
      { id: 'guard', event: 'PreToolUse', command: 'echo "no rm" >&2; exit 2' },
      answering('audit', 'PreToolUse', { systemMessage: 'audited' }),
    ], 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });

    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no rm' }, systemMessage: 'audited' });
  });

  it('refuses by exit 2 where the event has no JSON way to refuse (TaskCompleted), with the rest as JSON', async () => {
    const { exitCode, stdout, stderr } = await runForClaude([
      { id: 'tests', event: 'TaskCompleted', command: 'echo "tests fail" >&2; exit 2' },
      answering('note', 'TaskCompleted', { systemMessage: 'checked' }),
    ], 'TaskCompleted', { task_id: 't1', task_subject: 'x' });

    expect({ exitCode, stderr }).toEqual({ exitCode: 2, stderr: 'tests fail\n' });
    expect(JSON.parse(stdout)).toEqual({ systemMessage: 'checked' });
  });

  it('says continue: false with the stop reason, system message and suppressOutput, on exit 0', async () => {
    const { exitCode, stdout } = await runForClaude([answering('halt', 'UserPromptSubmit', { continue: false, stopReason: 'out of budget', systemMessage: 'budget hook', suppressOutput: true })], 'UserPromptSubmit', { prompt: 'go' });

    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ continue: false, stopReason: 'out of budget', systemMessage: 'budget hook', suppressOutput: true });
  });

  it('answers PermissionRequest with decision.behavior', async () => {
    const { exitCode, stdout } = await runForClaude([answering('deny-push', 'PermissionRequest', { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'no force push' } } })], 'PermissionRequest', {
      tool_name: 'Bash', tool_input: { command: 'git push -f' },
    });

    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'no force push' } } });
  });

  it('prints nothing and exits 0 when no hook has anything to say', async () => {
    const { exitCode, stdout, stderr } = await runForClaude([{ event: 'Notification', command: 'true' }], 'Notification', { message: 'hi', notification_type: 'idle_prompt' });

    expect({ exitCode, stdout, stderr }).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('shows configuration problems to the user as a systemMessage', async () => {
    const { exitCode, stdout } = await runForClaude([{ event: 'Stop', matcher: 'x(', command: 'true' }], 'Stop');

    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout).systemMessage).toMatch(/^hookpool: .*hooks\.json: hooks\[0\]\.matcher: invalid matcher regex/);
  });

  it('leaves the discovered Claude settings to Claude Code, which runs those hooks itself', async () => {
    await project.write('.claude/settings.json', { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'hookpool run --format claude' }] }] } });
    await project.write('.hookpool/hooks.json', nativeConfig([answering('native', 'Stop', { systemMessage: 'from .hookpool' })]));
    await project.cli(['trust']);

    const { exitCode, stdout } = await project.cli(['run', '--format', 'claude'], { input: project.claudeInput('Stop') });

    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ systemMessage: 'from .hookpool' });
  });

  it('leaves a broken discovered Claude settings file to Claude Code too, and still runs hookpool\'s hooks', async () => {
    await project.write('.claude/settings.json', '{"hooks": {');
    await project.write('.hookpool/hooks.json', nativeConfig([answering('native', 'Stop', { systemMessage: 'from .hookpool' })]));
    await project.cli(['trust']);

    const { exitCode, stdout } = await project.cli(['run', '--format', 'claude'], { input: project.claudeInput('Stop') });

    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ systemMessage: 'from .hookpool' });
  });

  it('needs an event from the argument or hook_event_name; without one it refuses (exit 2: Claude Code reads exit 1 as proceed)', async () => {
    const { exitCode, stderr } = await project.cli(['run', '--format', 'claude'], { input: '{"session_id":"s1"}' });

    expect(exitCode).toBe(2);
    expect(stderr).toMatch(/^hookpool: name the event/);
  });
});
