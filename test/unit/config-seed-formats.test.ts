import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { loadHooksConfig } from '../../src/config/load-hooks-config.js';
import { nativeHookSchema } from '../../src/config/native-schema.js';
import { CONFIG_FIXTURES, createTempTree, type TempTree } from './config-test-files.js';

const fixture = (name: string) => join(CONFIG_FIXTURES, name);
const loadFixture = (name: string) => loadHooksConfig({ files: [fixture(name)] });

let tree: TempTree;
beforeEach(async () => {
  tree = await createTempTree();
});
afterEach(async () => {
  await tree.cleanup();
});

describe('loadHooksConfig: seed formats, detected by shape', () => {
  it('loads the native fixture unchanged, adding only the source', async () => {
    const file = fixture('native-hooks.json');
    const written = JSON.parse(await readFile(file, 'utf8')) as { hooks: object[] };

    const { hooks, files, problems } = await loadFixture('native-hooks.json');

    expect(problems).toEqual([]);
    expect(files).toEqual([{ path: file, format: 'native', scope: 'explicit', hookCount: 3 }]);
    expect(hooks).toEqual(written.hooks.map((hook, index) => ({ ...hook, source: { file, jsonPath: `hooks[${index}]`, format: 'native' } })));
  });

  it('skips a native hook that fails the schema and loads the rest', async () => {
    const file = await tree.write('project/hooks.json', { hooks: [{ event: 'Stop', command: 'ok' }, { event: 'Stop', command: 'x', args: ['y'] }] });

    const { hooks, problems } = await loadHooksConfig({ files: [file] });

    expect(hooks.map((hook) => hook.command)).toEqual(['ok']);
    expect(problems).toEqual([`${file}: hooks[1].command: give exactly one of "command" (run by sh -c) or "args" (an argv array)`]);
  });

  it('loads the Claude settings fixture, converting seconds to milliseconds', async () => {
    const file = fixture('claude-settings.json');

    const { hooks, files, problems } = await loadHooksConfig({ claudeSettings: [file] });

    expect(problems).toEqual([]);
    expect(files[0]?.format).toBe('claude');
    expect(hooks.map((hook) => [hook.event, hook.matcher, hook.timeout, hook.background])).toEqual([
      ['PreToolUse', 'Bash', 30_000, undefined],
      ['PostToolUse', 'Edit|Write|MultiEdit', 600_000, undefined],
      ['PostToolUse', 'Edit|Write|MultiEdit', 5_000, true],
      ['SessionStart', 'startup|resume', 2_500, undefined],
      ['Stop', undefined, 600_000, undefined],
    ]);
  });

  it('loads the Autohand fixture: async, enabled, description, filter.tool and filter.path, timeout in ms', async () => {
    const file = fixture('autohand-config.json');

    const { hooks, files, problems } = await loadFixture('autohand-config.json');

    expect(problems).toEqual([]);
    expect(files[0]?.format).toBe('autohand');
    expect(hooks[0]).toEqual({
      event: 'PreToolUse',
      command: 'echo "Running tool: $HOOK_TOOL" >> ~/.autohand/hooks.log',
      timeout: 5_000,
      enabled: true,
      description: 'Log all tool executions',
      sequential: true,
      onError: 'open', // Autohand: a failing hook never blocks
      protocol: 'autohand',
      source: { file, jsonPath: 'hooks.hooks[0]', format: 'autohand' },
    });
    // Sync hooks (all but async ones) run one at a time: sequential.
    expect(hooks.map((hook) => [hook.event, hook.matcher, hook.filter, hook.timeout, hook.background, hook.enabled, hook.sequential])).toEqual([
      ['PreToolUse', undefined, undefined, 5_000, undefined, true, true],
      ['FileModified', undefined, { path: ['**/*.ts'] }, 15_000, undefined, undefined, true],
      ['PermissionRequest', '^read_file$', undefined, 5_000, undefined, undefined, true],
      ['Stop', undefined, undefined, 5_000, true, false, undefined],
      ['PostToolUse', undefined, { tool: ['run_command', 'write_file'] }, 5_000, undefined, undefined, true],
      // post-tool runs after failed tools too: the same entry, on PostToolUseFailure.
      ['PostToolUseFailure', undefined, { tool: ['run_command', 'write_file'] }, 5_000, undefined, undefined, true],
    ]);
  });

  it('disables every Autohand hook when hooks.enabled is false', async () => {
    const file = await tree.write('project/autohand.json', { hooks: { enabled: false, hooks: [{ event: 'stop', command: 'a', enabled: true }] } });

    const { hooks } = await loadHooksConfig({ files: [file] });

    expect(hooks.map((hook) => hook.enabled)).toEqual([false]);
  });

  it('loads the Wundr fixture: matcher globs become filters, priority and templates carry over', async () => {
    const file = fixture('wundr-hooks.json');

    const { hooks, files, problems } = await loadFixture('wundr-hooks.json');

    expect(problems).toEqual([]);
    expect(files[0]?.format).toBe('wundr');
    expect(hooks).toEqual([
      {
        id: 'log-tool-use',
        event: 'PostToolUse',
        command: 'echo "Tool {{metadata.toolName}} completed" >> /tmp/wundr-hooks.log',
        timeout: 8_000,
        description: 'Log tool use',
        template: true,
        onError: 'open', // catchErrors defaults to true
        protocol: 'wundr',
        source: { file, jsonPath: 'hooks[0]', format: 'wundr' },
      },
      {
        id: 'guard-bash',
        event: 'PreToolUse',
        filter: { tool: 'Bash*', sessionId: 'prod-*' },
        command: './hooks/guard.sh {{tool_input.command}}',
        timeout: 3_000,
        env: { set: { GUARD_MODE: 'strict' } },
        cwd: 'tools',
        priority: 10,
        sequential: true,
        template: true,
        onError: 'open', // catchErrors defaults to true
        protocol: 'wundr',
        source: { file, jsonPath: 'hooks[1]', format: 'wundr' },
      },
      {
        id: 'session-banner',
        event: 'SessionStart',
        command: './hooks/banner.sh',
        timeout: 8_000,
        enabled: false,
        onError: 'open', // catchErrors: true
        protocol: 'wundr',
        source: { file, jsonPath: 'hooks[2]', format: 'wundr' },
      },
    ]);
  });

  it('loads Wundr prompt hooks for the prompt evaluator; skips levels Wundr does not know, saying why', async () => {
    const file = await tree.write('project/wundr.json', {
      hooks: [
        { id: 'ask', event: 'PreToolUse', type: 'prompt', promptTemplate: 'Is {{metadata.toolName}} safe?' },
        { id: 'risky', event: 'PermissionRequest', type: 'command', matcher: { minRiskLevel: 'severe' }, command: 'deny.sh' },
        { id: 'ok', event: 'Stop', type: 'command', command: 'ok.sh' },
      ],
    });

    const { hooks, problems } = await loadHooksConfig({ files: [file] });

    expect(hooks.map((hook) => hook.id)).toEqual(['ask', 'ok']);
    expect(hooks[0]).toMatchObject({ type: 'prompt', prompt: 'Is {{metadata.toolName}} safe?', timeout: 30_000, protocol: 'wundr', sequential: true });
    expect(problems).toEqual([
      `${file}: hooks[1].matcher.minRiskLevel: expected one of low, medium, high, critical`,
    ]);
  });

  it('reads the Wundr matcher keys subagentId, minRiskLevel and notificationLevel as filters', async () => {
    const file = await tree.write('project/wundr.json', {
      hooks: [
        { id: 'risky', event: 'PermissionRequest', matcher: { minRiskLevel: 'high', toolName: 'Bash' }, command: 'deny.sh' },
        { id: 'loud', event: 'Notification', type: 'command', matcher: { notificationLevel: 'warn' }, command: 'page.sh' },
        { id: 'one-agent', event: 'SubagentStop', type: 'command', matcher: { subagentId: 'agent-*' }, command: 'log.sh' },
      ],
    });

    const { hooks, problems } = await loadHooksConfig({ files: [file] });

    expect(problems).toEqual([]);
    expect(hooks.map((hook) => hook.filter)).toEqual([
      { minRiskLevel: 'high', tool: 'Bash' },
      { minNotificationLevel: 'warn' },
      { subagentId: 'agent-*' },
    ]);
  });

  it('loads the Opta fixture: dotted events, and any non-zero exit blocks', async () => {
    const { hooks, files, problems } = await loadFixture('opta/config.json');

    expect(problems).toEqual([]);
    expect(files[0]?.format).toBe('opta');
    expect(hooks.map((hook) => [hook.event, hook.matcher, hook.timeout, hook.background, hook.exitCodes])).toEqual([
      ['PreToolUse', 'run_command', 10_000, undefined, 'any-nonzero-blocks'],
      ['PostToolUse', 'edit_file|write_file|multi_edit', 15_000, undefined, 'any-nonzero-blocks'],
      ['PostToolUse', 'edit_file|write_file', 10_000, true, 'any-nonzero-blocks'],
      ['SessionEnd', undefined, 10_000, true, 'any-nonzero-blocks'],
    ]);
  });

  it('reads any file inside .opta/ or ~/.config/opta/ as Opta, and a native file using dotted aliases as native', async () => {
    const optaFile = await tree.write('project/.opta/config.json', { hooks: [{ event: 'PreToolUse', command: 'a' }] });
    const userOptaFile = await tree.write('home/.config/opta/config.json', { hooks: [{ event: 'PreToolUse', command: 'c' }] });
    const nativeFile = await tree.write('project/.hookpool/hooks.json', { $schema: './schema.json', hooks: [{ event: 'tool.pre', command: 'b' }] });

    const { files, hooks } = await loadHooksConfig({ files: [optaFile, userOptaFile, nativeFile] });

    expect(files.map((file) => file.format)).toEqual(['opta', 'opta', 'native']);
    expect(hooks.map((hook) => hook.protocol)).toEqual(['opta', 'opta', undefined]);
  });

  it('gives the engine only hooks that pass nativeHookSchema, each with its source', async () => {
    const { hooks, problems } = await loadHooksConfig({
      files: ['native-hooks.json', 'autohand-config.json', 'wundr-hooks.json', 'opta/config.json', 'openclaw-settings.json'].map(fixture),
      claudeSettings: [fixture('claude-settings.json')],
      env: { OPENCLAW_CLAUDE_HOOKS: '1' },
    });

    expect(problems).toEqual([]);
    // Autohand: 5 entries, its post-tool one on two events.
    expect(hooks).toHaveLength(3 + 6 + 3 + 4 + 2 + 5);
    for (const hook of hooks) {
      expect(() => nativeHookSchema.parse(hook)).not.toThrow();
      expect(hook.source?.file).toMatch(/fixtures\/configs\//);
    }
  });
});
