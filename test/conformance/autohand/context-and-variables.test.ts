// Autohand docs, "JSON Input (stdin)" and "Environment Variables": a hook gets the context JSON on
// stdin (every key, unused ones null) and the HOOK_* variables of its event, from a discovered
// ~/.autohand/config.json.
import { describe, expect, it } from 'vitest';
import { AUTOHAND_CONTEXT_KEYS } from '../../../src/run/hook-protocols/autohand-context.js';
import { HOOKS_DIR, HOSTS, parseEnv, PRINT_ENV, shell } from '../kit.js';
import { autohandProject } from './autohand-kit.js';

const GUARD = shell(`${HOOKS_DIR}seeds/autohand-guard.sh`);

describe.each(HOSTS)('Autohand context and variables, %s host', (host) => {
  it('stdin is its JSON context with its event name, every key present, unused ones null', async () => {
    const { ws, config, engine } = await autohandProject(host, [{ event: 'pre-tool', command: GUARD }]);
    expect(config.files.map(({ format, scope }) => `${scope}/${format}`)).toEqual(['user/autohand']);

    await engine.fire('PreToolUse', { tool_name: 'write_file', tool_input: { path: 'a.ts', content: 'x' }, tool_use_id: 'call-9' });

    const stdin = JSON.parse((await ws.read('autohand-stdin.json'))!) as Record<string, unknown>;
    expect(Object.keys(stdin)).toEqual(AUTOHAND_CONTEXT_KEYS);
    expect(stdin).toMatchObject({
      session_id: 'autohand-session', cwd: ws.root, hook_event_name: 'pre-tool', tool_name: 'write_file',
      tool_input: { path: 'a.ts', content: 'x' }, tool_use_id: 'call-9', tool_response: null, tool_success: null, instruction: null,
    });
    const env = parseEnv((await ws.read('autohand-env.txt'))!);
    expect(env).toEqual({
      HOOK_EVENT: 'pre-tool', HOOK_WORKSPACE: ws.root, HOOK_SESSION_ID: 'autohand-session', HOOK_TOOL: 'write_file',
      HOOK_ARGS: '{"path":"a.ts","content":"x"}', HOOK_TOOL_CALL_ID: 'call-9',
    });
  });

  it('its HOOK_* variables on post-tool, file-modified, pre-prompt, stop, session, subagent, permission and notification events', async () => {
    const events = ['post-tool', 'file-modified', 'pre-prompt', 'stop', 'session-start', 'session-end', 'subagent-stop', 'permission-request', 'notification', 'session-error'];
    const { ws, engine } = await autohandProject(host, events.map((event) => ({ event, command: PRINT_ENV })));
    const envOf = async (event: string, payload: Record<string, unknown>) => parseEnv((await engine.fire(event, payload)).hooks[0]!.stdout);

    expect(await envOf('PostToolUse', { tool_name: 'run_command', tool_input: { command: 'npm test' }, tool_use_id: 'c1', tool_response: 'ok', duration_ms: 31 }))
      .toMatchObject({ HOOK_EVENT: 'post-tool', HOOK_TOOL: 'run_command', HOOK_OUTPUT: 'ok', HOOK_SUCCESS: 'true', HOOK_DURATION: '31', HOOK_TOOL_CALL_ID: 'c1', HOOK_WORKSPACE: ws.root });
    expect(await envOf('FileModified', { file_path: 'src/a.ts', change_type: 'create' })).toMatchObject({ HOOK_EVENT: 'file-modified', HOOK_PATH: 'src/a.ts', HOOK_CHANGE_TYPE: 'create' });
    expect(await envOf('UserPromptSubmit', { prompt: 'add tests', mentioned_files: ['a.ts', 'b.ts'] })).toMatchObject({ HOOK_EVENT: 'pre-prompt', HOOK_INSTRUCTION: 'add tests', HOOK_MENTIONED_FILES: '["a.ts","b.ts"]' });
    expect(await envOf('Stop', { tokens_used: 900, tool_calls_count: 3, turn_tool_calls: 1, turn_duration: 1200, duration_ms: 5000 }))
      .toMatchObject({ HOOK_EVENT: 'stop', HOOK_TOKENS: '900', HOOK_TOOL_CALLS_COUNT: '3', HOOK_TURN_TOOL_CALLS: '1', HOOK_TURN_DURATION: '1200', HOOK_DURATION: '5000' });
    expect(await envOf('SessionStart', { source: 'startup' })).toMatchObject({ HOOK_EVENT: 'session-start', HOOK_SESSION_TYPE: 'startup' });
    expect(await envOf('SessionEnd', { reason: 'quit' })).toMatchObject({ HOOK_EVENT: 'session-end', HOOK_SESSION_END_REASON: 'quit' });
    expect(await envOf('SubagentStop', { agent_id: 'w-1', agent_type: 'explore', subagent_success: true, subagent_duration: 700 }))
      .toMatchObject({ HOOK_EVENT: 'subagent-stop', HOOK_SUBAGENT_ID: 'w-1', HOOK_SUBAGENT_TYPE: 'explore', HOOK_SUBAGENT_SUCCESS: 'true', HOOK_SUBAGENT_DURATION: '700' });
    expect(await envOf('PermissionRequest', { tool_name: 'delete_path', tool_input: { path: 'dist' }, permission_type: 'destructive' }))
      .toMatchObject({ HOOK_EVENT: 'permission-request', HOOK_TOOL: 'delete_path', HOOK_PATH: 'dist', HOOK_PERMISSION_TYPE: 'destructive' });
    expect(await envOf('Notification', { notification_type: 'idle_prompt', message: 'waiting for you' }))
      .toMatchObject({ HOOK_EVENT: 'notification', HOOK_NOTIFICATION_TYPE: 'idle_prompt', HOOK_NOTIFICATION_MSG: 'waiting for you' });
    const error = await envOf('Error', { error: 'provider down', error_code: 'E503' });
    expect(error).toMatchObject({ HOOK_EVENT: 'session-error', HOOK_ERROR: 'provider down', HOOK_ERROR_CODE: 'E503' });
    for (const name of Object.keys(error)) expect(/^(OPTA_|WUNDR_|CLAUDE_PROJECT_DIR)/.test(name), name).toBe(false);
  });
});
