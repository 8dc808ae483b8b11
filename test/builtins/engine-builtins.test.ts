// Built-ins through a real engine on both hosts. In-worker module hooks are another branch's
// work, so each built-in runs here as a command hook (test/fixtures/hooks/run-builtin.mjs) whose
// stdout is the module's answer: the engine's readers and merge must act on those answers as on
// any hook's. The security table's rule strings are also used verbatim as `if` fields.
import { afterEach, describe, expect, it } from 'vitest';
import { findBuiltin } from '../../src/builtins/catalog.js';
import { createHookEngine, type HookEngine } from '../../src/index.js';
import { HOSTS } from '../helpers/hosts.js';
import { FIXTURES } from '../helpers/processes.js';
import { tempDir } from '../helpers/temp-dirs.js';

function builtinHook(name: string, event: string, options: Record<string, unknown> = {}) {
  return { id: `builtin:${name}`, event, args: [process.execPath, `${FIXTURES}run-builtin.mjs`, findBuiltin(name)!.module, JSON.stringify(options)] };
}

// Each test starts node per hook on a loaded two-core machine: a generous bound, not a speed claim.
const SLOW = { timeout: 120_000 };

describe.each(HOSTS)('built-ins through the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => engine?.close());

  it('the security guard and the dangerous-tool blocker block a destructive command and let an ordinary one run', SLOW, async () => {
    engine = createHookEngine({ host, cwd: '/tmp', hooks: [builtinHook('security-guard', 'PreToolUse'), builtinHook('dangerous-tool-blocker', 'PreToolUse')] });
    const blocked = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'cd / && sudo rm -rf --no-preserve-root /' } });
    expect(blocked).toMatchObject({ blocked: true, decision: 'deny' });
    expect(blocked.reason).toMatch(/security guard: blocked .*rule rm-recursive-root/);
    expect(blocked.reason).toMatch(/dangerous-tool blocker: blocked/);
    const ordinary = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'npm test' } });
    expect(ordinary).toMatchObject({ blocked: false, decision: null, failures: [] });
  });

  it('the permission auto-approver allows a low-risk read and leaves a secret to the user', SLOW, async () => {
    engine = createHookEngine({ host, cwd: '/tmp', hooks: [builtinHook('permission-auto-approver', 'PermissionRequest')] });
    expect(await engine.fire('PermissionRequest', { tool_name: 'Read', tool_input: { file_path: '/tmp/notes.md' } })).toMatchObject({ decision: 'allow', blocked: false });
    expect(await engine.fire('PermissionRequest', { tool_name: 'Read', tool_input: { file_path: '/tmp/.env' } })).toMatchObject({ decision: null });
  });

  it('the prompt-length and compaction guardrails block', SLOW, async () => {
    engine = createHookEngine({ host, cwd: '/tmp', hooks: [builtinHook('prompt-length-guardrail', 'UserPromptSubmit', { blockAboveChars: 20 }), builtinHook('compaction-guardrail', 'PreCompact')] });
    expect(await engine.fire('UserPromptSubmit', { prompt: 'a prompt well over twenty characters' })).toMatchObject({ blocked: true, decision: 'block', reason: expect.stringMatching(/over the 20-character limit/) });
    expect(await engine.fire('UserPromptSubmit', { prompt: 'short' })).toMatchObject({ blocked: false });
    expect(await engine.fire('PreCompact', { trigger: 'auto', message_count: 3 })).toMatchObject({ blocked: true, decision: 'block' });
  });

  it('auto-format with no formatter present says so in the fire\'s systemMessage', SLOW, async () => {
    const dir = tempDir('builtin-engine');
    engine = createHookEngine({ host, cwd: dir, env: { PATH: `${dir}/none`, HOME: dir }, hooks: [builtinHook('auto-format', 'PostToolUse')] });
    const result = await engine.fire('PostToolUse', { tool_name: 'Write', tool_input: { file_path: `${dir}/a.ts` }, tool_response: {} });
    expect(result.systemMessage).toMatch(/auto-format: no prettier, eslint, biome/);
  });

  it('the table\'s rule strings work verbatim as `if` fields', SLOW, async () => {
    engine = createHookEngine({ host, cwd: '/tmp', hooks: [
      { id: 'chmod', event: 'PreToolUse', matcher: 'Bash', if: 'Bash(chmod * 777 *)', command: 'echo ran' },
      { id: 'env', event: 'PreToolUse', matcher: 'Read', if: 'Read(//**/.env*)', command: 'echo ran' },
    ] });
    const ran = async (payload: Record<string, unknown>) => (await engine!.fire('PreToolUse', payload)).hooks.map((hook) => hook.id);
    expect(await ran({ tool_name: 'Bash', tool_input: { command: 'cd /srv && chmod -R 777 www' } })).toEqual(['chmod']);
    expect(await ran({ tool_name: 'Bash', tool_input: { command: 'chmod 755 run.sh' } })).toEqual([]);
    expect(await ran({ tool_name: 'Read', tool_input: { file_path: '/home/me/app/.env.local' } })).toEqual(['env']);
    expect(await ran({ tool_name: 'Read', tool_input: { file_path: '/home/me/app/src/env.ts' } })).toEqual([]);
  });
});
