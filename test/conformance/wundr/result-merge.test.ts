// Wundr's lifecycle hooks analysis, 3.2 and 5.6: the modifying events' results (PreToolUse
// `{toolInput, block, blockReason}`, UserPromptSubmit `{prompt, ...}`, PermissionRequest
// `{decision, reason}`, PreCompact `{skipCompaction, ...}`), from hooks run sequentially by priority
// (5.5, higher first) and merged field by field: "non-undefined fields from later hooks override
// earlier ones".
import { describe, expect, it } from 'vitest';
import { HOSTS, replyJson } from '../kit.js';
import { GUARD, wundrProject } from './wundr-kit.js';

describe.each(HOSTS)('Wundr results merged in priority order, %s host', (host) => {
  it('PreToolUse: {block, blockReason} blocks, {toolInput} rewrites; later (lower-priority) non-undefined fields win, block: false included', async () => {
    const { engine } = await wundrProject(host, (records) => [
      { id: 'rewriter', event: 'PreToolUse', priority: 0, command: GUARD, env: { RECORD_DIR: records } },
      { id: 'safety', event: 'PreToolUse', priority: 1000, matcher: { toolName: 'Bash' }, command: GUARD, env: { RECORD_DIR: records } },
    ]);

    const dangerous = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    const harmless = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });

    // Both block; the later (rewriter, priority 0) blockReason wins the merge.
    expect(dangerous).toMatchObject({ blocked: true, decision: 'deny', reason: 'rewriter: rm -rf is dangerous' });
    // The safety hook (priority 1000) runs first and rewrites; the rewriter then sees the rewritten input and rewrites last.
    expect(harmless).toMatchObject({ blocked: false, updatedInput: { command: 'Bash (checked by rewriter)' } });
    expect(harmless.hooks.map((hook) => hook.id)).toEqual(['rewriter', 'safety']);
  });

  it('a lower-priority {block: false} undoes a higher-priority block (Wundr merges, it does not short-circuit)', async () => {
    const { engine } = await wundrProject(host, [
      { id: 'blocker', event: 'PreToolUse', priority: 10, command: replyJson({ block: true, blockReason: 'no' }) },
      { id: 'unblocker', event: 'PreToolUse', priority: 1, command: replyJson({ block: false }) },
    ]);

    const result = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });

    expect(result).toMatchObject({ blocked: false, decision: null });
    expect(result.hooks.map((hook) => hook.status)).toEqual(['ok', 'ok']);
  });

  it('UserPromptSubmit {prompt}, PermissionRequest {decision, reason}, PreCompact {skipCompaction}', async () => {
    const { engine } = await wundrProject(host, [
      { id: 'shorten', event: 'UserPromptSubmit', command: replyJson({ prompt: 'a shorter prompt' }) },
      { id: 'deny-network', event: 'PermissionRequest', command: replyJson({ decision: 'deny', reason: 'no network' }) },
      { id: 'keep-context', event: 'PreCompact', command: replyJson({ skipCompaction: true }) },
    ]);

    expect((await engine.fire('UserPromptSubmit', { prompt: 'a very long prompt' })).updatedPrompt).toBe('a shorter prompt');
    expect(await engine.fire('PermissionRequest', { tool_name: 'WebFetch', tool_input: {} })).toMatchObject({ blocked: true, decision: 'deny', reason: 'no network' });
    expect(await engine.fire('PreCompact', { trigger: 'auto' })).toMatchObject({ blocked: true, decision: 'block' });
  });
});
