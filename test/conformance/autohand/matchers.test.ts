// Autohand docs, "Matcher (Regex Filtering)": `matcher` is a regex pattern, tested against the
// tool name (pre-tool, post-tool, permission-request), the notification type, the session type,
// the end reason or the subagent type. It is not anchored: `run_` matches `run_command`, as
// Autohand's HookManager tests it (`new RegExp(matcher).test(value)`).
import { describe, expect, it } from 'vitest';
import { HOSTS, respond, workspace } from '../kit.js';
import { AUTOHAND_CONFIG, autohandProject } from './autohand-kit.js';

describe.each(HOSTS)('Autohand matchers, %s host', (host) => {
  it('the docs\' "^(run_command|delete_path)$" runs for those two tools only; an unanchored "run_" runs for run_command', async () => {
    const { engine } = await autohandProject(host, [
      { event: 'pre-tool', command: respond('-o', 'dangerous'), matcher: '^(run_command|delete_path)$', description: 'Log only dangerous tool calls' },
      { event: 'pre-tool', command: respond('-o', 'prefix'), matcher: 'run_' },
    ]);
    const ran = async (tool: string) => (await engine.fire('pre-tool', { tool_name: tool, tool_input: {} })).hooks.map((hook) => hook.stdout);

    expect(await ran('run_command')).toEqual(['dangerous', 'prefix']);
    expect(await ran('delete_path')).toEqual(['dangerous']);
    expect(await ran('read_file')).toEqual([]);
    expect(await ran('dry_run_tests')).toEqual(['prefix']);
  });

  it('on session-start the matcher tests the session type, unanchored too ("res" matches resume)', async () => {
    const { engine } = await autohandProject(host, [{ event: 'session-start', command: respond('-o', 'resumed'), matcher: 'res' }]);

    expect((await engine.fire('session-start', { source: 'resume' })).hooks).toHaveLength(1);
    expect((await engine.fire('session-start', { source: 'startup' })).hooks).toHaveLength(0);
  });

  it('a matcher that is not a regular expression ("*") is a one-line problem naming the file and entry; the rest of the file loads', async () => {
    const ws = await workspace();
    const file = await ws.write(AUTOHAND_CONFIG, { hooks: { enabled: true, hooks: [
      { event: 'post-tool', command: 'true', matcher: '*' },
      { event: 'stop', command: 'true' },
    ] } });

    const config = await ws.load();

    expect(config.problems).toHaveLength(1);
    expect(config.problems[0]).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: hooks\\.hooks\\[0\\]\\.matcher: invalid matcher regex "\\*"`));
    expect(config.problems[0]).not.toContain('\n');
    expect(config.hooks.map((hook) => hook.event)).toEqual(['Stop']);
  });
});
