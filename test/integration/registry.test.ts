// The engine as a registry (Wundr's API): register, unregister, setEnabled, hooksFor, hookCount,
// priority (higher first) and origin; changes apply from the next fire. And `type: "function"`
// hooks: the agent's callback, bounded by its timeout.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, HookpoolError, type HookEngine } from '../../src/index.js';
import { HOSTS } from '../helpers/hosts.js';

const MODULES = new URL('../fixtures/modules/', import.meta.url).pathname;
const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command } });
const reply = (answer: object) => `printf '%s' '${JSON.stringify(answer)}'`;

/** A pino logger whose lines land in `lines`. */
function capturingLogger(lines: { level: number; msg: string }[]) {
  return pino({ level: 'debug' }, new Writable({ write(chunk, _encoding, done) {
    lines.push(JSON.parse(String(chunk)));
    done();
  } }));
}

describe.each(HOSTS)('the registry on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it('register() adds a hook for the next fire; unregister() removes it; hookCount and hooks follow', async () => {
    engine = createHookEngine({ host, hooks: [{ id: 'from-config', event: 'Stop', command: reply({ systemMessage: 'config' }) }] });
    expect(engine.hookCount).toBe(1);
    const added = engine.register({ id: 'late', event: 'Stop', command: reply({ systemMessage: 'late' }), env: { set: { LATE_VAR: 'yes' } } });
    expect(added).toMatchObject({ id: 'late', origin: 'api', event: 'Stop', enabled: true });
    expect(engine.hookCount).toBe(2);
    expect((await engine.fire('Stop', {})).systemMessage).toBe('config\nlate');
    expect(engine.unregister('late')).toBe(true);
    expect(engine.unregister('late')).toBe(false);
    expect(engine.hookCount).toBe(1);
    expect((await engine.fire('Stop', {})).systemMessage).toBe('config');
    expect(engine.hooks.map((hook) => [hook.id, hook.origin])).toEqual([['from-config', 'config']]);
  });

  it('a hook registered after the pool started gets its own environment, and its fire variables', async () => {
    engine = createHookEngine({ host, env: { PATH: process.env.PATH, SHARED: 'agent' }, hooks: [{ event: 'Stop', command: 'true' }] });
    await engine.fire('Stop', {});
    engine.register({ id: 'env', event: 'Notification', command: 'env', env: { set: { LATE_VAR: 'yes' } } });
    const [hook] = (await engine.fire('Notification', { message: 'hi' })).hooks;
    const env = Object.fromEntries(hook!.stdout.trim().split('\n').map((line) => line.split(/=(.*)/s).slice(0, 2)));
    expect(env).toMatchObject({ LATE_VAR: 'yes', SHARED: 'agent', HOOKPOOL_EVENT: 'Notification' });
    // On the process host it also carries the sandbox's marker, by which its processes are found should the sandbox die.
    if (host === 'process') expect(env.HOOKPOOL_SANDBOX_ID).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('two function hooks with different callbacks are two hooks; the same callback twice is one', async () => {
    const first = () => ({ systemMessage: 'first' });
    const second = () => ({ systemMessage: 'second' });
    engine = createHookEngine({ host, hooks: [
      { event: 'Stop', type: 'function', handler: first },
      { event: 'Stop', type: 'function', handler: second },
      { event: 'Stop', type: 'function', handler: first },
    ] });
    expect(engine.hooks.map((hook) => hook.id)).toEqual(['function@Stop', 'function@Stop-2']);
    expect((await engine.fire('Stop', {})).systemMessage).toBe('first\nsecond');
  });

  it('a duplicate id replaces the earlier hook, with a warning (Wundr)', async () => {
    const lines: { level: number; msg: string }[] = [];
    engine = createHookEngine({ host, logger: capturingLogger(lines), hooks: [{ id: 'guard', event: 'PreToolUse', command: reply({ decision: 'block', reason: 'old' }) }] });
    engine.register({ id: 'guard', event: 'PreToolUse', command: reply({ decision: 'block', reason: 'new' }) });
    expect(engine.hookCount).toBe(1);
    expect((await engine.fire('PreToolUse', bash('ls'))).reason).toBe('new');
    expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toContain('register(): a hook with id "guard" exists; the new one replaces it');
  });

  it('setEnabled() switches a hook off and on for the next fire; false for an unknown id', async () => {
    engine = createHookEngine({ host, hooks: [{ id: 'guard', event: 'PreToolUse', command: reply({ decision: 'block', reason: 'no' }) }] });
    expect(engine.setEnabled('guard', false)).toBe(true);
    expect(engine.has('PreToolUse')).toBe(false);
    expect((await engine.fire('PreToolUse', bash('ls'))).blocked).toBe(false);
    expect(engine.setEnabled('guard', true)).toBe(true);
    expect((await engine.fire('PreToolUse', bash('ls'))).blocked).toBe(true);
    expect(engine.setEnabled('nobody', true)).toBe(false);
    expect(engine.hookCount).toBe(1);
  });

  it('hooksFor() lists the enabled hooks of an event (name or alias) by priority, higher first; sequential hooks run in that order', async () => {
    engine = createHookEngine({ host, hooks: [
      { id: 'low', event: 'PreToolUse', priority: -100, sequential: true, command: reply({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'low' } } }) },
      { id: 'plain', event: 'PreToolUse', command: 'true' },
      { id: 'off', event: 'PreToolUse', enabled: false, command: 'true' },
    ] });
    engine.register({ id: 'safety', event: 'PreToolUse', priority: 1000, sequential: true, command: reply({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'safety' } } }) });
    expect(engine.hooksFor('PreToolUse').map((hook) => hook.id)).toEqual(['safety', 'plain', 'low']);
    expect(engine.hooksFor('tool.pre').map((hook) => hook.id)).toEqual(['safety', 'plain', 'low']);
    expect(engine.hooksFor('Stop')).toEqual([]);
    expect(() => engine!.hooksFor('PreToolUs')).toThrow(expect.objectContaining({ code: 'ERR_HOOKPOOL_UNKNOWN_EVENT' }));
    // The chain runs safety, then low: low's rewrite is the last, so it is the answer.
    expect((await engine.fire('PreToolUse', bash('ls'))).updatedInput).toEqual({ command: 'low' });
  });

  it('keeps the zero-cost no-match path: an event nobody listens to answers with the shared settled result', async () => {
    engine = createHookEngine({ host, hooks: [] });
    engine.register({ id: 'stop', event: 'Stop', command: 'true' });
    const first = engine.fire('Notification', { message: 'a' });
    expect(engine.fire('Notification', { message: 'b' })).toBe(first);
    expect((await first).hooks).toEqual([]);
    engine.unregister('stop');
    expect(engine.fire('Stop', {})).toBe(engine.fire('Stop', {}));
  });

  it('validates what it registers, one line per problem, and refuses after close()', async () => {
    engine = createHookEngine({ host });
    expect(() => engine!.register({ id: 'bad', event: 'PreToolUse', command: 'true', timeout: -1 } as never)).toThrow(/^register\("bad"\): timeout: /);
    expect(() => engine!.register({ event: 'NoSuchEvent', command: 'true' })).toThrow(expect.objectContaining({ code: 'ERR_HOOKPOOL_INVALID_CONFIG' }));
    expect(() => engine!.register(null as never)).toThrow(HookpoolError);
    expect(engine.hookCount).toBe(0);
    await engine.close();
    expect(() => engine!.register({ event: 'Stop', command: 'true' })).toThrow(expect.objectContaining({ code: 'ERR_HOOKPOOL_CLOSED' }));
  });

  it('registers module hooks, named after their module when no id is given', async () => {
    engine = createHookEngine({ host });
    const hook = engine.register({ event: 'PreToolUse', type: 'module', module: `${MODULES}answers.mjs`, options: { why: 'registered' } });
    expect(hook.id).toBe('answers.mjs@PreToolUse');
    expect((await engine.fire('PreToolUse', bash('rm -rf x'))).reason).toBe('no rm (registered)');
  });
});

