// Autohand docs, "Error Handling": "Hook failures do not crash the agent; errors are logged but
// execution continues". A guard from an Autohand file that cannot answer lets the action through
// (the same guard from hookpool's own file refuses), never silently: the failure is in
// FireResult.failures and the agent's answer, and `doctor` and `validate` name each such guard with
// the line that closes it.
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { engineFor, HOSTS, workspace } from '../kit.js';
import { runCli } from '../../cli/cli-harness.js';
import { AUTOHAND_CONFIG } from './autohand-kit.js';

describe.each(HOSTS)('Autohand hook failures never block, %s host', (host) => {
  it('the same failing PreToolUse guard: refused from a hookpool file, let through (and reported) from an Autohand file', async () => {
    const ws = await workspace();
    const native = await ws.write('native.json', { hooks: [{ id: 'guard', event: 'PreToolUse', command: 'exit 127' }] });
    const autohand = await ws.write('autohand.json', { hooks: { enabled: true, hooks: [{ event: 'pre-tool', command: 'exit 127' }] } });

    const fromNative = await engineFor(host, ws, await ws.load({ files: [native] })).fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    const fromAutohand = await engineFor(host, ws, await ws.load({ files: [autohand] })).fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });

    expect(fromNative).toMatchObject({ blocked: true, decision: 'deny' });
    expect(fromNative.failures).toEqual([expect.objectContaining({ id: 'guard', onError: 'closed' })]);
    expect(fromAutohand).toMatchObject({ blocked: false, decision: null });
    expect(fromAutohand.failures).toEqual([expect.objectContaining({ exitCode: 127, onError: 'open' })]);
  });
});

describe('Autohand fail-open guards in doctor and validate', () => {
  it('doctor and validate name each guard of ~/.autohand/config.json (pre-tool, permission-request, pre-prompt), with the one line that closes it', async () => {
    const ws = await workspace();
    await ws.write(AUTOHAND_CONFIG, {
      hooks: {
        enabled: true,
        hooks: [
          { event: 'pre-tool', command: 'true', matcher: '^(run_command|delete_path|write_file)$', description: 'Block dangerous commands and operations' },
          { event: 'permission-request', command: 'true', matcher: '^read_file$', description: 'Auto-approve file reads' },
          { event: 'pre-prompt', command: 'true' },
          { event: 'post-tool', command: 'true' },
          { event: 'pre-tool', command: 'true', enabled: false },
        ],
      },
    });
    const closing = 'Autohand never lets a failing hook block: move it to .hookpool/hooks.json with "onError": "closed"';
    const lines = [
      `~/.autohand/config.json: hooks.hooks[0]: guard "true@PreToolUse" on PreToolUse proceeds when its hook fails; ${closing}`,
      `~/.autohand/config.json: hooks.hooks[1]: guard "true@PermissionRequest" on PermissionRequest proceeds when its hook fails; ${closing}`,
      `~/.autohand/config.json: hooks.hooks[2]: guard "true@UserPromptSubmit" on UserPromptSubmit proceeds when its hook fails; ${closing}`,
    ];
    // The agent runs in a project beside the home folder, as a user's would.
    await mkdir(ws.path('project'));
    const cli = (...args: string[]) => runCli(args, { cwd: ws.path('project'), home: ws.home });

    const [json, text, doctor] = await Promise.all([cli('validate', '--json'), cli('validate'), cli('doctor')]);

    expect(JSON.parse(json.stdout).failOpenGuards).toEqual(lines);
    expect(text.stdout.split('\n').filter((line) => line.startsWith('note: '))).toEqual(lines.map((line) => `note: ${line}`));
    // Below its table, doctor lists them in the same words (its table notes each in its row too).
    expect(doctor.stdout.split('\n').filter((line) => line.includes('proceeds when its hook fails'))).toEqual(lines.map((line) => `warn  ${line}`));
    for (const result of [json, text, doctor]) expect(result.exitCode).toBe(0);
  }, 60_000);

  it("the agent's answer says so: hookpool run --format claude lets the call through with a systemMessage naming the failure", async () => {
    const ws = await workspace();
    await ws.write(AUTOHAND_CONFIG, { hooks: { enabled: true, hooks: [{ event: 'pre-tool', command: 'exit 127' }] } });
    await mkdir(ws.path('project'));
    const input = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: ws.path('project'), tool_name: 'Bash', tool_input: { command: 'ls' } });

    const result = await runCli(['run', '--format', 'claude'], { cwd: ws.path('project'), home: ws.home, input });

    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ systemMessage: 'hookpool: hook "exit@PreToolUse" could not run its command (exit 127: command not found); PreToolUse went ahead without its answer (onError: open)' });
  }, 60_000);
});
