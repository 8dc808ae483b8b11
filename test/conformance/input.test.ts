// PROTOCOL.md, "Input: JSON on stdin".
import { beforeAll, describe, expect, it } from 'vitest';
import type { HookEngine } from '../../src/index.js';
import { claudeEngine, ECHO_STDIN, group, handler, HOSTS, respond, settings, type Workspace } from './kit.js';

const TRANSCRIPT = '/home/me/.claude/projects/p/t.jsonl';

// [event, payload the agent fires, fields the engine adds beyond the common ones]
const inputs: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ['PreToolUse', { tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 'toolu_1' }, {}],
  ['PostToolUse', { tool_name: 'Write', tool_input: { file_path: '/p/f.txt', content: 'x' }, tool_response: { success: true }, tool_use_id: 'toolu_2' }, {}],
  ['PostToolUseFailure', { tool_name: 'Bash', tool_input: { command: 'false' }, tool_use_id: 'toolu_3', error: 'exit 1' }, {}],
  ['PermissionRequest', { tool_name: 'Bash', tool_input: { command: 'rm -rf build' } }, {}],
  ['UserPromptSubmit', { prompt: 'write a function' }, {}],
  ['Stop', {}, { stop_hook_active: false }],
  ['SubagentStop', { agent_type: 'Explore', agent_id: 'a1' }, { stop_hook_active: false }],
  ['SessionStart', { source: 'startup' }, {}],
  ['SessionEnd', { reason: 'logout' }, {}],
  ['Notification', { message: 'needs permission', notification_type: 'permission_prompt' }, {}],
  ['PreCompact', { trigger: 'manual', custom_instructions: '' }, {}],
];

describe.each(HOSTS)('hook input, %s host', (host) => {
  describe('exact stdin per event', () => {
    let engine: HookEngine;
    let ws: Workspace;
    beforeAll(async () => {
      const hooks = Object.fromEntries(inputs.map(([event]) => [event, [group(undefined, handler(ECHO_STDIN, 5))]]));
      ({ engine, ws } = await claudeEngine(host, settings(hooks), { transcriptPath: TRANSCRIPT, permissionMode: 'acceptEdits' }, 'file'));
    });

    it.each(inputs)('%s: the common fields plus the event fields, as JSON on stdin', async (event, payload, added) => {
      const result = await engine.fire(event, payload);

      expect(result.hooks[0]!.status).toBe('ok');
      expect(JSON.parse(result.hooks[0]!.stdout)).toEqual({
        session_id: 'conformance-session',
        transcript_path: TRANSCRIPT,
        cwd: ws.root,
        hook_event_name: event,
        permission_mode: 'acceptEdits',
        ...payload,
        ...added,
      });
    });
  });

  it('permission_mode is given only when the agent knows it', async () => {
    const { engine, ws } = await claudeEngine(host, settings({ UserPromptSubmit: [group(undefined, handler(ECHO_STDIN))] }), { transcriptPath: TRANSCRIPT });

    const input = JSON.parse((await engine.fire('UserPromptSubmit', { prompt: 'hi' })).hooks[0]!.stdout) as Record<string, unknown>;

    expect(input).toEqual({ session_id: 'conformance-session', transcript_path: TRANSCRIPT, cwd: ws.root, hook_event_name: 'UserPromptSubmit', prompt: 'hi' });
    expect(input).not.toHaveProperty('permission_mode');
  });

  it('the payload is written whole and stdin is then closed', async () => {
    const { engine, ws } = await claudeEngine(host, settings({ PostToolUse: [group('Write', handler('wc -c'))] }), { permissionMode: 'default' });
    const payload = { tool_name: 'Write', tool_input: { file_path: '/p/big.txt', content: 'é→x'.repeat(400_000) }, tool_response: { success: true } };
    const whole = JSON.stringify({ session_id: 'conformance-session', cwd: ws.root, hook_event_name: 'PostToolUse', permission_mode: 'default', ...payload });

    const result = await engine.fire('PostToolUse', payload);

    // wc -c prints only once it reads end of file: the count proves both "whole" and "closed".
    expect(result.hooks[0]!.status).toBe('ok');
    expect(Number(result.hooks[0]!.stdout.trim())).toBe(Buffer.byteLength(whole));
  });

  it('a hook that exits without reading stdin breaks nothing', async () => {
    const { engine } = await claudeEngine(host, settings({
      PreToolUse: [group('Write',
        handler(respond('-o', JSON.stringify({ systemMessage: 'exited without reading' }))),
        handler('wc -c'),
      )],
    }));
    const payload = { tool_name: 'Write', tool_input: { file_path: '/p/big.txt', content: 'y'.repeat(2_000_000) } };

    for (let round = 0; round < 3; round++) {
      const result = await engine.fire('PreToolUse', payload);
      const [skipper, reader] = result.hooks;
      expect(skipper).toMatchObject({ status: 'ok', exitCode: 0, signal: null });
      expect(skipper!.error).toBeUndefined();
      expect(result.systemMessage).toBe('exited without reading');
      expect(reader!.status).toBe('ok');
      expect(Number(reader!.stdout.trim())).toBeGreaterThan(2_000_000);
    }
  });
});
