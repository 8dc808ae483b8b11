// OpenClaw's plan, "JSON stdin/stdout protocol" with its own names (the tool's result as
// `tool_result`, `permission_mode` optional and absent "until a mapping is established"); OpenClaw
// sets no variables of its own.
import { describe, expect, it } from 'vitest';
import { HOSTS } from '../kit.js';
import { command, openclawProject } from './openclaw-kit.js';

describe.each(HOSTS)('OpenClaw hook input, %s host', (host) => {
  it("writes OpenClaw's input on stdin: tool_result (not tool_response), no transcript_path; and no seed variables", async () => {
    const { ws, engine } = await openclawProject(host, (root) => ({
      PostToolUse: [{ matcher: '*', hooks: [command(['sh', '-c', `cat > ${root}/stdin.json; env > ${root}/env.txt`])] }],
    }), { sessionId: 'claw-session' });

    await engine.fire('PostToolUse', { tool_name: 'Read', tool_input: { file_path: 'a' }, tool_response: 'text', tool_use_id: 't1' });
    await engine.close(); // PostToolUse is fire-and-forget in OpenClaw: close() waits for it

    expect(JSON.parse((await ws.read('stdin.json'))!)).toEqual({
      hook_event_name: 'PostToolUse', session_id: 'claw-session', cwd: expect.any(String), tool_name: 'Read', tool_input: { file_path: 'a' }, tool_use_id: 't1', tool_result: 'text',
    });
    expect((await ws.lines('env.txt')).filter((line) => /^(OPTA_|HOOK_|WUNDR_|CLAUDE_PROJECT_DIR)/.test(line))).toEqual([]);
  });
});
