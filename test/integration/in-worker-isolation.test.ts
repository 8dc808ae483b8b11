// issue 21: an in-worker hook (a `type: "module"` hook, or a built-in) cannot weaken anything
// else. A module that changes its worker's globals changes no other hook's decision (built-ins
// and every other module hook run in workers of their own), and a module sees the environment a
// command hook of the same policy would get: never the agent's secrets, never another hook's.
// One worker thread per pool, so that on a shared pool the hooks would meet in the same worker.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHookEngine, loadHooksConfig, type HookEngine } from '../../src/index.js';
import { HOSTS } from '../helpers/hosts.js';
import { tempDir } from '../helpers/temp-dirs.js';

const MODULES = new URL('../fixtures/modules/', import.meta.url).pathname;
const TAMPER = `${MODULES}tamper.mjs`;
const GUARD = `${MODULES}answers.mjs`;
const ENVIRONMENT = `${MODULES}environment.mjs`;
const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command } });
const ran = (command: string) => ({ ...bash(command), tool_response: { stdout: '' } });
// Printed by a command hook of the same policy as the module hook: its whole environment.
// What environment.mjs (or PRINT_ENV) reported, from its whole stdout (a systemMessage is cut at 10,000 characters).
const reported = (hook: { stdout: string }) => JSON.parse(JSON.parse(hook.stdout).systemMessage);
const PRINT_ENV = [process.execPath, '-e', 'process.stdout.write(JSON.stringify({ systemMessage: JSON.stringify({ atRun: process.env }) }))'];

