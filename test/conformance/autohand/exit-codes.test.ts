// Autohand docs, "Exit Codes" and "Control Flow Responses": exit 0 parses the JSON response if
// present, exit 2 blocks with the stderr message, any other exit is a non-blocking error (logged,
// execution continues). The docs' Security Guard hook is the example: exit 2 for a dangerous
// command, its response JSON otherwise.
import { describe, expect, it } from 'vitest';
import { HOOKS_DIR, HOSTS, replyJson, respond, shell } from '../kit.js';
import { autohandProject } from './autohand-kit.js';

const GUARD = shell(`${HOOKS_DIR}seeds/autohand-guard.sh`);

describe.each(HOSTS)('Autohand exit codes and responses, %s host', (host) => {
  it('security-guard: exit 2 blocks with stderr; otherwise its response JSON answers', async () => {
    const { engine } = await autohandProject(host, [
      { event: 'pre-tool', matcher: '^(run_command|delete_path|write_file)$', command: GUARD, description: 'security guard' },
    ]);

    const blocked = await engine.fire('PreToolUse', { tool_name: 'run_command', tool_input: { command: 'rm -rf /' }, tool_use_id: 'call-1' });
    const allowed = await engine.fire('PreToolUse', { tool_name: 'run_command', tool_input: { command: 'ls' }, tool_use_id: 'call-2' });
    const notMatched = await engine.fire('PreToolUse', { tool_name: 'read_file', tool_input: {} });

    expect(blocked).toMatchObject({ blocked: true, decision: 'deny', reason: 'Dangerous command blocked by the security guard' });
    expect(allowed).toMatchObject({ blocked: false, decision: 'allow', reason: 'run_command looks safe', additionalContext: 'checked by the guard' });
    expect(notMatched.hooks).toEqual([]);
  });

  it('a non-zero exit other than 2 does not block, and its JSON is not read; plain stdout is never context', async () => {
    const { engine } = await autohandProject(host, [
      { event: 'pre-tool', command: replyJson({ decision: 'deny', reason: 'exit 1 is not a block' }, 1) },
      { event: 'session-start', command: respond('-o', 'branch main') },
    ]);

    const pre = await engine.fire('PreToolUse', { tool_name: 'run_command', tool_input: { command: 'ls' } });
    const start = await engine.fire('SessionStart', { source: 'startup' });

    expect(pre).toMatchObject({ blocked: false, decision: null });
    expect(pre.hookErrors[0]?.message).toContain('failed with exit code 1');
    expect(start.additionalContext).toBeNull();
  });
});
