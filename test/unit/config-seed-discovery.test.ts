// The seed designs' own configuration files are found by default, under the same trust rules.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listConfigFiles } from '../../src/config/discover.js';
import { loadHooksConfig } from '../../src/config/load-hooks-config.js';
import { createTempTree, type TempTree } from './config-test-files.js';

let tree: TempTree;
beforeEach(async () => {
  tree = await createTempTree();
});
afterEach(async () => {
  await tree.cleanup();
});

const optaConfig = (command: string) => ({ host: 'localhost', model: 'qwen', hooks: [{ event: 'tool.pre', matcher: 'run_command', command }] });
const autohandConfig = (command: string) => ({ provider: 'openrouter', hooks: { enabled: true, hooks: [{ event: 'pre-tool', command }] } });

describe('seed configuration files found by default', () => {
  it('lists ~/.config/opta/config.json, ~/.autohand/config.json and ~/.openclaw/openclaw.json as user files, .opta/config.json and Wundr\'s code files as project files', () => {
    const candidates = listConfigFiles({ cwd: '/p', home: '/h' });
    expect(candidates.map(({ path, scope }) => `${scope} ${path}`)).toEqual([
      'user /h/.config/hookpool/hooks.json',
      'user /h/.claude/settings.json',
      'user /h/.config/opta/config.json',
      'user /h/.autohand/config.json',
      'user /h/.openclaw/openclaw.json',
      'project /p/.hookpool/hooks.json',
      'project /p/.claude/settings.json',
      'project /p/.opta/config.json',
      'project /p/wundr.config.ts',
      'project /p/wundr.config.mjs',
      'project /p/wundr.config.js',
      'project /p/hooks.config.ts',
      'project /p/hooks.config.mjs',
      'project /p/hooks.config.js',
      'local /p/.claude/settings.local.json',
    ]);
    expect(listConfigFiles({ cwd: '/p', home: '/h', files: ['x.json'] }).map(({ path }) => path)).toEqual(['/p/x.json']);
  });

  it('loads them in their formats and protocols, user files before project files', async () => {
    await tree.write('home/.config/opta/config.json', optaConfig('user-opta'));
    await tree.write('home/.autohand/config.json', autohandConfig('user-autohand'));
    await tree.write('project/.opta/config.json', optaConfig('project-opta'));

    const config = await loadHooksConfig({ cwd: tree.project, home: tree.home, trust: 'all' });

    expect(config.problems).toEqual([]);
    expect(config.hooks.map((hook) => [hook.command, hook.protocol, hook.source?.format])).toEqual([
      ['user-opta', 'opta', 'opta'],
      ['user-autohand', 'autohand', 'autohand'],
      ['project-opta', 'opta', 'opta'],
    ]);
    expect(config.files.map(({ scope, format }) => `${scope}/${format}`)).toEqual(['user/opta', 'user/autohand', 'project/opta']);
  });

  it(".opta/config.json needs trust like any project file; the user's own files do not", async () => {
    await tree.write('home/.autohand/config.json', autohandConfig('user-autohand'));
    const projectFile = await tree.write('project/.opta/config.json', optaConfig('project-opta'));

    const config = await loadHooksConfig({ cwd: tree.project, home: tree.home, trustStore: `${tree.home}/trusted.json` });

    expect(config.hooks.map((hook) => hook.command)).toEqual(['user-autohand']);
    expect(config.untrusted.map((file) => [file.path, file.hooks.map((hook) => hook.command)])).toEqual([[projectFile, ['project-opta']]]);
  });
});
