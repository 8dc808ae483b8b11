// OpenClaw's plan, "Feature flag `OPENCLAW_CLAUDE_HOOKS=1`" ("Feature flag gates functionality"):
// without it the hooks.claude section has no effect at all, broken entries included.
import { describe, expect, it } from 'vitest';
import { HOSTS } from '../kit.js';
import { command, openclawProject, RESPOND } from './openclaw-kit.js';

describe.each(HOSTS)('OpenClaw feature flag, %s host', (host) => {
  it('with the switch off, even a broken OpenClaw entry has no effect', async () => {
    const { config, engine } = await openclawProject(host, () => ({ PreToolUse: [{ matcher: '*', hooks: [command('a && b')] }] }), {}, {});

    expect(config.brokenHooks).toEqual([]);
    expect(await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} })).toMatchObject({ blocked: false, hooks: [] });
  });

  it('loads nothing unless OPENCLAW_CLAUDE_HOOKS is exactly "1" in the agent environment', async () => {
    const { config, engine } = await openclawProject(host, () => ({ PreToolUse: [{ matcher: '*', hooks: [command([RESPOND, '-x', '2'])] }] }), {}, { OPENCLAW_CLAUDE_HOOKS: 'true' });

    expect(config.hooks).toEqual([]);
    expect(config.problems[0]).toContain('OPENCLAW_CLAUDE_HOOKS is not "1"');
    expect(await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} })).toMatchObject({ blocked: false, hooks: [] });
  });
});
