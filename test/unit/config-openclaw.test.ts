// OpenClaw's Claude-style hooks: a `hooks.claude` section, argv commands with no shell, a strict
// schema, and the OPENCLAW_CLAUDE_HOOKS switch.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadHooksConfig } from '../../src/config/load-hooks-config.js';
import { CONFIG_FIXTURES, createTempTree, type TempTree } from './config-test-files.js';

let tree: TempTree;
beforeEach(async () => {
  tree = await createTempTree();
});
afterEach(async () => {
  await tree.cleanup();
});

const ON = { OPENCLAW_CLAUDE_HOOKS: '1' };

async function loadSection(claude: Record<string, unknown>, env: NodeJS.ProcessEnv = ON) {
  const file = await tree.write('project/openclaw.json', { agents: {}, hooks: { enabled: true, claude } });
  return { file, ...(await loadHooksConfig({ files: [file], env })) };
}

const command = (value: unknown, extra: object = {}) => ({ type: 'command', command: value, ...extra });

describe('loadHooksConfig: OpenClaw', () => {
  it('reads the fixture: argv commands, globs as filters, timeouts in seconds (default 600), its own protocol', async () => {
    const file = join(CONFIG_FIXTURES, 'openclaw-settings.json');

    const { hooks, files, problems } = await loadHooksConfig({ files: [file], env: ON });

    expect(problems).toEqual([]);
    expect(files).toEqual([{ path: file, format: 'openclaw', scope: 'explicit', hookCount: 2 }]);
    expect(hooks).toEqual([
      {
        event: 'PreToolUse',
        filter: { tool: ['exec'] },
        args: ['/opt/openclaw/hooks/check-exec.sh', '--strict'],
        timeout: 20_000,
        protocol: 'openclaw',
        source: { file, jsonPath: 'hooks.claude.PreToolUse[0].hooks[0]', format: 'openclaw' },
      },
      {
        event: 'Stop',
        args: ['node', '/opt/openclaw/hooks/keep-going.js'],
        timeout: 600_000,
        protocol: 'openclaw',
        source: { file, jsonPath: 'hooks.claude.Stop[0].hooks[0]', format: 'openclaw' },
      },
    ]);
  });

  it.each([
    ['unset', {}],
    ['"0"', { OPENCLAW_CLAUDE_HOOKS: '0' }],
    ['"true"', { OPENCLAW_CLAUDE_HOOKS: 'true' }],
    ['" 1"', { OPENCLAW_CLAUDE_HOOKS: ' 1' }],
  ])('loads no OpenClaw hook when OPENCLAW_CLAUDE_HOOKS is %s, and says so once per file', async (_, env) => {
    const { file, hooks, problems } = await loadSection({ Stop: [{ matcher: '*', hooks: [command(['a']), command(['b'])] }] }, env);

    expect(hooks).toEqual([]);
    expect(problems).toEqual([`${file}: hooks.claude: 2 OpenClaw hook(s) not loaded: OPENCLAW_CLAUDE_HOOKS is not "1" in the agent's environment (OpenClaw runs them only then)`]);
  });

  it("reads the flag from process.env unless the agent's environment is given", async () => {
    const file = await tree.write('project/openclaw.json', { hooks: { claude: { Stop: [{ matcher: '*', hooks: [command(['a'])] }] } } });
    const saved = process.env.OPENCLAW_CLAUDE_HOOKS;
    process.env.OPENCLAW_CLAUDE_HOOKS = '1';
    try {
      expect((await loadHooksConfig({ files: [file] })).hooks).toHaveLength(1);
      expect((await loadHooksConfig({ files: [file], env: {} })).hooks).toHaveLength(0);
    } finally {
      if (saved === undefined) delete process.env.OPENCLAW_CLAUDE_HOOKS;
      else process.env.OPENCLAW_CLAUDE_HOOKS = saved;
    }
  });

  it('splits a string command with shell-quote: quotes and escapes, no shell', async () => {
    const { hooks, problems } = await loadSection({ PreToolUse: [{ matcher: 'Bash', hooks: [command(`./guard.sh "two words" it\\'s 'a "b"'`)] }] });

    expect(problems).toEqual([]);
    expect(hooks[0]?.args).toEqual(['./guard.sh', 'two words', "it's", 'a "b"']);
    expect(hooks[0]).not.toHaveProperty('command');
  });

  it('refuses a string command with a shell operator, a glob, a comment or a variable: reported, and the hook does not run', async () => {
    const { file, hooks, problems, brokenHooks } = await loadSection({
      PreToolUse: [{ matcher: 'Bash', hooks: [
        command('./guard.sh | tee log'), command('rm *.tmp'), command('./a.sh # note'), command('$HOME/bin/guard.sh'), command('   '), command(['ok.sh']),
      ] }],
    });

    expect(hooks.map((hook) => hook.args)).toEqual([['ok.sh']]);
    // Each stays as a broken guard of its event and matcher (OpenClaw blocks on a command it cannot parse).
    expect(brokenHooks.map((entry) => [entry.event, entry.matcher, entry.source.jsonPath, entry.source.format])).toEqual(
      [0, 1, 2, 3, 4].map((index) => ['PreToolUse', 'Bash', `hooks.claude.PreToolUse[0].hooks[${index}]`, 'openclaw']),
    );
    const at = (index: number) => `${file}: hooks.claude.PreToolUse[0].hooks[${index}].command: `;
    expect(problems).toEqual([
      `${at(0)}contains the shell operator "|", which OpenClaw refuses: the command runs with no shell (write an argv array, or put the pipeline in a script); the hook is skipped`,
      `${at(1)}contains the glob "*.tmp", which OpenClaw refuses: the command runs with no shell (write an argv array, or put the pipeline in a script); the hook is skipped`,
      `${at(2)}contains a comment, which OpenClaw refuses: the command runs with no shell (write an argv array, or put the pipeline in a script); the hook is skipped`,
      `${at(3)}refers to $HOME, which OpenClaw replaces with nothing: the command runs with no shell (write the path out, or put the command in a script); the hook is skipped`,
      `${at(4)}is empty; the hook is skipped`,
    ]);
  });

  it('is strict like its schema: unknown events and keys are problems; a prompt hook loads for the prompt evaluator', async () => {
    const { file, hooks, problems } = await loadSection({
      SessionStart: [{ matcher: '*', hooks: [command(['a'])] }],
      PreToolUse: [
        { matcher: 'Bash', hooks: [command(['b'], { async: true }), { type: 'prompt', prompt: 'safe?' }, command([])] },
        { hooks: [command(['c'])] },
      ],
      PostToolUse: [{ matcher: '*', hooks: [command(['d'], { timeout: 1.5 })] }],
    });

    expect(hooks).toMatchObject([{ event: 'PreToolUse', filter: { tool: ['Bash'] }, type: 'prompt', prompt: 'safe?', timeout: 30_000, protocol: 'openclaw' }]);
    expect(problems).toEqual([
      `${file}: hooks.claude.SessionStart: OpenClaw has no event "SessionStart" (its events: PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop, SubagentStart, SubagentStop, PreCompact); its hooks are skipped`,
      `${file}: hooks.claude.PreToolUse[0].hooks[0]: unknown key "async"`,
      `${file}: hooks.claude.PreToolUse[0].hooks[2].command: expected a non-empty argv array`,
      `${file}: hooks.claude.PreToolUse[1].matcher: expected a matcher glob ("*" for everything)`,
      `${file}: hooks.claude.PostToolUse[0].hooks[0].timeout: expected a whole number of seconds`,
    ]);
  });

  it('reports a Stop rule whose glob misses "*" (OpenClaw matches Stop against "*", so it never runs)', async () => {
    const { file, hooks, problems, brokenHooks } = await loadSection({ Stop: [{ matcher: 'Bash', hooks: [command(['a'])] }, { matcher: '**', hooks: [command(['b'])] }] });

    expect(hooks.map((hook) => hook.args)).toEqual([['b']]);
    expect(brokenHooks).toEqual([]);
    expect(problems).toEqual([`${file}: hooks.claude.Stop[0].matcher: OpenClaw matches Stop hooks against "*", which "Bash" does not match: they never run, so they are skipped (use "*")`]);
  });

  it('reads hooks.claude as OpenClaw even in a file given as Claude Code settings', async () => {
    const file = await tree.write('project/settings.json', { hooks: { claude: { Stop: [{ matcher: '*', hooks: [command(['a'])] }] } } });

    const { files, hooks } = await loadHooksConfig({ claudeSettings: [file], env: ON });

    expect(files[0]?.format).toBe('openclaw');
    expect(hooks[0]?.protocol).toBe('openclaw');
  });
});
