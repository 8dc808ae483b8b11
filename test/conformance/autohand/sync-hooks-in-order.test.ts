// Autohand docs, "Sync vs Async" and "Response Fields": a sync hook (the default) blocks until it
// completes, so the sync hooks of an event run one after another in config order; a hook answering
// `{"continue": false, "stopReason": ...}` stops execution, and the hooks after it do not run.
import { describe, expect, it } from 'vitest';
import { HOSTS, replyJson, respond, workspace } from '../kit.js';
import { autohandProject } from './autohand-kit.js';

describe.each(HOSTS)('Autohand sync hooks, %s host', (host) => {
  it('sync hooks run one at a time, in config order: a slow first hook finishes before the second starts', async () => {
    const ws = await workspace();
    const log = ws.path('order.log');
    const { engine } = await autohandProject(host, [
      { event: 'pre-tool', command: respond('-N', 'first started', '-a', log, '-s', '0.4', '-N', 'first done', '-a', log), description: 'slow logger' },
      { event: 'pre-tool', command: respond('-N', 'second started', '-a', log), description: 'fast logger' },
    ], {}, ws);

    const result = await engine.fire('pre-tool', { tool_name: 'run_command', tool_input: { command: 'ls' } });

    expect(result.hooks.map((hook) => hook.status)).toEqual(['ok', 'ok']);
    expect(await ws.lines('order.log')).toEqual(['first started', 'first done', 'second started']);
  });

  it('continue: false stops the hooks after it: they never run, and the answer says stop with its stopReason', async () => {
    const ws = await workspace();
    const log = ws.path('ran.log');
    const { engine } = await autohandProject(host, [
      { event: 'pre-prompt', command: respond('-N', 'before', '-a', log) },
      { event: 'pre-prompt', command: replyJson({ continue: false, stopReason: 'Budget exhausted for today' }) },
      { event: 'pre-prompt', command: respond('-N', 'after', '-a', log) },
    ], {}, ws);

    const result = await engine.fire('pre-prompt', { prompt: 'add tests' });

    expect(result).toMatchObject({ continue: false, stopReason: 'Budget exhausted for today', blocked: true });
    expect(result.hooks).toHaveLength(2);
    expect(await ws.lines('ran.log')).toEqual(['before']);
  });

  it('an async hook is not part of the order: it runs beside the sync ones, even after a continue: false', async () => {
    const ws = await workspace();
    const log = ws.path('async.log');
    const { engine } = await autohandProject(host, [
      { event: 'stop', command: replyJson({ continue: false, stopReason: 'done for now' }) },
      { event: 'stop', command: respond('-N', 'async ran', '-a', log), async: true },
    ], {}, ws);

    const result = await engine.fire('stop', { tokens_used: 10 });
    await engine.close();

    expect(result.hooks).toHaveLength(1);
    expect(await ws.lines('async.log')).toEqual(['async ran']);
  });
});
