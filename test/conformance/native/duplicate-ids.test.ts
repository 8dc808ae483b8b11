// hookpool's own format: every hook has an id, and two hooks with different ids are two hooks,
// even when they run the same command. Claude Code's rule stays for its settings: the same handler
// in several settings files runs once.
import { describe, expect, it } from 'vitest';
import { engineFor, group, handler, HOSTS, settings, workspace } from '../kit.js';

const APPEND = 'echo ran >> ran.log';

describe.each(HOSTS)('hookpool hooks with the same command, %s host', (host) => {
  it('two native hooks with different ids and the same command both run', async () => {
    const ws = await workspace();
    await ws.write('.hookpool/hooks.json', { hooks: [
      { id: 'audit-a', event: 'PreToolUse', command: APPEND },
      { id: 'audit-b', event: 'PreToolUse', command: APPEND },
    ] });
    const config = await ws.load({ trust: 'all' });
    expect(config.problems).toEqual([]);
    const engine = engineFor(host, ws, config);

    const result = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });

    expect(result.hooks.map((hook) => hook.id)).toEqual(['audit-a', 'audit-b']);
    expect(await ws.lines('ran.log')).toEqual(['ran', 'ran']);
  });

  it('the same handler in the user and the project Claude Code settings still runs once', async () => {
    const ws = await workspace();
    await ws.write('home/.claude/settings.json', settings({ PreToolUse: [group('Bash', handler(APPEND))] }));
    await ws.write('.claude/settings.json', settings({ PreToolUse: [group('Bash', handler(APPEND))] }));
    const config = await ws.load({ trust: 'all' });
    expect(config.problems).toEqual([]);
    const engine = engineFor(host, ws, config);

    const result = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });

    expect(result.hooks).toHaveLength(1);
    expect(await ws.lines('ran.log')).toEqual(['ran']);
  });
});
