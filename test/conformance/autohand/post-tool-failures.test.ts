// Autohand docs, "Hook Events" and "Environment Variables": post-tool runs after a tool
// completes, HOOK_SUCCESS "true" or "false"; Autohand runs it for failed tools too.
import { describe, expect, it } from 'vitest';
import { HOSTS, workspace } from '../kit.js';
import { autohandProject, script } from './autohand-kit.js';

describe.each(HOSTS)('Autohand post-tool on failed tools, %s host', (host) => {
  it('one post-tool hook runs after a tool that worked (HOOK_SUCCESS=true) and after one that failed (HOOK_SUCCESS=false, tool_success false)', async () => {
    const ws = await workspace();
    await script(ws, 'metrics.sh', 'INPUT=$(cat)\necho "$HOOK_EVENT $HOOK_TOOL $HOOK_SUCCESS $INPUT" >> metrics.log');
    const { engine, config } = await autohandProject(host, [{ event: 'post-tool', command: './metrics.sh', description: 'Track metrics' }], {}, ws);

    await engine.fire('PostToolUse', { tool_name: 'run_command', tool_input: { command: 'npm test' }, tool_use_id: 'c1', tool_response: 'ok' });
    const failed = await engine.fire('PostToolUseFailure', { tool_name: 'run_command', tool_input: { command: 'npm test' }, tool_use_id: 'c2', error: 'exit 1' });

    const lines = await ws.lines('metrics.log');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^post-tool run_command true /);
    expect(lines[1]).toMatch(/^post-tool run_command false /);
    expect(JSON.parse(lines[1]!.split(' ').slice(3).join(' '))).toMatchObject({ hook_event_name: 'post-tool', tool_success: false, tool_use_id: 'c2' });
    expect(failed.hooks).toHaveLength(1);
    // One entry of the file, on both events.
    expect(config.hooks.map((hook) => [hook.event, hook.source?.jsonPath])).toEqual([['PostToolUse', 'hooks.hooks[0]'], ['PostToolUseFailure', 'hooks.hooks[0]']]);
  });
});
