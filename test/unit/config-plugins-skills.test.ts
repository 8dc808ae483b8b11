// Plugins' hooks files, and hooks in skill and subagent frontmatter, loaded from real files.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/config/frontmatter.js';
import { loadHooksConfig } from '../../src/config/load-hooks-config.js';
import { pluginDataId } from '../../src/config/plugins.js';
import { createTempTree, type TempTree } from './config-test-files.js';

let tree: TempTree;
beforeEach(async () => {
  tree = await createTempTree();
});
afterEach(async () => {
  await tree.cleanup();
});

const guard = (command: string, extra: object = {}) => ({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command, ...extra }] }] } });

describe('plugins', () => {
  it("reads hooks/hooks.json with the plugin's folders, and creates its data folder", async () => {
    const root = join(tree.project, '..', 'plugins', 'guard');
    await tree.write(join(root, '.claude-plugin', 'plugin.json'), { name: 'guard@tools', version: '1.0.0' });
    await tree.write(join(root, 'hooks', 'hooks.json'), { description: 'x', ...guard('node "${CLAUDE_PLUGIN_ROOT}/block.js"') });
    const config = await loadHooksConfig({ cwd: tree.project, home: tree.home, plugins: [root], discover: false });
    const data = join(tree.home, '.claude', 'plugins', 'data', 'guard-tools');
    expect(config.problems).toEqual([]);
    expect(config.hooks).toEqual([expect.objectContaining({ command: `node "${root}/block.js"`, env: { inherit: 'all', set: { CLAUDE_PLUGIN_ROOT: root, CLAUDE_PLUGIN_DATA: data } }, source: expect.objectContaining({ format: 'claude' }) })]);
    expect((await stat(data)).isDirectory()).toBe(true);
    expect(config.files).toEqual([expect.objectContaining({ path: join(root, 'hooks', 'hooks.json'), scope: 'explicit' })]);
  });

  it('names the data folder as Claude Code does: every character outside [A-Za-z0-9_-] becomes "-"', () => {
    expect(pluginDataId('my-plugin@mkt')).toBe('my-plugin-mkt');
    expect(pluginDataId('a.b c/d')).toBe('a-b-c-d');
  });

  it('a missing plugin folder is a problem and a broken file, so its guards refuse instead of vanishing', async () => {
    const root = join(tree.project, 'no-such-plugin');
    const config = await loadHooksConfig({ cwd: tree.project, home: tree.home, plugins: [root], discover: false });
    expect(config.problems).toEqual([`${root}: plugin root: no such directory (the plugin was moved or not installed)`]);
    expect(config.brokenFiles).toEqual([{ path: root, scope: 'explicit', reason: 'plugin root: no such directory (the plugin was moved or not installed)' }]);
  });

  it("loads the extra files and inline hooks the manifest names, and refuses it naming hooks/hooks.json again", async () => {
    const root = join(tree.project, 'plug');
    await tree.write(join(root, '.claude-plugin', 'plugin.json'), { name: 'plug', hooks: './more/hooks.json' });
    await tree.write(join(root, 'more', 'hooks.json'), guard('more'));
    expect((await loadHooksConfig({ cwd: tree.project, home: tree.home, plugins: [root], discover: false })).hooks.map((hook) => hook.command)).toEqual(['more']);

    await tree.write(join(root, '.claude-plugin', 'plugin.json'), { name: 'plug', ...guard('inline') });
    expect((await loadHooksConfig({ cwd: tree.project, home: tree.home, plugins: [root], discover: false })).hooks.map((hook) => hook.command)).toEqual(['inline']);

    await tree.write(join(root, '.claude-plugin', 'plugin.json'), { name: 'plug', hooks: './hooks/hooks.json' });
    const duplicate = await loadHooksConfig({ cwd: tree.project, home: tree.home, plugins: [root], discover: false });
    expect(duplicate.brokenFiles).toEqual([expect.objectContaining({ path: root, reason: expect.stringContaining('which is loaded anyway') })]);
  });
});

describe('skill and subagent frontmatter', () => {
  const skill = (hooksYaml: string, name = '') => `---\n${name === '' ? '' : `name: ${name}\n`}description: release the project\n${hooksYaml}---\n\n# Release\n`;
  const bashGuard = 'hooks:\n  PreToolUse:\n    - matcher: "Bash"\n      hooks:\n        - type: command\n          command: "./scripts/check.sh"\n          once: true\n';

  it("reads a skill's hooks, bound to the skill; project skills need trust like other project files", async () => {
    await tree.write(join(tree.project, '.claude', 'skills', 'release', 'SKILL.md'), skill(bashGuard));
    const untrusted = await loadHooksConfig({ cwd: tree.project, home: tree.home });
    expect(untrusted.hooks).toEqual([]);
    expect(untrusted.untrusted).toEqual([expect.objectContaining({ path: join(tree.project, '.claude', 'skills', 'release', 'SKILL.md') })]);

    const trusted = await loadHooksConfig({ cwd: tree.project, home: tree.home, trust: 'all' });
    expect(trusted.problems).toEqual([]);
    expect(trusted.hooks).toEqual([expect.objectContaining({ event: 'PreToolUse', matcher: 'Bash', command: './scripts/check.sh', once: true, skill: 'release' })]);
  });

  it("a user skill runs without asking; its frontmatter name wins over its folder's", async () => {
    await tree.write(join(tree.home, '.claude', 'skills', 'folder', 'SKILL.md'), skill(bashGuard, 'deploy'));
    const config = await loadHooksConfig({ cwd: tree.project, home: tree.home });
    expect(config.hooks).toEqual([expect.objectContaining({ skill: 'deploy' })]);
  });

  it("a subagent's hooks carry its agent type and its Stop hooks become SubagentStop", async () => {
    await tree.write(join(tree.home, '.claude', 'agents', 'reviewer.md'), '---\nname: code-reviewer\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: ./verify.sh\n---\nReview code.\n');
    const config = await loadHooksConfig({ cwd: tree.project, home: tree.home });
    expect(config.hooks).toEqual([expect.objectContaining({ event: 'SubagentStop', agentType: 'code-reviewer', command: './verify.sh' })]);
  });

  it('skills without hooks are not configuration; a broken frontmatter is a broken file only when it mentions hooks', async () => {
    await tree.write(join(tree.home, '.claude', 'skills', 'plain', 'SKILL.md'), skill(''));
    await tree.write(join(tree.home, '.claude', 'skills', 'odd', 'SKILL.md'), '---\ndescription: [unclosed\n---\n');
    await tree.write(join(tree.home, '.claude', 'skills', 'bad', 'SKILL.md'), '---\nhooks: [unclosed\n---\n');
    const config = await loadHooksConfig({ cwd: tree.project, home: tree.home });
    expect(config.files).toEqual([]);
    expect(config.brokenFiles).toEqual([expect.objectContaining({ path: join(tree.home, '.claude', 'skills', 'bad', 'SKILL.md'), scope: 'user', reason: expect.stringContaining('not valid YAML') })]);
  });

  it('parses frontmatter: none, a mapping, an unclosed block', () => {
    expect(parseFrontmatter('# no frontmatter\n')).toEqual({});
    expect(parseFrontmatter('---\nname: x\nhooks: {}\n---\nbody')).toEqual({ name: 'x', hooks: {} });
    expect(() => parseFrontmatter('---\nhooks: {}\n')).toThrow('no closing "---" line');
    expect(() => parseFrontmatter('---\n- a list\n---\nhooks: mentioned\n')).toThrow('not a YAML mapping');
    expect(parseFrontmatter('---\n- a list, no hook in sight\n---\n')).toEqual({});
  });
});
