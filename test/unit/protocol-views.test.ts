// What each hook protocol gives its hooks on one fire: stdin and variables, exactly as the seeds
// define them (notes: /work/notes/seed-formats.md, issue 10 "Seed formats' variables").
import { describe, expect, it } from 'vitest';
import type { HookProtocol } from '../../src/model/hook-definition.js';
import { EVENT_NAMES, EVENT_SPECS, type EventName } from '../../src/events/event-specs.js';
import { AUTOHAND_CONTEXT_KEYS } from '../../src/run/hook-protocols/autohand-context.js';
import { AUTOHAND_EVENTS } from '../../src/run/hook-protocols/autohand.js';
import { OPTA_EVENT_NAMES } from '../../src/run/hook-protocols/opta.js';
import { PROTOCOLS } from '../../src/run/hook-protocols/protocols.js';

const context = { sessionId: 'engine-session', cwd: '/work/app', projectDir: '/work', model: undefined as string | undefined };

function view(protocol: HookProtocol, event: EventName, payload: Record<string, unknown>, fireContext = context) {
  const input = { session_id: fireContext.sessionId, cwd: fireContext.cwd, hook_event_name: event, ...payload };
  const result = PROTOCOLS[protocol].view({ spec: EVENT_SPECS[event], input, inputJson: JSON.stringify(input), context: fireContext });
  return { env: result.variables, stdin: result.stdin, input };
}

const seedNames = (env: Record<string, string>) => Object.keys(env).filter((name) => !name.startsWith('HOOKPOOL_')).sort();

