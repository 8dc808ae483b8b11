// Opta's plans (Auto-06 "Hook execution", V3 "Config Schema & Env Vars" and `HookContext`): a hook
// gets OPTA_* variables with Opta's event names, the tool result cut at 2 KB; an agent written
// against Opta fires with its HookContext keys (`tool_args` a JSON string, `tool_result`,
// `error_message`), which are read alongside Claude Code's names.
import { describe, expect, it } from 'vitest';
import { ECHO_STDIN, engineFor, HOSTS, parseEnv, PRINT_ENV, workspace } from '../kit.js';
import { optaProject } from './opta-kit.js';

describe.each(HOSTS)('Opta variables and context, %s host', (host) => {
  it('gives OPTA_EVENT (its own names), OPTA_SESSION_ID, OPTA_CWD, OPTA_MODEL, OPTA_TOOL_NAME, OPTA_TOOL_ARGS, OPTA_TOOL_RESULT (2,048 characters) and nothing of other seeds', async () => {
    const { ws, engine } = await optaProject(host, [
      { event: 'tool.post', command: PRINT_ENV },
      { event: 'compact', command: PRINT_ENV },
      { event: 'error', command: PRINT_ENV },
    ], { model: 'qwen-coder-32b', sessionId: 'opta-session' });
    const toolInput = { path: 'src/a.ts', content: 'x' };

    const post = parseEnv((await engine.fire('PostToolUse', { tool_name: 'write_file', tool_input: toolInput, tool_response: 'ü'.repeat(3000) })).hooks[0]!.stdout);
    const compact = parseEnv((await engine.fire('PostCompact', { trigger: 'auto' })).hooks[0]!.stdout);
    const error = parseEnv((await engine.fire('Error', { error: 'LMX unreachable', model: 'other-model' })).hooks[0]!.stdout);

    expect(post).toMatchObject({
      OPTA_EVENT: 'tool.post', OPTA_SESSION_ID: 'opta-session', OPTA_CWD: ws.root, OPTA_MODEL: 'qwen-coder-32b',
      OPTA_TOOL_NAME: 'write_file', OPTA_TOOL_ARGS: JSON.stringify(toolInput),
      OPTA_TOOL_RESULT: `${'ü'.repeat(2048)}…[hookpool: cut at 2048 of 3000 characters; the JSON on stdin has it whole]`,
      HOOKPOOL_CUT_VARIABLES: 'OPTA_TOOL_RESULT',
    });
    expect(compact.OPTA_EVENT).toBe('compact');
    expect(error).toMatchObject({ OPTA_EVENT: 'error', OPTA_ERROR: 'LMX unreachable', OPTA_MODEL: 'other-model' });
    for (const env of [post, compact, error]) {
      for (const name of Object.keys(env)) expect(/^(HOOK_|WUNDR_|CLAUDE_PROJECT_DIR)/.test(name), name).toBe(false);
    }
  });

  it("a fire with Opta's HookContext (tool_args as a JSON string, tool_result, error_message, session_id, cwd, model) gives the same variables", async () => {
    const { engine } = await optaProject(host, [
      { event: 'tool.pre', command: PRINT_ENV },
      { event: 'tool.post', command: PRINT_ENV },
      { event: 'error', command: PRINT_ENV },
    ]);
    const context = { session_id: 's42', cwd: '/tmp', model: 'qwen-coder' };
    const toolArgs = '{"path": "src/a.ts", "content": "x"}';

    const pre = parseEnv((await engine.fire('tool.pre', { event: 'tool.pre', ...context, tool_name: 'edit_file', tool_args: toolArgs })).hooks[0]!.stdout);
    const post = parseEnv((await engine.fire('tool.post', { event: 'tool.post', ...context, tool_name: 'edit_file', tool_args: toolArgs, tool_result: 'wrote 1 line' })).hooks[0]!.stdout);
    const error = parseEnv((await engine.fire('error', { event: 'error', ...context, error_message: 'LMX unreachable' })).hooks[0]!.stdout);

    const common = { OPTA_SESSION_ID: 's42', OPTA_CWD: '/tmp', OPTA_MODEL: 'qwen-coder' };
    expect(pre).toMatchObject({ ...common, OPTA_EVENT: 'tool.pre', OPTA_TOOL_NAME: 'edit_file', OPTA_TOOL_ARGS: toolArgs });
    expect(pre.OPTA_TOOL_RESULT).toBeUndefined();
    expect(post).toMatchObject({ ...common, OPTA_EVENT: 'tool.post', OPTA_TOOL_ARGS: toolArgs, OPTA_TOOL_RESULT: 'wrote 1 line' });
    expect(error).toMatchObject({ ...common, OPTA_EVENT: 'error', OPTA_ERROR: 'LMX unreachable' });
  });

  it('those keys are read as Claude Code\'s tool_input, tool_response and error for every hook, beside Opta\'s own', async () => {
    const ws = await workspace();
    await ws.write('.opta/config.json', { hooks: [{ event: 'tool.post', command: 'true' }] });
    await ws.write('.hookpool/hooks.json', { hooks: [{ id: 'echo', event: 'PostToolUse', command: ECHO_STDIN }] });
    const engine = engineFor(host, ws, await ws.load({ trust: 'all' }));

    const post = await engine.fire('tool.post', { tool_name: 'edit_file', tool_args: '{"path":"src/a.ts"}', tool_result: 'ok' });

    expect(JSON.parse(post.hooks.find((hook) => hook.id === 'echo')!.stdout)).toMatchObject({ tool_name: 'edit_file', tool_input: { path: 'src/a.ts' }, tool_response: 'ok', tool_args: '{"path":"src/a.ts"}', tool_result: 'ok' });
  });

  it('tool_args that is not a JSON object is the agent\'s error, in one line naming the field', async () => {
    const { engine } = await optaProject(host, [{ event: 'tool.pre', command: 'true' }]);

    await expect(engine.fire('tool.pre', { tool_name: 'run_command', tool_args: 'rm -rf x' })).rejects.toThrow(/^fire\("PreToolUse"\): tool_args \(Opta's tool arguments, a JSON object as a string\) is not JSON/);
    await expect(engine.fire('tool.pre', { tool_name: 'run_command', tool_args: '[1]' })).rejects.toThrow('tool_args (Opta\'s tool arguments, a JSON object as a string) is JSON, but not an object');
  });
});