describe.each(HOSTS)('function hooks on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it("answer like a command hook's JSON stdout, with the hook input and their event and id", async () => {
    engine = createHookEngine({ host, hooks: [{ event: 'PreToolUse', command: 'true' }] });
    const seen: unknown[] = [];
    engine.register({ id: 'fn', event: 'PreToolUse', type: 'function', handler: async (input, context) => {
      seen.push([input.tool_name, context.event, context.hookId, context.signal.aborted]);
      return { decision: 'block', reason: `no ${(input.tool_input as { command: string }).command}` };
    } });
    expect(await engine.fire('PreToolUse', bash('ls'))).toMatchObject({ blocked: true, reason: 'no ls' });
    expect(seen).toEqual([['Bash', 'PreToolUse', 'fn', false]]);
  });

  it('a throw is a crash (onError decides); a callback that never answers is abandoned at its timeout, timed_out', async () => {
    engine = createHookEngine({ host });
    engine.register({ id: 'throws', event: 'PreToolUse', type: 'function', handler: () => {
      throw new Error('oops');
    } });
    let aborted: boolean | undefined;
    engine.register({ id: 'silent', event: 'Stop', type: 'function', timeout: 200, handler: (_input, context) => new Promise(() => {
      context.signal.addEventListener('abort', () => (aborted = true));
    }) });
    const crashed = await engine.fire('PreToolUse', bash('ls'));
    expect(crashed).toMatchObject({ blocked: true });
    expect(crashed.failures).toEqual([{ id: 'throws', status: 'crashed', exitCode: null, message: 'crashed: oops', onError: 'closed' }]);
    const silent = await engine.fire('Stop', {});
    expect(silent.hooks[0]).toMatchObject({ id: 'silent', status: 'timed_out', error: 'gave no answer within 200 ms' });
    expect(aborted).toBe(true);
  });

  it('get a copy of the input: changing it changes nothing for other hooks', async () => {
    engine = createHookEngine({ host, hooks: [{ id: 'cat', event: 'PreToolUse', command: 'cat' }] });
    engine.register({ id: 'meddler', event: 'PreToolUse', type: 'function', handler: (input) => {
      (input.tool_input as { command: string }).command = 'changed';
    } });
    const payload = bash('ls');
    const result = await engine.fire('PreToolUse', payload);
    expect(JSON.parse(result.hooks[0]!.stdout).tool_input).toEqual({ command: 'ls' });
    expect(payload.tool_input.command).toBe('ls');
  });

  it('close() abandons a function hook still running: it settles as aborted', async () => {
    engine = createHookEngine({ host, closeTimeout: 50 });
    engine.register({ id: 'forever', event: 'Stop', type: 'function', handler: () => new Promise(() => {}) });
    const firing = engine.fire('Stop', {});
    await engine.close();
    expect((await firing).hooks[0]).toMatchObject({ status: 'aborted', error: 'the engine closed before the hook answered' });
  });
});
