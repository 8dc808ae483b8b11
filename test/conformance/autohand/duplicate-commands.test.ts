// Autohand docs, "Managing Hooks with /hooks": every entry of the list is a hook of its own (the
// display numbers them per event), and Autohand runs every enabled entry that matches. Two entries
// with the same command both run; identical entries too.
import { describe, expect, it } from 'vitest';
import { HOSTS, workspace } from '../kit.js';
import { autohandProject } from './autohand-kit.js';

const LOG_TOOL = 'echo "Running tool: $HOOK_TOOL" >> tools.log';

describe.each(HOSTS)('Autohand entries with the same command, %s host', (host) => {
  it('two entries running the same command both run, with ids of their own; so do two identical entries', async () => {
    const ws = await workspace();
    const { engine, config } = await autohandProject(host, [
      { event: 'pre-tool', command: LOG_TOOL, description: 'Log tool usage' },
      { event: 'pre-tool', command: LOG_TOOL, description: 'Log tool usage again' },
      { event: 'stop', command: 'echo stop >> stops.log' },
      { event: 'stop', command: 'echo stop >> stops.log' },
    ], {}, ws);

    const pre = await engine.fire('pre-tool', { tool_name: 'run_command', tool_input: { command: 'ls' } });
    const stop = await engine.fire('stop', {});

    expect(pre.hooks).toHaveLength(2);
    expect(new Set(pre.hooks.map((hook) => hook.id)).size).toBe(2);
    expect(stop.hooks).toHaveLength(2);
    expect(config.hooks).toHaveLength(4);
    expect(await ws.lines('tools.log')).toEqual(['Running tool: run_command', 'Running tool: run_command']);
    expect(await ws.lines('stops.log')).toEqual(['stop', 'stop']);
  });
});