describe.each(HOSTS)('in-worker hooks on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    vi.unstubAllEnvs();
    await engine?.close();
    engine = undefined;
  });

  it('a module that patches RegExp.prototype.test leaves the built-in dangerous-tool-blocker refusing rm -rf /', async () => {
    const dir = tempDir('realm');
    const file = join(dir, 'hooks.json');
    writeFileSync(file, JSON.stringify({ hooks: [{ id: 'tamper', event: 'PostToolUse', type: 'module', module: TAMPER }], builtins: { 'dangerous-tool-blocker': true } }));
    const config = await loadHooksConfig({ cwd: dir, home: dir, files: [file], trust: 'all' });
    expect(config.problems).toEqual([]);
    engine = createHookEngine({ ...config, host, cwd: dir, pool: { threads: 1 } });
    expect(await engine.fire('PreToolUse', bash('rm -rf /'))).toMatchObject({ blocked: true, decidedBy: [{ id: 'builtin:dangerous-tool-blocker' }] });
    expect((await engine.fire('PostToolUse', ran('ls'))).hooks).toMatchObject([{ id: 'tamper', status: 'ok' }]);
    for (let round = 0; round < 3; round++) {
      expect(await engine.fire('PreToolUse', bash('rm -rf /')), `round ${round}`).toMatchObject({ blocked: true, decidedBy: [{ id: 'builtin:dangerous-tool-blocker' }] });
    }
  });

  it("a module that patches String.prototype.startsWith changes no other module hook's decision", async () => {
    engine = createHookEngine({ host, pool: { threads: 1 }, hooks: [
      { id: 'tamper', event: 'PostToolUse', type: 'module', module: TAMPER, export: 'patchStrings' },
      { id: 'guard', event: 'PreToolUse', type: 'module', module: GUARD },
    ] });
    expect(await engine.fire('PreToolUse', bash('rm -rf build'))).toMatchObject({ blocked: true, reason: 'no rm (policy)' });
    expect((await engine.fire('PostToolUse', ran('ls'))).hooks).toMatchObject([{ id: 'tamper', status: 'ok' }]);
    expect(await engine.fire('PreToolUse', bash('rm -rf build'))).toMatchObject({ blocked: true, reason: 'no rm (policy)' });
    // Registered later, from the same module file, it gets workers of its own too.
    engine.register({ id: 'late-guard', event: 'PreToolUse', type: 'module', module: GUARD, options: { why: 'late' } });
    const both = await engine.fire('PreToolUse', bash('rm -rf build'));
    expect(both.blocked).toBe(true);
    expect(both.reason).toContain('no rm (policy)');
    expect(both.reason).toContain('no rm (late)');
  });

  it("a module hook's process.env is the environment a command hook of the same policy gets: no agent secret, even while its module loads", async () => {
    vi.stubEnv('HOOKPOOL_TEST_API_KEY', 'sk-ant-api03-do-not-leak');
    vi.stubEnv('HOOKPOOL_TEST_PLAIN', 'plain value');
    const env = { set: { HOOK_OWN_SETTING: 'mine' } };
    engine = createHookEngine({ host, pool: { threads: 1 }, hooks: [
      { id: 'module', event: 'Stop', type: 'module', module: ENVIRONMENT, env },
      { id: 'command', event: 'Stop', args: PRINT_ENV, env },
    ] });
    const [module, command] = (await engine.fire('Stop', {})).hooks.map(reported);
    const { HOOKPOOL_RUN_ID: moduleRun, ...moduleEnv } = module.atRun;
    const { HOOKPOOL_RUN_ID: commandRun, ...commandEnv } = command.atRun;
    expect(moduleEnv).toEqual(commandEnv);
    expect(moduleRun).toEqual(expect.any(String));
    expect(commandRun).toEqual(expect.any(String));
    expect(moduleEnv).toMatchObject({ HOOK_OWN_SETTING: 'mine', HOOKPOOL_TEST_PLAIN: 'plain value', HOOKPOOL_EVENT: 'Stop' });
    for (const seen of [module.atImport, module.atRun, module.context]) expect(seen.HOOKPOOL_TEST_API_KEY).toBeUndefined();
    expect(module.atImport.HOOK_OWN_SETTING).toBe('mine');
  });

  it("a variable passed to one module hook never reaches another, nor does another hook's environment sit in its worker", async () => {
    vi.stubEnv('HOOKPOOL_TEST_DEPLOY_TOKEN', 'token-for-the-first-only');
    engine = createHookEngine({ host, pool: { threads: 1 }, hooks: [
      { id: 'passed', event: 'Stop', type: 'module', module: ENVIRONMENT, env: { pass: ['HOOKPOOL_TEST_DEPLOY_TOKEN'] } },
      { id: 'other', event: 'SessionEnd', type: 'module', module: ENVIRONMENT, timeout: 10_000 },
      { id: 'command', event: 'Notification', command: 'true', env: { set: { HOOKPOOL_TEST_COMMAND_ONLY: 'command secret' } } },
    ] });
    const first = reported((await engine.fire('Stop', {})).hooks[0]!);
    expect(first.atRun.HOOKPOOL_TEST_DEPLOY_TOKEN).toBe('token-for-the-first-only');
    const other = reported((await engine.fire('SessionEnd', { reason: 'exit' })).hooks[0]!);
    for (const seen of [other.atImport, other.atRun, other.context]) expect(seen.HOOKPOOL_TEST_DEPLOY_TOKEN).toBeUndefined();
    expect(other.workerData).not.toContain('token-for-the-first-only');
    for (const report of [first, other]) expect(report.workerData).not.toContain('command secret');
  });
});

describe('in-worker hooks with no pool (`hookpool run`, the direct host)', () => {
  it("see the command hook's environment, not the agent's secrets", async () => {
    vi.stubEnv('HOOKPOOL_TEST_API_KEY', 'sk-ant-api03-do-not-leak');
    const engine = createHookEngine({ host: 'direct', pool: { threads: 1 }, hooks: [
      { id: 'module', event: 'Stop', type: 'module', module: ENVIRONMENT },
      { id: 'command', event: 'Stop', args: PRINT_ENV },
    ] });
    try {
      const [module, command] = (await engine.fire('Stop', {})).hooks.map(reported);
      expect(module.atImport.HOOKPOOL_TEST_API_KEY).toBeUndefined();
      expect(module.atRun.HOOKPOOL_TEST_API_KEY).toBeUndefined();
      expect(Object.keys(module.atRun).sort()).toEqual(Object.keys(command.atRun).sort());
    } finally {
      vi.unstubAllEnvs();
      await engine.close();
    }
  });
});
