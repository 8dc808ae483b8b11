// OpenClaw's plan wires `hooks.claude` through its settings' root schema: the settings file
// `~/.openclaw/openclaw.json` is discovered like the other designs' user files, and only its
// `hooks.claude` section is read (its other hooks are OpenClaw's own).
import { describe, expect, it } from 'vitest';
import { engineFor, HOSTS, workspace } from '../kit.js';
import { command, ON, RESPOND } from './openclaw-kit.js';

describe.each(HOSTS)('OpenClaw settings discovery, %s host', (host) => {
  it('finds ~/.openclaw/openclaw.json and runs its hooks.claude when OPENCLAW_CLAUDE_HOOKS is 1', async () => {
    const ws = await workspace();
    const file = await ws.write('home/.openclaw/openclaw.json', {
      agents: { defaults: { model: 'anthropic/claude' } },
      hooks: { internal: { enabled: true, entries: { 'session-memory': { enabled: true } } }, claude: { PreToolUse: [{ matcher: 'exec', hooks: [command([RESPOND, '-e', 'no exec here', '-x', '2'])] }] } },
    });

    const on = await ws.load({ env: ON });
    const off = await ws.load({ env: {} });
    const result = await engineFor(host, ws, on).fire('PreToolUse', { tool_name: 'exec', tool_input: {} });

    expect(on.problems).toEqual([]);
    expect(on.files).toEqual([expect.objectContaining({ path: file, format: 'openclaw', scope: 'user', hookCount: 1 })]);
    expect(result).toMatchObject({ blocked: true, decision: 'deny', reason: 'no exec here' });
    expect(off.hooks).toEqual([]);
    expect(off.problems).toEqual([expect.stringContaining('OPENCLAW_CLAUDE_HOOKS is not "1"')]);
  });

  it('a settings file without hooks.claude is no configuration and no problem', async () => {
    const ws = await workspace();
    await ws.write('home/.openclaw/openclaw.json', { hooks: { internal: { enabled: true } } });

    const loaded = await ws.load({ env: ON });

    expect(loaded.problems).toEqual([]);
    expect(loaded.hooks).toEqual([]);
  });
});
