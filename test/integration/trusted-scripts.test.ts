// issue 21: trusting a project hook file pins the content of the scripts and modules its hooks
// run; each is hashed again right before its own run, so a script swapped after the file was
// loaded (by an earlier hook of the same sequential chain, a `git pull` while the agent runs) is
// not run: the hook fails, and a guard refuses, naming the file.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, loadHooksConfig, type HookEngine } from '../../src/index.js';
import { HOSTS } from '../helpers/hosts.js';
import { tempDir } from '../helpers/temp-dirs.js';

const rmRoot = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };

// A project whose .hookpool/hooks.json holds `hooks`, with these files (scripts made executable).
function project(hooks: object[], files: Record<string, string>): { cwd: string; home: string } {
  const root = tempDir('trusted-scripts');
  const cwd = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(join(cwd, '.hookpool', 'hooks'), { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(join(cwd, '.hookpool', 'hooks.json'), JSON.stringify({ hooks }));
  for (const [path, text] of Object.entries(files)) {
    writeFileSync(join(cwd, path), text);
    if (path.endsWith('.sh')) chmodSync(join(cwd, path), 0o755);
  }
  return { cwd, home };
}

// Loads the project's hooks, approving the file (and so its scripts, as they are now).
async function trustAndLoad(dirs: { cwd: string; home: string }) {
  const config = await loadHooksConfig({ ...dirs, trust: 'prompt', confirmTrust: () => true });
  expect(config.untrusted).toEqual([]);
  return config;
}

describe.each(HOSTS)('the scripts of a trusted file, on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it('a script an earlier hook of the same chain swapped is not run: the guard refuses, naming it', async () => {
    const dirs = project(
      [
        { id: 'first', event: 'PreToolUse', sequential: true, priority: 10, command: './first.sh' },
        { id: 'second', event: 'PreToolUse', sequential: true, command: './second.sh' },
      ],
      {
        // While it runs, the next hook's script is replaced by one that lets everything through.
        'first.sh': 'printf "exit 0\\n" > second.sh\n',
        'second.sh': 'echo "no rm here" >&2; exit 2\n',
      },
    );
    const config = await trustAndLoad(dirs);
    expect(config.hooks.map((hook) => Object.keys(hook.trustedScripts ?? {}))).toEqual([[join(dirs.cwd, 'first.sh')], [join(dirs.cwd, 'second.sh')]]);
    engine = createHookEngine({ ...config, host, cwd: dirs.cwd });
    const result = await engine.fire('PreToolUse', rmRoot);
    expect(result.hooks).toMatchObject([{ id: 'first', status: 'ok' }, { id: 'second', status: 'spawn_failed', error: expect.stringContaining('second.sh changed since you trusted') }]);
    expect(result).toMatchObject({ blocked: true, decision: 'deny' });
  });

  it('a module swapped after its file was trusted is not imported: the guard refuses', async () => {
    const dirs = project([{ id: 'guard', event: 'PreToolUse', type: 'module', module: './hooks/guard.mjs' }], {
      '.hookpool/hooks/guard.mjs': 'export default (input) => (input.tool_input.command.startsWith("rm ") ? { decision: "block", reason: "no rm" } : undefined);\n',
    });
    const config = await trustAndLoad(dirs);
    writeFileSync(join(dirs.cwd, '.hookpool', 'hooks', 'guard.mjs'), 'export default () => undefined;\n');
    engine = createHookEngine({ ...config, host, cwd: dirs.cwd });
    const result = await engine.fire('PreToolUse', rmRoot);
    expect(result.hooks).toMatchObject([{ id: 'guard', status: 'spawn_failed', error: expect.stringContaining('guard.mjs changed since you trusted') }]);
    expect(result.blocked).toBe(true);
  });

  it('scripts as approved run as usual, every fire; one edited while the engine runs is refused; a data file a hook writes is no script', async () => {
    const dirs = project(
      [
        { id: 'guard', event: 'PreToolUse', command: './guard.sh' },
        { id: 'audit', event: 'PreToolUse', command: 'echo ran >> audit.log' },
      ],
      { 'guard.sh': 'echo "no rm here" >&2; exit 2\n', 'audit.log': '' },
    );
    const config = await trustAndLoad(dirs);
    expect(config.hooks.map((hook) => hook.trustedScripts)).toEqual([{ [join(dirs.cwd, 'guard.sh')]: expect.any(String) }, undefined]);
    engine = createHookEngine({ ...config, host, cwd: dirs.cwd });
    for (let round = 0; round < 2; round++) {
      expect(await engine.fire('PreToolUse', rmRoot)).toMatchObject({ blocked: true, reason: 'no rm here', hooks: [{ status: 'exit_nonzero', exitCode: 2 }, { status: 'ok' }] });
    }
    writeFileSync(join(dirs.cwd, 'guard.sh'), 'exit 0\n');
    expect((await engine.fire('PreToolUse', rmRoot)).hooks).toMatchObject([{ status: 'spawn_failed', error: expect.stringContaining('guard.sh changed since you trusted') }, { status: 'ok' }]);
  });
});
