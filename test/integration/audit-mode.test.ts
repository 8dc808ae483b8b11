// Audit mode (`enforce: false`) through the engine and real hook processes: the hook runs, what it
// would have done is in FireResult.audited and onHookSettled's wouldBlock, and none of it applies.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine, type HookSettled } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dirs.js';

const REFUSE = "echo 'rm -rf is not allowed' >&2; exit 2";
const json = (value: unknown) => `echo '${JSON.stringify(value)}'`;
const rmCall = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

function auditEngine(hooks: Record<string, unknown>[], observers: { settled?: HookSettled[] } = {}, extra: Record<string, unknown> = {}): HookEngine {
  engine = createHookEngine({ host: 'thread', hooks, onHookSettled: (settled) => observers.settled?.push(settled), ...extra });
  return engine;
}

describe('audit mode', () => {
  it('runs a refusing hook without applying its refusal; FireResult.audited and onHookSettled say it would block', async () => {
    const settled: HookSettled[] = [];
    auditEngine([
      { id: 'guard', event: 'PreToolUse', command: REFUSE, enforce: false },
      { id: 'context', event: 'PreToolUse', command: json({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'enforced context' } }) },
    ], { settled });

    const result = await engine!.fire('PreToolUse', rmCall);

    expect(result).toMatchObject({ blocked: false, decision: null, reason: null, decidedBy: [], additionalContext: 'enforced context' });
    expect(result.hooks.map((outcome) => [outcome.id, outcome.status, outcome.exitCode])).toEqual([['guard', 'exit_nonzero', 2], ['context', 'ok', 0]]);
    expect(result.audited).toEqual([{ id: 'guard', wouldBlock: true, answer: { decision: 'deny', reason: 'rm -rf is not allowed' } }]);
    // Reported as they settle; one in audit mode once the merge says whether it would block.
    expect(settled.map(({ outcome, wouldBlock }) => [outcome.id, wouldBlock]).sort()).toEqual([['context', undefined], ['guard', true]]);
  });

  it('applies no rewrite, context or stop of an audited hook, and records what it would have done', async () => {
    const settled: HookSettled[] = [];
    auditEngine([
      { id: 'rewriter', event: 'PreToolUse', enforce: false,
        command: json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'ls' }, additionalContext: 'audited context' } }) },
      { id: 'stopper', event: 'PreToolUse', enforce: false, command: json({ continue: false, stopReason: 'enough' }) },
      { id: 'allowed', event: 'PreToolUse', command: 'exit 0' },
    ], { settled });

    const result = await engine!.fire('PreToolUse', rmCall);

    expect(result).toMatchObject({ blocked: false, decision: null, updatedInput: null, additionalContext: null, continue: true, stopReason: null });
    expect(result.audited).toEqual([
      { id: 'rewriter', wouldBlock: false, answer: { decision: 'allow', updatedInput: { command: 'ls' }, additionalContext: 'audited context' } },
      { id: 'stopper', wouldBlock: true, answer: { continue: false, stopReason: 'enough' } },
    ]);
    expect(settled.map(({ outcome, wouldBlock }) => [outcome.id, wouldBlock]).sort()).toEqual([['allowed', undefined], ['rewriter', false], ['stopper', true]]);
  });

  it('leaves an audited step of a chain out of the waterfall: the next step gets the input as it was', async () => {
    auditEngine([
      { id: 'first', event: 'PreToolUse', sequential: true, priority: 2, enforce: false,
        command: `cat >/dev/null; ${json({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'rewritten' } } })}` },
      { id: 'second', event: 'PreToolUse', sequential: true, priority: 1, command: 'cat >&2' },
    ]);

    const result = await engine!.fire('PreToolUse', rmCall);
    const secondInput = JSON.parse(result.hooks.find((outcome) => outcome.id === 'second')!.stderr);

    expect(secondInput.tool_input).toEqual({ command: 'rm -rf /' });
    expect(result.updatedInput).toBeNull();
    expect(result.audited).toEqual([{ id: 'first', wouldBlock: false, answer: { updatedInput: { command: 'rewritten' } } }]);
  });

  it('does not refuse when an audited guard times out (PreToolUse fails closed): the failure is reported as audit, and it would block', async () => {
    const pidFile = join(tempDir('audit'), 'pid');
    const settled: HookSettled[] = [];
    auditEngine([{ id: 'slow', event: 'PreToolUse', enforce: false, timeout: 300, command: `echo $$ > ${pidFile}; exec sleep 30` }], { settled });

    const result = await engine!.fire('PreToolUse', rmCall);
    const pid = Number(await readFile(pidFile, 'utf8'));

    expect(result).toMatchObject({ blocked: false, decision: null, reason: null });
    expect(result.failures).toEqual([expect.objectContaining({ id: 'slow', status: 'timed_out', onError: 'closed', audit: true })]);
    expect(result.audited).toEqual([{ id: 'slow', wouldBlock: true, answer: { decision: 'deny', reason: expect.stringContaining('"slow" timed out') } }]);
    expect(settled[0]).toMatchObject({ wouldBlock: true, outcome: { status: 'timed_out' } });
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });

  it('keeps an audited hook out of its protocol\'s group merge (Wundr): its block applies nowhere', async () => {
    auditEngine([
      { id: 'wundr-guard', event: 'PreToolUse', protocol: 'wundr', enforce: false, command: `cat >/dev/null; ${json({ block: true, blockReason: 'audited block' })}` },
      { id: 'wundr-quiet', event: 'PreToolUse', protocol: 'wundr', command: `cat >/dev/null; ${json({})}` },
    ]);

    const result = await engine!.fire('PreToolUse', rmCall);

    expect(result.blocked).toBe(false);
    expect(result.audited).toEqual([{ id: 'wundr-guard', wouldBlock: true, answer: expect.objectContaining({ decision: 'deny', reason: 'audited block' }) }]);
  });

  it('delivers nothing of an audited background hook: no async answer, no wake-up; it is recorded as not blocking', async () => {
    const settled: HookSettled[] = [];
    const delivered: unknown[] = [];
    auditEngine([
      { id: 'note', event: 'PostToolUse', background: true, enforce: false, command: json({ systemMessage: 'from the background' }) },
      { id: 'waker', event: 'PostToolUse', asyncRewake: true, enforce: false, command: 'echo wake up >&2; exit 2' },
    ], { settled }, { onAsyncAnswer: (answer: unknown) => delivered.push(answer), onRewake: (rewake: unknown) => delivered.push(rewake) });

    await engine!.fire('PostToolUse', { ...rmCall, tool_response: {} });
    await engine!.close();

    expect(delivered).toEqual([]);
    expect(settled.map(({ outcome, background, wouldBlock }) => [outcome.id, background, wouldBlock]).sort()).toEqual([['note', true, false], ['waker', true, false]]);
  });
});
