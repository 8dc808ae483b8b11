// Wundr's registry and engine API (lifecycle hooks analysis, 4.1 and 5.1): register, unregister,
// getForEvent, loadFromConfig, setEnabled; fire, hasHooks, getHookCount, dispose. Its programmatic
// example and its config example, run as written: the hooks answer Wundr's result objects with no
// `protocol` field, and a hook whose matcher does not match is skipped with a skipReason.
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { engineFor, HOSTS, replyJson, workspace } from '../kit.js';

describe.each(HOSTS)('Wundr registry API, %s host', (host) => {
  it("register({ ..., source: 'plugin', handler }) as in the document: the handler gets Wundr's metadata and its { block, blockReason } blocks", async () => {
    const ws = await workspace();
    const engine = engineFor(host, ws, {});
    const seen: Record<string, unknown>[] = [];

    const hook = engine.register({
      id: 'my-plugin-hook',
      event: 'PreToolUse',
      type: 'command',
      priority: 100,
      source: 'plugin',
      handler: async (metadata) => {
        seen.push(metadata);
        if (metadata.toolName === 'dangerous_tool') return { block: true, blockReason: 'Blocked by plugin policy' };
        return undefined;
      },
    });
    const dangerous = await engine.fire('PreToolUse', { tool_name: 'dangerous_tool', tool_input: { target: 'prod' } });
    const harmless = await engine.fire('PreToolUse', { tool_name: 'Read', tool_input: {} });

    expect(hook).toMatchObject({ id: 'my-plugin-hook', origin: 'plugin', protocol: 'wundr', priority: 100 });
    expect(dangerous).toMatchObject({ blocked: true, decision: 'deny', reason: 'Blocked by plugin policy' });
    expect(harmless).toMatchObject({ blocked: false, decision: null });
    expect(seen[0]).toEqual({ sessionId: 'conformance-session', toolName: 'dangerous_tool', toolInput: { target: 'prod' } });
  });

  it('a module hook in Wundr shape, registered or from a Wundr file, answers { prompt } with no protocol field', async () => {
    const ws = await workspace();
    const module = ws.path('shorten.mjs');
    await writeFile(module, 'export default (metadata) => ({ prompt: metadata.prompt.slice(0, 5) });\n');
    const file = await ws.write('wundr.hooks.json', { defaultTimeoutMs: 15000, hooks: [{ id: 'from-file', event: 'UserPromptSubmit', type: 'module', module: './shorten.mjs' }] });
    const fromFile = engineFor(host, ws, await ws.load({ files: [file] }));
    const registered = engineFor(host, ws, {});
    registered.register({ id: 'registered', event: 'UserPromptSubmit', type: 'module', module, source: 'plugin' });

    expect((await fromFile.fire('UserPromptSubmit', { prompt: 'a long prompt' })).updatedPrompt).toBe('a lon');
    expect((await registered.fire('UserPromptSubmit', { prompt: 'another prompt' })).updatedPrompt).toBe('anoth');
  });

  it("loadFromConfig() takes the document's config example; getForEvent, hasHooks, getHookCount, setEnabled, unregister, dispose", async () => {
    const ws = await workspace();
    const engine = engineFor(host, ws, {});

    const loaded = engine.loadFromConfig({
      enabled: true,
      defaultTimeoutMs: 15000,
      hooks: [
        { id: 'log-all-tools', event: 'PostToolUse', type: 'command', command: `echo "{{metadata.toolName}} completed in {{metadata.durationMs}}ms" >> ${ws.path('tools.log')}` },
        { id: 'block-dangerous-writes', event: 'PermissionRequest', type: 'command', matcher: { minRiskLevel: 'high' }, command: 'echo \'{"decision":"deny","reason":"Blocked by policy"}\'' },
      ],
    });

    expect(loaded.map((hook) => [hook.id, hook.protocol, hook.timeoutMs])).toEqual([['log-all-tools', 'wundr', 15000], ['block-dangerous-writes', 'wundr', 15000]]);
    expect(engine.getForEvent('PermissionRequest').map((hook) => hook.id)).toEqual(['block-dangerous-writes']);
    expect([engine.hasHooks('PostToolUse'), engine.hasHooks('Stop'), engine.getHookCount(), engine.getHookCount('PostToolUse')]).toEqual([true, false, 2, 1]);

    const risky = await engine.fire('PermissionRequest', { tool_name: 'Write', tool_input: {}, risk_level: 'critical' });
    const low = await engine.fire('PermissionRequest', { tool_name: 'Write', tool_input: {}, risk_level: 'low' });
    await engine.fire('PostToolUse', { tool_name: 'Write', tool_input: {}, tool_response: 'ok', duration_ms: 12 });

    expect(risky).toMatchObject({ blocked: true, decision: 'deny', reason: 'Blocked by policy' });
    expect(low).toMatchObject({ blocked: false, hooks: [], skipped: [{ id: 'block-dangerous-writes', skipReason: 'matcher: the event\'s metadata does not pass minRiskLevel' }] });
    expect(await ws.read('tools.log')).toBe('Write completed in 12ms\n');

    expect(engine.setEnabled('log-all-tools', false)).toBe(true);
    expect(engine.getHookCount('PostToolUse')).toBe(0);
    expect(engine.unregister('block-dangerous-writes')).toBe(true);
    expect(engine.getHookCount()).toBe(1);
    await engine.dispose();
    await expect(engine.fire('Stop', {})).rejects.toMatchObject({ code: 'ERR_HOOKPOOL_CLOSED' });
  });

  it('a hook whose toolName glob does not match is skipped with its skipReason', async () => {
    const ws = await workspace();
    const engine = engineFor(host, ws, {});
    engine.register({ id: 'bash-only', event: 'PreToolUse', type: 'command', matcher: { toolName: 'bash_*' }, command: replyJson({ block: true, blockReason: 'no' }) });

    const result = await engine.fire('PreToolUse', { tool_name: 'read_file', tool_input: {} });

    expect(result).toMatchObject({ blocked: false, skipped: [{ id: 'bash-only', skipReason: 'matcher: tool_name "read_file" does not match' }] });
  });

  it('an answer hookpool does not act on is in ignoredOutput and the log, never dropped', async () => {
    const ws = await workspace();
    const file = await ws.write('wundr.hooks.json', {
      hooks: [
        { id: 'observer', event: 'PostToolUse', type: 'command', command: replyJson({ block: true, blockReason: 'too late' }) },
        { id: 'guard', event: 'PreToolUse', type: 'command', command: replyJson({ block: true, blockReason: 'no', decision: 'deny' }) },
      ],
    });
    const engine = engineFor(host, ws, await ws.load({ files: [file] }));

    const post = await engine.fire('PostToolUse', { tool_name: 'Bash', tool_input: {}, tool_response: '' });
    const pre = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });

    expect(post).toMatchObject({ blocked: false, decision: null });
    expect(post.ignoredOutput).toEqual([{ id: 'observer', message: '"block", "blockReason": Wundr reads no result on PostToolUse (its hooks there only observe); ignored' }]);
    expect(pre).toMatchObject({ blocked: true, reason: 'no' });
    expect(pre.ignoredOutput).toEqual([{ id: 'guard', message: '"decision": not a result field of PreToolUse (Wundr reads toolInput, block, blockReason); ignored' }]);
  });
});

describe('Wundr registry input errors', () => {
  it('a bad entry is a one-line error naming where and what; loadFromConfig registers none of a config with one', async () => {
    const ws = await workspace();
    const engine = engineFor('thread', ws, {});

    expect(() => engine.register({ id: 'x', event: 'PreToolUse', type: 'command', source: 'plugin' } as never)).toThrow('register("x"): command: expected a shell command string');
    expect(() => engine.loadFromConfig({ hooks: [{ id: 'ok', event: 'Stop', command: 'true' }, { id: 'bad', event: 'Nope', command: 'true' }] })).toThrow(/^loadFromConfig\(\): hooks\[1\]\.event: /);
    expect(engine.getHookCount()).toBe(0);
  });
});