describe('every protocol', () => {
  it.each(['claude', 'opta', 'autohand', 'wundr', 'openclaw'] as const)("gives hookpool's own variables and no other seed's (%s)", (protocol) => {
    const { env } = view(protocol, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(env).toMatchObject({ HOOKPOOL_EVENT: 'PreToolUse', HOOKPOOL_SESSION_ID: 'engine-session', HOOKPOOL_CWD: '/work/app', HOOKPOOL_TOOL_NAME: 'Bash' });
    const prefixes = { claude: 'CLAUDE_', opta: 'OPTA_', autohand: 'HOOK_', wundr: 'WUNDR_HOOK_', openclaw: '(none)' };
    for (const name of seedNames(env)) expect(name.startsWith(prefixes[protocol]), name).toBe(true);
  });
});

describe('Claude Code protocol', () => {
  it('gives the wire-format JSON on stdin and CLAUDE_PROJECT_DIR', () => {
    const { env, stdin, input } = view('claude', 'Stop', { stop_hook_active: false });
    expect(JSON.parse(stdin)).toEqual(input);
    expect(seedNames(env)).toEqual(['CLAUDE_PROJECT_DIR']);
    expect(env.CLAUDE_PROJECT_DIR).toBe('/work');
  });
});

describe('Opta protocol', () => {
  it("names events by Opta's own table: tool.pre, tool.post, compact, error, session.start, session.end, and V3's prompt.pre", () => {
    expect(OPTA_EVENT_NAMES).toEqual({
      SessionStart: 'session.start', SessionEnd: 'session.end', UserPromptSubmit: 'prompt.pre', PreToolUse: 'tool.pre', PostToolUse: 'tool.post', PostCompact: 'compact', Error: 'error',
    });
    for (const [event, name] of Object.entries(OPTA_EVENT_NAMES)) expect(view('opta', event as EventName, {}).env.OPTA_EVENT).toBe(name);
    // An event Opta lacks goes by its canonical name, never a guess from another seed's alias.
    expect(view('opta', 'Notification', {}).env.OPTA_EVENT).toBe('Notification');
    expect(view('opta', 'PostToolUseFailure', {}).env.OPTA_EVENT).toBe('PostToolUseFailure');
  });

  it('sets OPTA_SESSION_ID, OPTA_CWD, OPTA_TOOL_NAME, OPTA_TOOL_ARGS (the raw JSON) and OPTA_TOOL_RESULT', () => {
    const toolInput = { command: 'npm test', timeout: 5 };
    const { env, stdin, input } = view('opta', 'PostToolUse', { tool_name: 'run_command', tool_input: toolInput, tool_response: 'ok' });
    expect(env).toMatchObject({
      OPTA_EVENT: 'tool.post', OPTA_SESSION_ID: 'engine-session', OPTA_CWD: '/work/app', OPTA_TOOL_NAME: 'run_command',
      OPTA_TOOL_ARGS: JSON.stringify(toolInput), OPTA_TOOL_RESULT: 'ok',
    });
    expect(seedNames(env)).toEqual(['OPTA_CWD', 'OPTA_EVENT', 'OPTA_SESSION_ID', 'OPTA_TOOL_ARGS', 'OPTA_TOOL_NAME', 'OPTA_TOOL_RESULT']);
    // Opta writes no stdin; hookpool's Claude JSON there is harmless.
    expect(JSON.parse(stdin)).toEqual(input);
  });

  it('cuts OPTA_TOOL_RESULT at 2,048 characters (not bytes), with a marker', () => {
    const result = 'é'.repeat(3000);
    const { env } = view('opta', 'PostToolUse', { tool_name: 'read_file', tool_input: {}, tool_response: result });
    expect(env.OPTA_TOOL_RESULT).toBe(`${'é'.repeat(2048)}…[hookpool: cut at 2048 of 3000 characters; the JSON on stdin has it whole]`);
    expect(env.HOOKPOOL_CUT_VARIABLES).toBe('OPTA_TOOL_RESULT');
  });

  it('OPTA_MODEL: the payload\'s model, else the engine\'s model option, else unset', () => {
    expect(view('opta', 'SessionStart', { model: 'qwen-72b' }, { ...context, model: 'engine-model' }).env.OPTA_MODEL).toBe('qwen-72b');
    expect(view('opta', 'SessionStart', {}, { ...context, model: 'engine-model' }).env.OPTA_MODEL).toBe('engine-model');
    expect(view('opta', 'SessionStart', {}).env).not.toHaveProperty('OPTA_MODEL');
  });

  it('OPTA_ERROR on errors; a payload session overrides the engine\'s', () => {
    const { env } = view('opta', 'Error', { error: 'model unreachable', session_id: 'payload-session' });
    expect(env).toMatchObject({ OPTA_EVENT: 'error', OPTA_ERROR: 'model unreachable', OPTA_SESSION_ID: 'payload-session' });
  });
});

describe('Autohand protocol', () => {
  it("names events by Autohand's own table, a canonical name where Autohand has none", () => {
    expect(view('autohand', 'PreToolUse', {}).env.HOOK_EVENT).toBe('pre-tool');
    expect(view('autohand', 'Stop', {}).env.HOOK_EVENT).toBe('stop');
    expect(view('autohand', 'Notification', {}).env.HOOK_EVENT).toBe('notification');
    expect(view('autohand', 'Error', {}).env.HOOK_EVENT).toBe('session-error');
    expect(view('autohand', 'UserPromptSubmit', {}).env.HOOK_EVENT).toBe('pre-prompt');
    expect(view('autohand', 'PostToolUseFailure', {}).env.HOOK_EVENT).toBe('post-tool');
    expect(view('autohand', 'PreCompact', {}).env.HOOK_EVENT).toBe('PreCompact');
    // Every name in the table is one of Autohand's events, which hookpool also reads in its configs.
    for (const row of Object.values(AUTOHAND_EVENTS)) expect(EVENT_NAMES.some((name) => EVENT_SPECS[name].aliases.includes(row!.name)), row!.name).toBe(true);
  });

  it('pre-tool and post-tool: HOOK_TOOL, HOOK_ARGS, HOOK_TOOL_CALL_ID, HOOK_OUTPUT, HOOK_SUCCESS, HOOK_DURATION, HOOK_WORKSPACE, HOOK_SESSION_ID', () => {
    const payload = { tool_name: 'write_file', tool_input: { path: 'a.ts' }, tool_use_id: 'call-7', tool_response: 'wrote 3 bytes', duration_ms: 42 };
    expect(view('autohand', 'PostToolUse', payload).env).toMatchObject({
      HOOK_EVENT: 'post-tool', HOOK_WORKSPACE: '/work/app', HOOK_SESSION_ID: 'engine-session', HOOK_TOOL: 'write_file', HOOK_ARGS: '{"path":"a.ts"}',
      HOOK_TOOL_CALL_ID: 'call-7', HOOK_OUTPUT: 'wrote 3 bytes', HOOK_SUCCESS: 'true', HOOK_DURATION: '42',
    });
    expect(view('autohand', 'PostToolUseFailure', { ...payload, error: 'disk full' }).env).toMatchObject({ HOOK_SUCCESS: 'false', HOOK_ERROR: 'disk full' });
    const pre = view('autohand', 'PreToolUse', { tool_name: 'run_command', tool_input: { command: 'ls' }, tool_use_id: 'call-1' }).env;
    expect(seedNames(pre)).toEqual(['HOOK_ARGS', 'HOOK_EVENT', 'HOOK_SESSION_ID', 'HOOK_TOOL', 'HOOK_TOOL_CALL_ID', 'HOOK_WORKSPACE']);
  });

  it('file, prompt, session, subagent, permission and notification variables', () => {
    expect(view('autohand', 'FileModified', { file_path: 'src/a.ts', change_type: 'modify' }).env).toMatchObject({ HOOK_PATH: 'src/a.ts', HOOK_CHANGE_TYPE: 'modify' });
    expect(view('autohand', 'UserPromptSubmit', { prompt: 'fix it', mentioned_files: ['a.ts'] }).env).toMatchObject({ HOOK_INSTRUCTION: 'fix it', HOOK_MENTIONED_FILES: '["a.ts"]' });
    expect(view('autohand', 'SessionStart', { source: 'resume' }).env).toMatchObject({ HOOK_SESSION_TYPE: 'resume' });
    expect(view('autohand', 'SessionEnd', { reason: 'quit', duration_ms: 0 }).env).toMatchObject({ HOOK_SESSION_END_REASON: 'quit', HOOK_DURATION: '0' });
    expect(view('autohand', 'Stop', { tokens_used: 1200, tool_calls_count: 4, turn_tool_calls: 2, turn_duration: 900, tokens_usage_status: 'actual' }).env).toMatchObject({
      HOOK_TOKENS: '1200', HOOK_TOOL_CALLS_COUNT: '4', HOOK_TURN_TOOL_CALLS: '2', HOOK_TURN_DURATION: '900', HOOK_TOKENS_USAGE_STATUS: 'actual',
    });
    expect(view('autohand', 'Error', { error: 'rate limited', error_code: '429' }).env).toMatchObject({ HOOK_ERROR: 'rate limited', HOOK_ERROR_CODE: '429' });
    expect(view('autohand', 'SubagentStop', {
      agent_id: 'sub-1', agent_type: 'explorer', subagent_name: 'Scout', subagent_success: false, subagent_error: 'x'.repeat(5000), subagent_duration: 0,
    }).env).toMatchObject({
      HOOK_SUBAGENT_ID: 'sub-1', HOOK_SUBAGENT_TYPE: 'explorer', HOOK_SUBAGENT_NAME: 'Scout', HOOK_SUBAGENT_SUCCESS: 'false', HOOK_SUBAGENT_DURATION: '0',
      // Autohand keeps the first 4,000 characters of a subagent's error.
      HOOK_SUBAGENT_ERROR: `${'x'.repeat(4000)}…[hookpool: cut at 4000 of 5000 characters; the JSON on stdin has it whole]`,
    });
    expect(view('autohand', 'PermissionRequest', { tool_name: 'write_file', tool_input: { file_path: '/etc/hosts' }, permission_type: 'write' }).env).toMatchObject({
      HOOK_EVENT: 'permission-request', HOOK_TOOL: 'write_file', HOOK_PATH: '/etc/hosts', HOOK_PERMISSION_TYPE: 'write',
    });
    expect(view('autohand', 'Notification', { notification_type: 'idle_prompt', message: 'waiting' }).env).toMatchObject({
      HOOK_NOTIFICATION_TYPE: 'idle_prompt', HOOK_NOTIFICATION_MSG: 'waiting',
    });
  });

  it('leaves a variable unset when its value is absent or empty, as Autohand does', () => {
    const { env } = view('autohand', 'Notification', { notification_type: '', message: null });
    expect(env).not.toHaveProperty('HOOK_NOTIFICATION_TYPE');
    expect(env).not.toHaveProperty('HOOK_NOTIFICATION_MSG');
    expect(env).toMatchObject({ HOOK_EVENT: 'notification', HOOK_WORKSPACE: '/work/app' });
  });

  it('writes its JSON context on stdin: every key in its order, unused ones null (as its docs show)', () => {
    const { stdin } = view('autohand', 'PreToolUse', { tool_name: 'run_command', tool_input: { command: 'ls' }, tool_use_id: 'call-1', transcript_path: '/t.jsonl' });
    const json = JSON.parse(stdin) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(AUTOHAND_CONTEXT_KEYS);
    expect(json).toMatchObject({
      session_id: 'engine-session', cwd: '/work/app', hook_event_name: 'pre-tool', tool_name: 'run_command', tool_input: { command: 'ls' },
      tool_use_id: 'call-1', tool_response: null, tool_success: null, file_path: null, notification_message: null,
    });
    expect(json).not.toHaveProperty('transcript_path');
  });
});

describe('Wundr protocol', () => {
  it('WUNDR_HOOK_EVENT, WUNDR_HOOK_METADATA (camelCase JSON) and flattened WUNDR_HOOK_<KEY> with no underscores added', () => {
    const payload = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 'call-3', iteration: 2 };
    const { env, stdin } = view('wundr', 'PreToolUse', payload);
    const metadata = { sessionId: 'engine-session', toolName: 'Bash', toolInput: { command: 'rm -rf /' }, toolCallId: 'call-3', iteration: 2 };
    expect(JSON.parse(env.WUNDR_HOOK_METADATA!)).toEqual(metadata);
    expect(env).toMatchObject({
      WUNDR_HOOK_EVENT: 'PreToolUse', WUNDR_HOOK_SESSIONID: 'engine-session', WUNDR_HOOK_TOOLNAME: 'Bash', WUNDR_HOOK_TOOLCALLID: 'call-3', WUNDR_HOOK_ITERATION: '2',
    });
    // Objects are not flattened: they are read from the metadata.
    expect(env).not.toHaveProperty('WUNDR_HOOK_TOOLINPUT');
    expect(seedNames(env)).toEqual(['WUNDR_HOOK_EVENT', 'WUNDR_HOOK_ITERATION', 'WUNDR_HOOK_METADATA', 'WUNDR_HOOK_SESSIONID', 'WUNDR_HOOK_TOOLCALLID', 'WUNDR_HOOK_TOOLNAME']);
    // Wundr writes no stdin although its docs say the metadata goes there: hookpool writes it.
    expect(JSON.parse(stdin)).toEqual(metadata);
  });

  it('PostToolUse carries success, toolOutput and durationMs; PermissionRequest its riskLevel', () => {
    const post = view('wundr', 'PostToolUse', { tool_name: 'Read', tool_input: {}, tool_response: 'text', duration_ms: 5 }).env;
    expect(post).toMatchObject({ WUNDR_HOOK_SUCCESS: 'true', WUNDR_HOOK_TOOLOUTPUT: 'text', WUNDR_HOOK_DURATIONMS: '5' });
    expect(view('wundr', 'PostToolUseFailure', { tool_name: 'Read', error: 'x' }).env).toMatchObject({ WUNDR_HOOK_SUCCESS: 'false', WUNDR_HOOK_ERROR: 'x' });
    expect(view('wundr', 'PermissionRequest', { tool_name: 'Bash', risk_level: 'high' }).env).toMatchObject({ WUNDR_HOOK_RISKLEVEL: 'high' });
  });

  it('WUNDR_HOOK_ID is fixed per hook', () => {
    expect(PROTOCOLS.wundr.hookVariables('guard-bash')).toEqual({ WUNDR_HOOK_ID: 'guard-bash' });
    expect(PROTOCOLS.claude.hookVariables('guard-bash')).toEqual({});
  });
});

