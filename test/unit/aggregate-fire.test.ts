import { describe, expect, it } from 'vitest';
import { aggregateFire } from '../../src/aggregate/aggregate-fire.js';
import { emptyFireResult } from '../../src/model/fire-result.js';
import type { ExitCodeRule } from '../../src/model/hook-definition.js';
import { EVENT_SPECS, type EventName } from '../../src/events/event-specs.js';
import type { HookOutcome } from '../../src/model/hook-outcome.js';

type Answer = { id: string; exitCode?: number; stdout?: unknown; stderr?: string };

function outcome({ id, exitCode = 0, stdout = '', stderr = '' }: Answer): HookOutcome {
  const text = typeof stdout === 'string' ? stdout : JSON.stringify(stdout);
  return { id, status: exitCode === 0 ? 'ok' : 'exit_nonzero', exitCode, signal: null, durationMs: 1, stdout: text, stderr, truncated: false };
}

/** Fires `event` with hooks answering as given, in config order, all under the Claude rule. */
function fire(event: EventName, answers: Answer[], exitCodes: ExitCodeRule[] = answers.map(() => 'claude')) {
  const result = aggregateFire(EVENT_SPECS[event], exitCodes.map((rule) => ({ exitCodes: rule, onError: 'open' as const })), answers.map(outcome));
  return { result, warnings: result.hookErrors.map(({ id, message }) => `hook "${id}": ${message}`) };
}

const pre = (permissionDecision: string, extra: Record<string, unknown> = {}) => ({
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision, ...extra },
});

describe('aggregateFire: precedence', () => {
  it('deny beats defer, ask and allow whatever the config order', () => {
    const { result } = fire('PreToolUse', [
      { id: 'a', stdout: pre('allow') },
      { id: 'b', stdout: pre('ask') },
      { id: 'c', stdout: pre('defer') },
      { id: 'd', stdout: pre('deny', { permissionDecisionReason: 'no' }) },
    ]);
    expect(result).toMatchObject({ decision: 'deny', blocked: true, reason: 'no' });
  });
  it('defer beats ask, and ask beats allow', () => {
    expect(fire('PreToolUse', [{ id: 'a', stdout: pre('ask') }, { id: 'b', stdout: pre('defer') }]).result.decision).toBe('defer');
    expect(fire('PreToolUse', [{ id: 'a', stdout: pre('allow') }, { id: 'b', stdout: pre('ask') }]).result.decision).toBe('ask');
  });
  it('counts an exit-2 block as deny against an allow', () => {
    const { result } = fire('PreToolUse', [{ id: 'a', stdout: pre('allow') }, { id: 'b', exitCode: 2, stderr: 'nope' }]);
    expect(result).toMatchObject({ decision: 'deny', blocked: true, reason: 'nope' });
  });
  it('does not block on ask, defer or allow', () => {
    for (const decision of ['ask', 'defer', 'allow']) {
      expect(fire('PreToolUse', [{ id: 'a', stdout: pre(decision) }]).result.blocked).toBe(false);
    }
  });
  it('joins the reasons of every hook with the winning decision in config order', () => {
    const { result } = fire('PreToolUse', [
      { id: 'a', exitCode: 2, stderr: 'first' },
      { id: 'b', stdout: pre('ask', { permissionDecisionReason: 'not a winner' }) },
      { id: 'c', stdout: pre('deny', { permissionDecisionReason: 'second' }) },
    ]);
    expect(result.reason).toBe('first\nsecond');
  });
});

describe('aggregateFire: what blocked means per effect', () => {
  it('blocks a blocking event on decision "block"', () => {
    for (const event of ['UserPromptSubmit', 'Stop', 'SubagentStop', 'PreCompact'] as const) {
      expect(fire(event, [{ id: 'a', stdout: { decision: 'block', reason: 'r' } }]).result).toMatchObject({ blocked: true, decision: 'block', reason: 'r' });
    }
  });
  it('feeds a block back on a feedback event without blocking', () => {
    const { result } = fire('PostToolUse', [{ id: 'a', exitCode: 2, stderr: 'tests fail' }]);
    expect(result).toMatchObject({ blocked: false, decision: 'block', reason: 'tests fail' });
  });
  it('blocks a PermissionRequest whose winning behavior is deny', () => {
    const stdout = { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'm' } } };
    expect(fire('PermissionRequest', [{ id: 'a', stdout }]).result).toMatchObject({ blocked: true, decision: 'deny', reason: 'm' });
  });
  it('never blocks an observational event', () => {
    expect(fire('SessionEnd', [{ id: 'a', exitCode: 2, stderr: 'x' }]).result).toMatchObject({ blocked: false, decision: null });
  });
});

