// PROTOCOL.md, "Several hooks on one fire".
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HookEngine } from '../../src/index.js';
import { claudeEngine, engineFor, group, handler, HOSTS, rendezvous, replyJson, respond, settings, shell, workspace } from './kit.js';

const specific = (event: string, fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });

// The precedence hooks, in this config order; each runs for tool names containing its letter after "_".
const precedenceHooks: [string, Record<string, unknown>][] = [
  ['D', specific('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'D says deny' })],
  ['A', specific('PreToolUse', { permissionDecision: 'allow', permissionDecisionReason: 'A says allow' })],
  ['F', specific('PreToolUse', { permissionDecision: 'defer', permissionDecisionReason: 'F says defer' })],
  ['Q', specific('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'Q says ask' })],
  ['B', { decision: 'block', reason: 'B says block' }],
];

// [letters of the hooks that run, winning decision, its reason]
const precedenceCases: [string, string, string][] = [
  ['A', 'allow', 'A says allow'],
  ['AQ', 'ask', 'Q says ask'], //        the stronger one is later in config order
  ['AF', 'defer', 'F says defer'],
  ['QF', 'defer', 'F says defer'], //    the stronger one is earlier in config order
  ['AQF', 'defer', 'F says defer'],
  ['AD', 'deny', 'D says deny'],
  ['FD', 'deny', 'D says deny'],
  ['AQFD', 'deny', 'D says deny'],
  ['AB', 'deny', 'B says block'], //     block counts as deny
  ['QFB', 'deny', 'B says block'],
];

describe.each(HOSTS)('several hooks on one fire, %s host', (host) => {
  it('all matching hooks run in parallel', async () => {
    const ws = await workspace();
    const meeting = ws.path('meeting');
    await mkdir(meeting);
    // Each hook waits until all three are running at once; run one after another, none would succeed.
    const { engine } = await claudeEngine(host, settings({
      PreToolUse: [
        group('Bash', handler(rendezvous(meeting, 'first', 3))),
        group('*', handler(rendezvous(meeting, 'second', 3))),
        group(undefined, handler(rendezvous(meeting, 'third', 3))),
      ],
    }));

    const result = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });

    expect(result.hooks.map((hook) => [hook.status, hook.stdout])).toEqual([['ok', 'met\n'], ['ok', 'met\n'], ['ok', 'met\n']]);
  });

  it("every hook runs to the end: a sibling's deny cancels none of the others", async () => {
    const ws = await workspace();
    const finished = ws.path('finished.log');
    const { engine } = await claudeEngine(host, settings({
      PreToolUse: [group('Bash',
        handler(respond('-e', 'denied at once by exit 2', '-x', '2')),
        handler(respond('-s', '0.6', '-N', 'slow', '-a', finished)),
        handler(replyJson(specific('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'denied at once by JSON' }))),
        handler(respond('-s', '0.3', '-N', 'slower-than-the-denies', '-a', finished, '-o', 'still here')),
      )],
    }));

    const result = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });

    expect(result.blocked).toBe(true);
    expect(result.hooks.map((hook) => hook.status)).toEqual(['exit_nonzero', 'ok', 'ok', 'ok']);
    expect(result.hooks[3]!.stdout).toBe('still here');
    expect((await ws.lines('finished.log')).sort()).toEqual(['slow', 'slower-than-the-denies']);
  });

  describe('precedence', () => {
    let engine: HookEngine;
    beforeAll(async () => {
      ({ engine } = await claudeEngine(host, settings({
        PreToolUse: precedenceHooks.map(([letter, output]) => group(`_.*${letter}`, handler(replyJson(output)))),
      }), {}, 'file'));
    });

    it('deny > defer > ask > allow, and block counts as deny', async () => {
      for (const [letters, decision, reason] of precedenceCases) {
        const result = await engine.fire('PreToolUse', { tool_name: `tool_${letters}`, tool_input: {} });
        expect(result.hooks, letters).toHaveLength(letters.length);
        expect(result, letters).toMatchObject({ decision, reason, blocked: decision === 'deny' });
      }
    });
  });

  it('additionalContext from every hook is kept, joined in config order (not finishing order)', async () => {
    // The first hook waits until the other two have finished, so it finishes last whatever the machine's load.
    const finished = (await workspace()).path('finished.log');
    const { engine } = await claudeEngine(host, settings({
      UserPromptSubmit: [
        group(undefined, handler(respond('-n', '2', '-w', finished, '-o', 'first in config, finishes last'))),
        group(undefined, handler(respond('-o', 'second in config', '-a', finished))),
        group(undefined, handler(respond('-o', JSON.stringify(specific('UserPromptSubmit', { additionalContext: 'third in config, as JSON' })), '-a', finished))),
      ],
    }));

    const result = await engine.fire('UserPromptSubmit', { prompt: 'hi' });

    expect(result.hooks.map((hook) => hook.status)).toEqual(['ok', 'ok', 'ok']);
    expect(result.additionalContext).toBe('first in config, finishes last\nsecond in config\nthird in config, as JSON');
  });

  it('hookpool: when several hooks return updatedInput, the first in config order wins', async () => {
    const rewrite = (command: string) => JSON.stringify(specific('PreToolUse', { permissionDecision: 'allow', updatedInput: { command } }));
    // The first hook answers only once the other two have finished.
    const finished = (await workspace()).path('finished.log');
    const { engine } = await claudeEngine(host, settings({
      PreToolUse: [
        group('Bash', handler(respond('-n', '2', '-w', finished, '-o', rewrite('from the first hook')))),
        group('Bash', handler(respond('-o', rewrite('from the second hook'), '-a', finished))),
        group('Bash', handler(respond('-o', rewrite('from the third hook'), '-a', finished))),
      ],
    }));

    const result = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'original' } });

    expect(result.hooks.map((hook) => hook.status)).toEqual(['ok', 'ok', 'ok']);
    expect(result.updatedInput).toStrictEqual({ command: 'from the first hook' });
  });

  it('text for the model is capped at 10,000 characters and hookpool: textTruncated says which was cut', async () => {
    const ws = await workspace();
    const big = (letter: string) => letter.repeat(12_000);
    const file = async (name: string, value: unknown) => ws.write(`${name}.json`, value);
    const outputs = {
      big: await file('big', {
        systemMessage: big('s'),
        ...specific('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: big('r'), additionalContext: big('c') }),
      }),
      exact: await file('exact', specific('PreToolUse', { additionalContext: 'e'.repeat(10_000) })),
      half1: await file('half1', specific('PreToolUse', { additionalContext: 'h'.repeat(6_000) })),
      half2: await file('half2', specific('PreToolUse', { additionalContext: 'i'.repeat(6_000) })),
      halt: await file('halt', { continue: false, stopReason: big('x') }),
    };
    const { engine } = await claudeEngine(host, settings({
      PreToolUse: [
        group('Big', handler(respond('-f', outputs.big))),
        group('Exact', handler(respond('-f', outputs.exact))),
        group('Joined', handler(respond('-f', outputs.half1)), handler(respond('-f', outputs.half2))),
        group('Halt', handler(respond('-f', outputs.halt))),
      ],
      SessionStart: [group(undefined, handler(respond('-o', 'p'.repeat(10_500))))],
    }));
    const tool = (name: string) => engine.fire('PreToolUse', { tool_name: name, tool_input: {} });

    const bigResult = await tool('Big');
    expect([bigResult.reason, bigResult.additionalContext, bigResult.systemMessage]).toEqual(['r', 'c', 's'].map((letter) => letter.repeat(10_000)));
    expect([...bigResult.textTruncated].sort()).toEqual(['additionalContext', 'reason', 'systemMessage']);

    const exact = await tool('Exact');
    expect(exact.additionalContext).toHaveLength(10_000);
    expect(exact.textTruncated).toEqual([]);

    const joined = await tool('Joined');
    expect(joined.additionalContext).toBe(`${'h'.repeat(6_000)}\n${'i'.repeat(3_999)}`);
    expect(joined.textTruncated).toEqual(['additionalContext']);

    const halt = await tool('Halt');
    expect(halt.stopReason).toBe('x'.repeat(10_000));
    expect(halt.textTruncated).toEqual(['stopReason']);

    const plain = await engine.fire('SessionStart', { source: 'startup' });
    expect(plain.additionalContext).toBe('p'.repeat(10_000));
    expect(plain.textTruncated).toEqual(['additionalContext']);
  });

  it('Stop hooks that keep blocking are released after 8 consecutive blocks; stop_hook_active is true after the first', async () => {
    const ws = await workspace();
    const { engine } = await claudeEngine(host, settings({
      Stop: [group(undefined, handler(respond('-i', ws.path('inputs.log'), '-e', 'tests still fail', '-x', '2')))],
    }));

    const results = [];
    for (let fire = 1; fire <= 10; fire++) results.push(await engine.fire('Stop', {}));

    expect(results.map((result) => result.blocked)).toEqual([true, true, true, true, true, true, true, true, false, true]);
    expect(results[8]).toMatchObject({ blocked: false, decision: null, reason: null });
    expect(results[7]).toMatchObject({ blocked: true, decision: 'block', reason: 'tests still fail' });
    // The 10th fire starts a new loop: the agent was let go after the 9th.
    expect((await ws.inputs('inputs.log')).map((input) => input.stop_hook_active)).toEqual([false, true, true, true, true, true, true, true, true, false]);
  });

  it('the Stop loop limit is configurable (engine option maxStopBlocks) and counts consecutive blocks only', async () => {
    const ws = await workspace();
    const done = ws.path('done');
    const { engine } = await claudeEngine(host, settings({
      SubagentStop: [group(undefined, handler(`test -e ${shell(done)} || ${respond('-i', ws.path('inputs.log'), '-e', 'not finished', '-x', '2')}`))],
    }), { maxStopBlocks: 2 });
    const fire = () => engine.fire('SubagentStop', { agent_type: 'Explore' });

    const blocked: boolean[] = [];
    blocked.push((await fire()).blocked, (await fire()).blocked);
    await writeFile(done, '');
    blocked.push((await fire()).blocked); // a pass ends the run of blocks
    await rm(done);
    blocked.push((await fire()).blocked, (await fire()).blocked, (await fire()).blocked);

    expect(blocked).toEqual([true, true, false, true, true, false]);
    expect((await ws.inputs('inputs.log')).map((input) => input.stop_hook_active)).toEqual([false, true, false, true, true]);
  });

  it("sequential mode: by priority, each hook's updatedInput becomes the next hook's tool_input", async () => {
    const ws = await workspace();
    const log = ws.path('inputs.log');
    const rewrite = (command: string) => JSON.stringify(specific('PreToolUse', { permissionDecision: 'allow', updatedInput: { command } }));
    const file = await ws.write('hooks.json', {
      hooks: [
        { id: 'second', event: 'PreToolUse', matcher: 'Bash', sequential: true, priority: 20, command: respond('-i', log, '-o', rewrite('npm test -- --from-second')) },
        { id: 'third', event: 'PreToolUse', matcher: 'Bash', sequential: true, priority: 10, command: respond('-i', log) },
        { id: 'first', event: 'PreToolUse', matcher: 'Bash', sequential: true, priority: 30, command: respond('-s', '0.2', '-i', log, '-o', rewrite('npm test -- --from-first')) },
      ],
    });
    const config = await ws.load({ files: [file] });
    expect(config.problems).toEqual([]);
    const engine = engineFor(host, ws, config);

    const result = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'npm test' } });

    // The log is in run order: first (slow, but first by priority: higher runs first), second, third.
    expect((await ws.inputs('inputs.log')).map((input) => input.tool_input)).toEqual([
      { command: 'npm test' },
      { command: 'npm test -- --from-first' },
      { command: 'npm test -- --from-second' },
    ]);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['second', 'third', 'first']);
    expect(result.updatedInput).toStrictEqual({ command: 'npm test -- --from-second' });
  });
});