describe('OpenClaw protocol', () => {
  it("writes Claude-style JSON with OpenClaw's field names and sets no variables of its own", () => {
    const { env, stdin } = view('openclaw', 'PostToolUseFailure', {
      tool_name: 'Bash', tool_input: { command: 'make' }, error: 'exit 2', transcript_path: '/t.jsonl', permission_mode: 'default',
    });
    expect(JSON.parse(stdin)).toEqual({
      hook_event_name: 'PostToolUseFailure', session_id: 'engine-session', cwd: '/work/app', permission_mode: 'default',
      tool_name: 'Bash', tool_input: { command: 'make' }, tool_error: 'exit 2',
    });
    expect(seedNames(env)).toEqual([]);
  });

  it('renames tool_response, agent_id, agent_type and last_assistant_message, and cuts a tool result at 100,000 characters', () => {
    const post = JSON.parse(view('openclaw', 'PostToolUse', { tool_name: 'Read', tool_response: 'r'.repeat(100_001) }).stdin) as Record<string, unknown>;
    expect(post.tool_result).toBe(`${'r'.repeat(100_000)}... [truncated]`);
    expect(post).not.toHaveProperty('tool_response');
    const sub = JSON.parse(view('openclaw', 'SubagentStart', { agent_id: 'a1', agent_type: 'coder' }).stdin) as Record<string, unknown>;
    expect(sub).toMatchObject({ subagent_id: 'a1', subagent_type: 'coder' });
    const stop = JSON.parse(view('openclaw', 'Stop', { stop_hook_active: true, last_assistant_message: 'done' }).stdin) as Record<string, unknown>;
    expect(stop).toEqual({ hook_event_name: 'Stop', session_id: 'engine-session', cwd: '/work/app', last_response: 'done' });
  });
});
