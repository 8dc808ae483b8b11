// Autohand docs, "Control Flow Responses" and "Auto-approve Read Operations": a hook's
// `{"decision": ...}` answers a permission-request (allow approves, deny rejects, ask keeps the
// normal prompt), and Autohand takes the first hook's decision.
import { describe, expect, it } from 'vitest';
import { HOSTS } from '../kit.js';
import { autohandProject, script } from './autohand-kit.js';
import { workspace } from '../kit.js';

describe.each(HOSTS)('Autohand permission decisions, %s host', (host) => {
  it('the docs\' auto-approve-reads.sh ({"decision": "allow", "reason": ...}) approves read_file, and only read_file', async () => {
    const ws = await workspace();
    await script(ws, 'auto-approve-reads.sh', `echo '{"decision": "allow", "reason": "Read operations are safe"}'`);
    const { engine } = await autohandProject(host, [
      { event: 'permission-request', command: './auto-approve-reads.sh', matcher: '^read_file$', description: 'Auto-approve file reads' },
    ], {}, ws);

    const read = await engine.fire('permission-request', { tool_name: 'read_file', tool_input: { path: 'src/index.ts' } });
    const write = await engine.fire('permission-request', { tool_name: 'write_file', tool_input: { path: 'src/index.ts' } });

    expect(read).toMatchObject({ decision: 'allow', blocked: false, reason: 'Read operations are safe', ignoredOutput: [] });
    expect(read.decidedBy).toEqual([{ id: expect.any(String), via: 'output', reason: 'Read operations are safe' }]);
    expect(write).toMatchObject({ decision: null, blocked: false, hooks: [] });
  });

  it('deny rejects the permission (blocked, with its reason); ask keeps the normal prompt (decision "ask", not blocked)', async () => {
    const ws = await workspace();
    await script(ws, 'deny-deletes.sh', `echo '{"decision": "deny", "reason": "Deletes need a person"}'`);
    await script(ws, 'ask-writes.sh', `echo '{"decision": "ask"}'`);
    const { engine } = await autohandProject(host, [
      { event: 'permission-request', command: './deny-deletes.sh', matcher: '^delete_path$' },
      { event: 'permission-request', command: './ask-writes.sh', matcher: '^write_file$' },
    ], {}, ws);

    const deleted = await engine.fire('PermissionRequest', { tool_name: 'delete_path', tool_input: { path: 'dist' } });
    const written = await engine.fire('PermissionRequest', { tool_name: 'write_file', tool_input: { path: 'a.ts' } });

    expect(deleted).toMatchObject({ decision: 'deny', blocked: true, reason: 'Deletes need a person' });
    expect(written).toMatchObject({ decision: 'ask', blocked: false, ignoredOutput: [] });
  });

  it('the first hook with a decision decides; a later hook\'s decision is noted, not merged', async () => {
    const ws = await workspace();
    await script(ws, 'first.sh', `echo '{"decision": "allow", "reason": "first says yes"}'`);
    await script(ws, 'second.sh', `echo '{"decision": "deny", "reason": "second says no"}'`);
    const { engine } = await autohandProject(host, [
      { event: 'permission-request', command: './first.sh' },
      { event: 'permission-request', command: './second.sh' },
    ], {}, ws);

    const result = await engine.fire('permission-request', { tool_name: 'run_command', tool_input: { command: 'ls' } });

    expect(result).toMatchObject({ decision: 'allow', blocked: false, reason: 'first says yes' });
    expect(result.hooks).toHaveLength(2);
    expect(result.ignoredOutput).toEqual([{ id: expect.stringContaining('second.sh'), message: expect.stringContaining("Autohand takes the first hook's decision") }]);
  });
});
