// Audit mode from the command line, with a real guard script: `enable --audit` lets the call
// proceed while the answer, `run --json` and the history log say it would block; plain `enable`
// restores blocking; `list` and `doctor` name the guard.
import { chmod } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

const GUARD = `#!/bin/sh
case "$(cat)" in
  *'rm -rf'*) echo "no rm -rf here" >&2; exit 2 ;;
esac
exit 0
`;

const CONFIG = `{
  "hooks": [
    {
      "id": "guard",
      "event": "PreToolUse",
      "matcher": "Bash",
      "command": ".hookpool/hooks/guard.sh"
    }
  ]
}
`;

async function installGuard(): Promise<void> {
  await chmod(await project.write('.hookpool/hooks/guard.sh', GUARD), 0o755);
  await project.write('.hookpool/hooks.json', CONFIG);
  await project.cli(['trust']);
}

const rmCall = (fields: Record<string, unknown> = {}) => ({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, ...fields });

async function historyRecords(): Promise<Record<string, unknown>[]> {
  const text = await project.read('../home/.local/state/hookpool/runs.jsonl');
  return text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('audit mode from the command line', () => {
  it('enable --audit: the guard runs and the call proceeds; run --json, the Claude Code answer and history say it would block; enable restores blocking', async () => {
    await installGuard();

    const audit = await project.cli(['enable', '--audit', 'guard']);
    const fileInAudit = await project.read('.hookpool/hooks.json');
    const json = await project.cli(['run', 'PreToolUse', '--json', '--input', JSON.stringify(rmCall())]);
    const claude = await project.cli(['run', '--format', 'claude'], { input: project.claudeInput('PreToolUse', rmCall()) });
    const records = await historyRecords();
    const enforce = await project.cli(['enable', 'guard']);
    const fileEnforced = await project.read('.hookpool/hooks.json');
    const blocked = await project.cli(['run', '--format', 'claude'], { input: project.claudeInput('PreToolUse', rmCall()) });

    expect(audit).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('enabled guard in audit mode (.hookpool/hooks.json hooks[0])') });
    expect(audit.stdout).toContain('the file stays trusted');
    expect(fileInAudit).toBe(CONFIG.replace('"command": ".hookpool/hooks/guard.sh"\n', '"command": ".hookpool/hooks/guard.sh",\n      "enforce": false\n'));

    const result = JSON.parse(json.stdout);
    expect(json.exitCode).toBe(0);
    expect(result).toMatchObject({ blocked: false, decision: null, audited: [{ id: 'guard', wouldBlock: true, answer: { decision: 'deny', reason: 'no rm -rf here' } }] });
    expect(json.stderr).toContain('hookpool: warning: hook "guard" would block PreToolUse (audit mode, not applied): no rm -rf here');

    expect(claude.exitCode).toBe(0);
    expect(JSON.parse(claude.stdout)).toEqual({ systemMessage: 'hookpool: hook "guard" would block PreToolUse (audit mode, not applied): no rm -rf here' });

    expect(records.map((record) => [record.id, record.status, record.exitCode, record.wouldBlock])).toEqual([['guard', 'exit_nonzero', 2, true], ['guard', 'exit_nonzero', 2, true]]);

    expect(enforce).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('enabled guard, enforcing (it was in audit mode) (.hookpool/hooks.json hooks[0])') });
    expect(fileEnforced).toBe(fileInAudit.replace('"enforce": false', '"enforce": true'));
    expect(blocked).toMatchObject({ exitCode: 2, stderr: 'no rm -rf here\n' });
    expect((await historyRecords()).at(-1)).not.toHaveProperty('wouldBlock');
  });

  it('says "would block" where each agent shows hookpool\'s notices: Gemini CLI\'s systemMessage, Copilot CLI\'s stderr', async () => {
    await installGuard();
    await project.write('.hookpool/hooks.json', CONFIG.replace('"matcher": "Bash"', '"matcher": "Bash", "enforce": false'));
    await project.cli(['trust']);
    const gemini = { session_id: 's1', cwd: project.dir, hook_event_name: 'BeforeTool', timestamp: '2026-11-23T00:00:00Z', tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } };
    const copilot = { sessionId: 's1', timestamp: 1763856000000, cwd: project.dir, toolName: 'bash', toolArgs: JSON.stringify({ command: 'rm -rf /' }) };

    const geminiAnswer = await project.cli(['run', '--format', 'gemini'], { input: JSON.stringify(gemini) });
    const copilotAnswer = await project.cli(['run', '--format', 'copilot', 'preToolUse'], { input: JSON.stringify(copilot) });

    expect(geminiAnswer.exitCode).toBe(0);
    expect(JSON.parse(geminiAnswer.stdout)).toEqual({ systemMessage: 'hookpool: hook "guard" would block PreToolUse (audit mode, not applied): no rm -rf here' });
    expect(copilotAnswer.exitCode).toBe(0);
    expect(JSON.parse(copilotAnswer.stdout)).toEqual({});
    expect(copilotAnswer.stderr).toContain('hookpool: hook "guard" would block PreToolUse (audit mode, not applied): no rm -rf here');
  });

  it('list shows the hook as "audit"; doctor warns about the guard in audit mode', async () => {
    await installGuard();
    await project.cli(['enable', '--audit', 'guard']);

    const listed = await project.cli(['list']);
    const doctor = await project.cli(['doctor']);
    const doctorJson = JSON.parse((await project.cli(['doctor', '--json'])).stdout);

    expect(listed.stdout).toMatch(/^\s+audit\s+guard\s+Bash\s/m);
    expect(doctor.exitCode).toBe(0);
    expect(doctor.stdout).toMatch(/^warn\s+guard\s+PreToolUse\s+audit mode: not enforced$/m);
    expect(doctor.stdout).toContain('warn  guard "guard" (PreToolUse, .hookpool/hooks.json hooks[0]) is in audit mode: what it would block is recorded and shown, never applied; hookpool enable guard enforces it');
    expect(doctorJson.hooks).toEqual([expect.objectContaining({ id: 'guard', verdict: 'warn', audit: true })]);
  });

  it('refuses --audit for a hook whose file has no "enforce" field, in one line, and changes nothing', async () => {
    await chmod(await project.write('.hookpool/hooks/guard.sh', GUARD), 0o755);
    const settings = JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '.hookpool/hooks/guard.sh' }] }] } });
    await project.write('.claude/settings.json', settings);

    const { exitCode, stderr } = await project.cli(['enable', '--audit', 'guard.sh@PreToolUse', '--claude-settings', '.claude/settings.json']);

    expect(exitCode).toBe(1);
    expect(stderr).toBe('hookpool: hook "guard.sh@PreToolUse" (.claude/settings.json hooks.PreToolUse[0].hooks[0]) comes from a file in the claude format, which has no "enforce" field: audit mode is for hooks in hookpool\'s own files (.hookpool/hooks.json)\n');
    expect(await project.read('.claude/settings.json')).toBe(settings);
  });
});