describe('aggregateFire: continue false', () => {
  it('wins over every decision, stops the agent and holds the action back', () => {
    const { result } = fire('PreToolUse', [
      { id: 'a', stdout: pre('allow') },
      { id: 'b', stdout: { continue: false, stopReason: 'budget spent' } },
      { id: 'c', stdout: { continue: false, stopReason: 'and more' } },
    ]);
    expect(result).toMatchObject({ continue: false, stopReason: 'budget spent\nand more', blocked: true });
  });
  it('cancels a Stop block, since the block would keep the agent running', () => {
    const { result } = fire('Stop', [{ id: 'a', stdout: { decision: 'block', reason: 'keep going' } }, { id: 'b', stdout: { continue: false } }]);
    expect(result).toMatchObject({ continue: false, blocked: false, decision: null, reason: null });
  });
});

describe('aggregateFire: merged fields', () => {
  it('joins additionalContext from all hooks in config order', () => {
    const { result } = fire('UserPromptSubmit', [
      { id: 'a', stdout: 'plain one' },
      { id: 'b', stdout: { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'json two' } } },
      { id: 'c', stdout: '' },
      { id: 'd', stdout: 'plain three' },
    ]);
    expect(result.additionalContext).toBe('plain one\njson two\nplain three');
  });
  it('keeps the first updatedInput in config order', () => {
    const { result } = fire('PreToolUse', [
      { id: 'a', stdout: pre('allow') },
      { id: 'b', stdout: pre('allow', { updatedInput: { command: 'second' } }) },
      { id: 'c', stdout: pre('allow', { updatedInput: { command: 'third' } }) },
    ]);
    expect(result.updatedInput).toEqual({ command: 'second' });
  });
  it('keeps the first updatedToolOutput in config order', () => {
    const post = (value: unknown) => ({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: value } });
    expect(fire('PostToolUse', [{ id: 'a', stdout: post('one') }, { id: 'b', stdout: post('two') }]).result.updatedToolOutput).toBe('one');
  });
  it('joins systemMessage in config order', () => {
    const { result } = fire('PostToolUse', [{ id: 'a', stdout: { systemMessage: 'x' } }, { id: 'b', stdout: { systemMessage: 'y' } }]);
    expect(result.systemMessage).toBe('x\ny');
  });
  it('collects every hook warning in config order and keeps the outcomes', () => {
    const answers = [{ id: 'a', stdout: '{bad}' }, { id: 'b', stdout: { systemMessage: 7 } }];
    const { result, warnings } = fire('PostToolUse', answers);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^hook "a"/);
    expect(warnings[1]).toMatch(/^hook "b"/);
    expect(result.hooks.map((hook) => hook.id)).toEqual(['a', 'b']);
  });
  it('applies each hook its own exit-code rule, index-aligned with the outcomes', () => {
    const answers = [{ id: 'a', exitCode: 1, stderr: 'lenient' }, { id: 'b', exitCode: 1, stderr: 'strict' }];
    const { result } = fire('PreToolUse', answers, ['claude', 'any-nonzero-blocks']);
    expect(result).toMatchObject({ blocked: true, decision: 'deny', reason: 'strict' });
  });
  it('matches the empty result when no hook says anything', () => {
    const { result } = fire('PreToolUse', [{ id: 'a' }]);
    expect({ ...result, hooks: [] }).toEqual({ ...emptyFireResult('PreToolUse'), hooks: [] });
  });
});

describe('aggregateFire: text caps', () => {
  it('cuts model text at 10,000 characters and names the cut fields', () => {
    const long = 'x'.repeat(6_000);
    const { result } = fire('UserPromptSubmit', [
      { id: 'a', stdout: long },
      { id: 'b', stdout: long },
      { id: 'c', stdout: { systemMessage: 'short' } },
    ]);
    expect(result.additionalContext).toHaveLength(10_000);
    expect(result.textTruncated).toEqual(['additionalContext']);
    expect(result.systemMessage).toBe('short');
  });
  it('caps reason, systemMessage and stopReason too', () => {
    const long = 'y'.repeat(10_001);
    const blocked = fire('Stop', [{ id: 'a', exitCode: 2, stderr: long }]).result;
    expect(blocked.reason).toHaveLength(10_000);
    expect(blocked.textTruncated).toEqual(['reason']);
    const stopped = fire('PostToolUse', [{ id: 'a', stdout: { continue: false, stopReason: long, systemMessage: long } }]).result;
    expect([stopped.stopReason?.length, stopped.systemMessage?.length]).toEqual([10_000, 10_000]);
    expect(stopped.textTruncated).toEqual(['stopReason', 'systemMessage']);
  });
  it('never splits a surrogate pair when cutting', () => {
    const text = 'a'.repeat(9_999) + '😀';
    const { result } = fire('SessionStart', [{ id: 'a', stdout: text }]);
    expect(result.additionalContext).toBe('a'.repeat(9_999));
    expect(result.textTruncated).toEqual(['additionalContext']);
  });
  it('reports nothing truncated normally', () => {
    expect(fire('SessionStart', [{ id: 'a', stdout: 'short' }]).result.textTruncated).toEqual([]);
    expect(emptyFireResult('SessionStart').textTruncated).toEqual([]);
  });
});
