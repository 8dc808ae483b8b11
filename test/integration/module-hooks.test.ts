// `type: "module"` hooks: an export of a JavaScript module, run inside the pool's module workers
// (both hosts), answering what a command hook prints; throws, load errors and timeouts are outcomes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, loadHooksConfig, type HookEngine } from '../../src/index.js';
import { HOSTS } from '../helpers/hosts.js';
import { expectNoneAlive, livingProcesses, uniqueSleep } from '../helpers/processes.js';
import { tempDir } from '../helpers/temp-dirs.js';

const MODULES = new URL('../fixtures/modules/', import.meta.url).pathname;
const ANSWERS = `${MODULES}answers.mjs`;
const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command } });

describe.each(HOSTS)('module hooks on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it("runs the default export with the input and its options; the answer is read as a command hook's JSON stdout", async () => {
    engine = createHookEngine({ host, hooks: [{ id: 'guard', event: 'PreToolUse', type: 'module', module: ANSWERS, options: { why: 'house rule' } }] });
    const refused = await engine.fire('PreToolUse', bash('rm -rf build'));
    expect(refused).toMatchObject({ blocked: true, decision: 'deny', reason: 'no rm (house rule)' });
    const allowed = await engine.fire('PreToolUse', bash('ls'));
    expect(allowed.blocked).toBe(false);
    expect(allowed.hooks[0]).toMatchObject({ id: 'guard', status: 'ok', exitCode: 0 });
    const seen = JSON.parse(allowed.additionalContext!);
    expect(seen).toMatchObject({ event: 'PreToolUse', hookId: 'guard', cwd: process.cwd(), options: { why: 'house rule' }, hasEnv: true });
  });

  it("cannot see the agent's memory: another isolate (and on the process host another process); secrets are not in its env", async () => {
    (globalThis as Record<string, unknown>).hookpoolAgentMarker = 'the agent';
    try {
      engine = createHookEngine({ host, env: { PATH: process.env.PATH, HP_TEST_SECRET_TOKEN: 'x' }, hooks: [{ event: 'PreToolUse', type: 'module', module: ANSWERS }] });
      const seen = JSON.parse((await engine.fire('PreToolUse', bash('ls'))).additionalContext!);
      expect(seen.agentGlobal).toBeNull();
      expect(seen.threadId).toBeGreaterThan(0);
      if (host === 'process') expect(seen.pid).not.toBe(process.pid);
      else expect(seen.pid).toBe(process.pid);
    } finally {
      delete (globalThis as Record<string, unknown>).hookpoolAgentMarker;
    }
  });

  it('runs a named async export; undefined is an answer with no effect', async () => {
    engine = createHookEngine({ host, hooks: [
      { id: 'later', event: 'Stop', type: 'module', module: ANSWERS, export: 'later' },
      { id: 'nothing', event: 'Stop', type: 'module', module: ANSWERS, export: 'nothing' },
    ] });
    const result = await engine.fire('Stop', {});
    expect(result.systemMessage).toBe('saw Stop');
    expect(result.hooks.map((hook) => [hook.id, hook.status, hook.stdout])).toEqual([['later', 'ok', '{"systemMessage":"saw Stop"}'], ['nothing', 'ok', '']]);
    expect(result.failures).toEqual([]);
  });

  it('a throw is a crash: onError closed refuses, open proceeds, and the message is one line', async () => {
    engine = createHookEngine({ host, hooks: [
      { id: 'closed', event: 'PreToolUse', type: 'module', module: ANSWERS, export: 'throws' },
      { id: 'open', event: 'PostToolUse', type: 'module', module: ANSWERS, export: 'throws' },
    ] });
    const refused = await engine.fire('PreToolUse', bash('ls'));
    expect(refused).toMatchObject({ blocked: true, decision: 'deny' });
    expect(refused.failures).toEqual([{ id: 'closed', status: 'crashed', exitCode: null, message: 'crashed: threw: the guard broke', onError: 'closed' }]);
    const proceeded = await engine.fire('PostToolUse', { ...bash('ls'), tool_response: {} });
    expect(proceeded.blocked).toBe(false);
    expect(proceeded.failures[0]).toMatchObject({ id: 'open', status: 'crashed', onError: 'open' });
  });

  it('an answer that is not JSON is a crash', async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'Stop', type: 'module', module: ANSWERS, export: 'circular' }] });
    const result = await engine.fire('Stop', {});
    expect(result.hooks[0]!.status).toBe('crashed');
    expect(result.hooks[0]!.error).toMatch(/^answered something that is not JSON: /);
  });

  it('load errors are one-line outcomes: a missing file, a missing export, an export that is no function, a module that throws on import', async () => {
    engine = createHookEngine({ host, hooks: [
      { id: 'missing-file', event: 'Stop', type: 'module', module: `${MODULES}no-such-file.mjs` },
      { id: 'missing-export', event: 'Stop', type: 'module', module: ANSWERS, export: 'noSuchExport' },
      { id: 'not-a-function', event: 'Stop', type: 'module', module: ANSWERS, export: 'notAFunction' },
      { id: 'broken', event: 'Stop', type: 'module', module: `${MODULES}broken.mjs` },
    ] });
    const result = await engine.fire('Stop', {});
    expect(result.hooks.map((hook) => hook.status)).toEqual(['spawn_failed', 'spawn_failed', 'spawn_failed', 'spawn_failed']);
    const errors = result.hooks.map((hook) => hook.error!);
    for (const error of errors) expect(error).not.toContain('\n');
    expect(errors[0]).toMatch(new RegExp(`^cannot load module ${MODULES}no-such-file.mjs: `));
    expect(errors[1]).toBe(`module ${ANSWERS}: "noSuchExport" has no such export`);
    expect(errors[2]).toBe(`module ${ANSWERS}: "notAFunction" exports a number, not a function`);
    expect(errors[3]).toBe(`cannot load module ${MODULES}broken.mjs: broken on purpose`);
  });

  it('a module that spins is stopped at its timeout by terminating its worker; what it spawned is killed; the next fire works', async () => {
    const sleep = uniqueSleep();
    engine = createHookEngine({ host, hooks: [
      { id: 'spins', event: 'Stop', type: 'module', module: ANSWERS, export: 'spawnsThenSpins', options: { sleep }, timeout: 500 },
      { id: 'guard', event: 'PreToolUse', type: 'module', module: ANSWERS },
    ] });
    const stuck = await engine.fire('Stop', {});
    expect(stuck.hooks[0]).toMatchObject({ id: 'spins', status: 'timed_out', error: 'no answer within 500 ms: its worker was terminated' });
    expect(stuck.failures[0]!.message).toMatch(/^timed out and was killed after \d+ ms$/);
    await expectNoneAlive(sleep);
    const next = await engine.fire('PreToolUse', bash('rm -rf /'));
    expect(next).toMatchObject({ blocked: true, reason: 'no rm (policy)' });
    const again = await engine.fire('Stop', {});
    expect(again.hooks[0]!.status).toBe('timed_out');
    await expectNoneAlive(sleep);
  });

  it('a module that never answers times out; close() during a stuck module settles it and leaves nothing', async () => {
    engine = createHookEngine({ host, closeTimeout: 100, hooks: [{ id: 'silent', event: 'Stop', type: 'module', module: ANSWERS, export: 'neverAnswers', timeout: 300 }] });
    expect((await engine.fire('Stop', {})).hooks[0]!.status).toBe('timed_out');
    const sleep = uniqueSleep();
    const stuck = createHookEngine({ host, closeTimeout: 100, hooks: [{ id: 'spins', event: 'Stop', type: 'module', module: ANSWERS, export: 'spawnsThenSpins', options: { sleep }, timeout: 60_000 }] });
    const firing = stuck.fire('Stop', {});
    await waitFor(() => livingSleep(sleep));
    await stuck.close();
    expect((await firing).hooks[0]).toMatchObject({ status: 'aborted', error: 'the engine closed before the hook answered' });
    await expectNoneAlive(sleep);
  });

  // The signal and the environment are made only when the hook reads them (workers/module-hook.ts):
  // what the hook sees must be what it saw when they were made for every run. One thread: every
  // run on the same worker, so a run can look at the previous one's context.
  it('context.signal is live while the hook runs and aborted once it answered, even when first read then; context.env has the fire variables', async () => {
    engine = createHookEngine({ host, pool: { threads: 1 }, hooks: [{ id: 'inspects', event: 'Stop', type: 'module', module: ANSWERS, export: 'inspectsLastRun' }] });
    const seen = async (readSignal: boolean) => JSON.parse((await engine!.fire('Stop', { read_signal: readSignal })).systemMessage!);
    expect(await seen(true)).toEqual({ whileRunning: false, previousHeld: null, previousReadNow: null, event: 'Stop' });
    expect(await seen(false)).toEqual({ whileRunning: null, previousHeld: true, previousReadNow: null, event: 'Stop' });
    expect(await seen(false)).toEqual({ whileRunning: null, previousHeld: null, previousReadNow: true, event: 'Stop' });
  });

  it("resolves the module path from the configuration file's folder", async () => {
    const project = tempDir('module-hooks');
    mkdirSync(join(project, '.hookpool', 'hooks'), { recursive: true });
    writeFileSync(join(project, '.hookpool', 'hooks', 'greet.mjs'), 'export default (input) => ({ systemMessage: `hello from ${input.hook_event_name}` });\n');
    const file = join(project, '.hookpool', 'hooks.json');
    writeFileSync(file, JSON.stringify({ hooks: [{ event: 'Stop', type: 'module', module: './hooks/greet.mjs' }] }));
    const config = await loadHooksConfig({ cwd: '/', files: [file], trust: 'all' });
    expect(config.problems).toEqual([]);
    engine = createHookEngine({ host, ...config, cwd: '/' });
    expect((await engine.fire('Stop', {})).systemMessage).toBe('hello from Stop');
    expect(engine.hooks[0]).toMatchObject({ id: 'greet.mjs@Stop', origin: 'config', handler: { kind: 'module', module: './hooks/greet.mjs', exportName: 'default' } });
  });
});

describe('module hook entries', () => {
  it('are validated: a module hook needs "module" and takes no command; a command hook takes no module', () => {
    expect(() => createHookEngine({ hooks: [{ event: 'Stop', type: 'module' }] })).toThrow(/hooks\[0\]: module: a "module" hook needs "module"/);
    expect(() => createHookEngine({ hooks: [{ event: 'Stop', type: 'module', module: './x.mjs', command: 'true' }] })).toThrow(/command: has no effect on a "module" hook/);
    expect(() => createHookEngine({ hooks: [{ event: 'Stop', command: 'true', module: './x.mjs' }] })).toThrow(/module: only used with "type": "module"/);
    expect(() => createHookEngine({ hooks: [{ event: 'Stop', type: 'function' }] })).toThrow(/handler: a "function" hook needs "handler"/);
  });
});

function livingSleep(sleep: string): boolean {
  return livingProcesses(sleep).length > 0;
}

async function waitFor(condition: () => boolean, withinMs = 20_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
