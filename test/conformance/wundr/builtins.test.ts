// Wundr's built-ins (lifecycle hooks analysis, 6): "All built-in hooks can be disabled
// individually or collectively via the registerBuiltInHooks options". A Wundr config switches them
// with `builtInHooks`: "all", or one by one; as a file or through loadFromConfig().
import { describe, expect, it } from 'vitest';
import { engineFor, HOSTS, workspace } from '../kit.js';

const WUNDR_TWELVE = [
  'builtin:session-lifecycle-logger-start', 'builtin:session-lifecycle-logger-end', 'builtin:tool-execution-logger-success', 'builtin:tool-execution-logger-failure',
  'builtin:dangerous-tool-blocker', 'builtin:permission-auto-approver', 'builtin:subagent-tracker-start', 'builtin:subagent-tracker-stop',
  'builtin:task-completion-logger', 'builtin:compaction-guardrail', 'builtin:notification-router', 'builtin:prompt-length-guardrail',
];

describe.each(HOSTS)('Wundr built-ins from a Wundr config, %s host', (host) => {
  it('"all" installs Wundr\'s twelve; the dangerous-tool blocker then refuses delete_database', async () => {
    const ws = await workspace();
    const file = await ws.write('wundr.hooks.json', { builtInHooks: 'all', hooks: [] });

    const config = await ws.load({ files: [file] });
    const result = await engineFor(host, ws, config).fire('PreToolUse', { tool_name: 'delete_database', tool_input: {} });

    expect(config.problems).toEqual([]);
    expect(config.hooks.map((hook) => hook.id).sort()).toEqual([...WUNDR_TWELVE].sort());
    expect(config.hooks.every((hook) => hook.origin === 'builtin' && hook.source?.format === 'wundr')).toBe(true);
    expect(result).toMatchObject({ blocked: true, decision: 'deny' });
  });

  it('one by one: all but one, one with options; an unknown name is a problem line', async () => {
    const ws = await workspace();
    const file = await ws.write('wundr.hooks.json', {
      defaultTimeoutMs: 10000,
      builtInHooks: { all: true, 'builtin:notification-router': false, 'prompt-length-guardrail': { options: { blockAboveChars: 10, warnAboveChars: 5 } }, 'dangerous-tool-blockr': true },
      hooks: [],
    });

    const config = await ws.load({ files: [file] });
    const engine = engineFor(host, ws, config);
    const result = await engine.fire('UserPromptSubmit', { prompt: 'a prompt well over ten characters' });

    expect(config.problems).toEqual([`${file}: builtInHooks.dangerous-tool-blockr: unknown built-in (did you mean "dangerous-tool-blocker"?)`]);
    expect(engine.hooksFor('Notification')).toEqual([]);
    expect(config.hooks.find((hook) => hook.id === 'builtin:notification-router')?.enabled).toBe(false);
    expect(result).toMatchObject({ blocked: true, decision: 'block' });
  });

  it('loadFromConfig({ builtInHooks: { "dangerous-tool-blocker": true } }) registers that one', async () => {
    const ws = await workspace();
    const engine = engineFor(host, ws, {});

    const loaded = engine.loadFromConfig({ builtInHooks: { 'dangerous-tool-blocker': true }, hooks: [] });
    const result = await engine.fire('PreToolUse', { tool_name: 'format_disk', tool_input: {} });

    expect(loaded.map((hook) => [hook.id, hook.origin])).toEqual([['builtin:dangerous-tool-blocker', 'builtin']]);
    expect(result).toMatchObject({ blocked: true, decision: 'deny' });
  });
});
