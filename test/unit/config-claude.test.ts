import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadHooksConfig } from '../../src/config/load-hooks-config.js';
import { createTempTree, type TempTree } from './config-test-files.js';

let tree: TempTree;
beforeEach(async () => {
  tree = await createTempTree();
});
afterEach(async () => {
  await tree.cleanup();
});

/** Loads one Claude settings document written to a real file. */
async function loadClaude(settings: unknown) {
  const file = await tree.write('project/.claude/settings.json', settings);
  const config = await loadHooksConfig({ claudeSettings: [file], cwd: tree.project, home: tree.home });
  return { file, ...config };
}

const command = (text: string, extra: object = {}) => ({ type: 'command', command: text, ...extra });

describe('loadHooksConfig: Claude Code settings', () => {
  it('converts timeouts from seconds to milliseconds, 600 s when absent', async () => {
    const { hooks } = await loadClaude({
      hooks: { Stop: [{ hooks: [command('a', { timeout: 30 }), command('b', { timeout: 2.5 }), command('c')] }] },
    });

    expect(hooks.map((hook) => hook.timeout)).toEqual([30_000, 2_500, 600_000]);
  });

  it('reports an unknown event with its path and the closest name, and loads the rest', async () => {
    const { file, hooks, problems } = await loadClaude({
      hooks: { PreToolUs: [{ hooks: [command('typo')] }], Stop: [{ hooks: [command('ok')] }] },
    });

    expect(problems).toEqual([`${file}: hooks.PreToolUs: unknown event "PreToolUs" (did you mean "PreToolUse"?); its hooks are skipped`]);
    expect(hooks.map((hook) => hook.command)).toEqual(['ok']);
  });

  it('accepts event aliases as keys', async () => {
    const { hooks, problems } = await loadClaude({ hooks: { 'pre-tool': [{ matcher: 'Bash', hooks: [command('a')] }] } });

    expect(problems).toEqual([]);
    expect(hooks[0]).toMatchObject({ event: 'PreToolUse', matcher: 'Bash' });
  });

  it('skips a malformed entry with a problem naming its path, and loads the rest', async () => {
    const { file, hooks, problems } = await loadClaude({
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: 'check.sh' },
          { matcher: 'Edit', hooks: [{ type: 'command' }, command('ok-1', { timeout: 'ten' }), command('ok-2')] },
        ],
        Stop: 'not a list',
      },
    });

    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(new RegExp(`^${file}: hooks\\.PreToolUse\\[0\\]\\.hooks: expected an array of hooks`));
    expect(problems[1]).toMatch(new RegExp(`^${file}: hooks\\.PreToolUse\\[1\\]\\.hooks\\[0\\]\\.command: `));
    expect(problems[2]).toMatch(new RegExp(`^${file}: hooks\\.PreToolUse\\[1\\]\\.hooks\\[1\\]\\.timeout: `));
    expect(problems[3]).toMatch(new RegExp(`^${file}: hooks\\.Stop: expected an array`));
    expect(hooks.map((hook) => hook.command)).toEqual(['ok-2']);
  });

  it('loads http, prompt, agent and mcp_tool hooks beside command hooks; an unknown type is a problem', async () => {
    const { file, hooks, problems } = await loadClaude({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              { type: 'http', url: 'https://example.com/hook' },
              { type: 'prompt', prompt: 'Is this safe?' },
              { type: 'agent', prompt: 'review' },
              { type: 'mcp_tool', server: 'x', tool: 'y' },
              { type: 'websocket', url: 'ws://example.com' },
              command('kept'),
            ],
          },
        ],
      },
    });

    expect(problems).toEqual([`${file}: hooks.PreToolUse[0].hooks[4].type: unknown hook type "websocket" (expected command, http, prompt, agent or mcp_tool); this hook is not loaded`]);
    expect(hooks.map((hook) => hook.url ?? hook.prompt ?? hook.tool ?? hook.command)).toEqual(['https://example.com/hook', 'Is this safe?', 'review', 'y', 'kept']);
  });

  it('reports an invalid matcher regex naming its path, and skips its hooks', async () => {
    const { file, hooks, problems } = await loadClaude({
      hooks: { PreToolUse: [{ matcher: 'mcp__(memory', hooks: [command('bad')] }, { matcher: 'mcp__memory__.*', hooks: [command('good')] }] },
    });

    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${file}: hooks\\.PreToolUse\\[0\\]\\.matcher: invalid matcher regex "mcp__\\(memory"`));
    expect(hooks.map((hook) => hook.command)).toEqual(['good']);
  });

  it('runs "async": true hooks in the background', async () => {
    const { hooks } = await loadClaude({ hooks: { PostToolUse: [{ hooks: [command('log', { async: true })] }] } });

    expect(hooks[0]?.background).toBe(true);
  });
});
