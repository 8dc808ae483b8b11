// How each seed protocol's hooks answer: exit codes and result shapes, read by the hook's protocol.
import { describe, expect, it } from 'vitest';
import { aggregateFire } from '../../src/aggregate/aggregate-fire.js';
import { readHookAnswer, type AnswerRules } from '../../src/aggregate/read-hook-protocol-output.js';
import { EVENT_SPECS } from '../../src/events/event-specs.js';
import type { HookOutcome } from '../../src/model/hook-outcome.js';

const { PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop, Notification, PermissionRequest, PreCompact, SubagentStart } = EVENT_SPECS;

function outcome(fields: Partial<HookOutcome>): HookOutcome {
  const exitCode = fields.exitCode ?? 0;
  return { id: 'h1', status: exitCode === 0 ? 'ok' : 'exit_nonzero', exitCode, signal: null, durationMs: 1, stdout: '', stderr: '', truncated: false, ...fields };
}

const rules = (protocol: AnswerRules['protocol'], extra: Partial<AnswerRules> = {}): AnswerRules => ({ exitCodes: 'claude', onError: 'open', protocol, ...extra });
const json = (value: unknown) => JSON.stringify(value);

describe('Autohand answers', () => {
  const autohand = rules('autohand');

  it('exit 2 blocks with stderr, or "Hook blocked execution"; JSON on stdout is not read then', () => {
    const verdict = readHookAnswer(PreToolUse, outcome({ exitCode: 2, stderr: 'no rm\n', stdout: json({ decision: 'allow', reason: 'fine' }) }), autohand);
    expect(verdict).toMatchObject({ decision: 'deny', reason: 'no rm' });
    expect(readHookAnswer(PreToolUse, outcome({ exitCode: 2 }), autohand)).toMatchObject({ decision: 'deny', reason: 'Hook blocked execution' });
    expect(readHookAnswer(Stop, outcome({ exitCode: 2, stderr: 'tests fail' }), autohand)).toMatchObject({ decision: 'block', reason: 'tests fail' });
  });

  it('any other non-zero exit does not block, and its JSON is not read', () => {
    const verdict = readHookAnswer(PreToolUse, outcome({ exitCode: 1, stdout: json({ decision: 'deny', reason: 'x' }) }), autohand);
    expect(verdict.decision).toBeNull();
    expect(verdict.errors).toEqual(['failed with exit code 1 (a non-blocking error: the action proceeds)']);
  });

  it('exit 0: its response fields decision, reason, continue, stopReason, updatedInput, additionalContext', () => {
    const answer = { decision: 'ask', reason: 'check', updatedInput: { command: 'ls -la' }, additionalContext: 'ctx', systemMessage: 'not Autohand', hookSpecificOutput: { permissionDecision: 'allow' } };
    const verdict = readHookAnswer(PreToolUse, outcome({ stdout: json(answer) }), autohand);
    expect(verdict).toMatchObject({ decision: 'ask', reason: 'check', updatedInput: { command: 'ls -la' }, additionalContext: 'ctx', systemMessage: null });
    const stop = readHookAnswer(UserPromptSubmit, outcome({ stdout: json({ continue: false, stopReason: 'enough' }) }), autohand);
    expect(stop).toMatchObject({ continue: false, stopReason: 'enough' });
  });

  it('plain stdout is never context (Autohand reads only a JSON object)', () => {
    expect(readHookAnswer(SessionStart, outcome({ stdout: 'branch main' }), autohand).additionalContext).toBeNull();
    expect(readHookAnswer(SessionStart, outcome({ stdout: 'branch main' }), rules('claude')).additionalContext).toBe('branch main');
  });
});

describe('Opta answers', () => {
  const opta = rules('opta', { exitCodes: 'any-nonzero-blocks' });

  it('any non-zero exit of a tool.pre hook cancels the tool: stderr, or "Hook exited with non-zero status"', () => {
    expect(readHookAnswer(PreToolUse, outcome({ exitCode: 1, stderr: 'rm -rf is blocked\n' }), opta)).toMatchObject({ decision: 'deny', reason: 'rm -rf is blocked' });
    expect(readHookAnswer(PreToolUse, outcome({ exitCode: 3 }), opta)).toMatchObject({ decision: 'deny', reason: 'Hook exited with non-zero status' });
  });

  it('stdout is never read, and other events ignore the exit code', () => {
    expect(readHookAnswer(PreToolUse, outcome({ stdout: json({ decision: 'deny', reason: 'x' }) }), opta).decision).toBeNull();
    expect(readHookAnswer(SessionStart, outcome({ stdout: 'context?' }), opta).additionalContext).toBeNull();
    const post = readHookAnswer(PostToolUse, outcome({ exitCode: 1, stderr: 'lint' }), opta);
    expect(post.decision).toBeNull();
    expect(post.errors).toEqual(['failed with exit code 1 (a non-blocking error: the action proceeds): lint']);
  });
});

describe('OpenClaw answers', () => {
  const openclaw = rules('openclaw');

  it('exit 2 blocks with stderr, or "Hook denied"; other exits are non-blocking errors', () => {
    expect(readHookAnswer(PreToolUse, outcome({ exitCode: 2, stderr: 'nope' }), openclaw)).toMatchObject({ decision: 'deny', reason: 'nope' });
    expect(readHookAnswer(Stop, outcome({ exitCode: 2 }), openclaw)).toMatchObject({ decision: 'block', reason: 'Hook denied' });
    expect(readHookAnswer(PreToolUse, outcome({ exitCode: 1, stdout: json({ decision: 'deny' }) }), openclaw).decision).toBeNull();
  });

  it('PreToolUse: decision allow | deny | ask, reason, updatedInput', () => {
    expect(readHookAnswer(PreToolUse, outcome({ stdout: json({ decision: 'ask', reason: 'sure?' }) }), openclaw)).toMatchObject({ decision: 'ask', reason: 'sure?' });
    expect(readHookAnswer(PreToolUse, outcome({ stdout: json({ decision: 'allow', updatedInput: { command: 'ls' } }) }), openclaw)).toMatchObject({ decision: 'allow', updatedInput: { command: 'ls' } });
  });

  it('Stop: decision deny keeps the agent working with continuation_message, else reason', () => {
    const withMessage = readHookAnswer(Stop, outcome({ stdout: json({ decision: 'deny', reason: 'r', continuation_message: 'run the tests again' }) }), openclaw);
    expect(withMessage).toMatchObject({ decision: 'block', reason: 'run the tests again' });
    expect(readHookAnswer(Stop, outcome({ stdout: json({ decision: 'deny', reason: 'r' }) }), openclaw)).toMatchObject({ decision: 'block', reason: 'r' });
  });

  it('UserPromptSubmit: prompt replaces the prompt; SubagentStart: additionalContext', () => {
    expect(readHookAnswer(UserPromptSubmit, outcome({ stdout: json({ prompt: 'rewritten' }) }), openclaw).updatedPrompt).toBe('rewritten');
    expect(readHookAnswer(SubagentStart, outcome({ stdout: json({ additionalContext: 'be brief' }) }), openclaw).additionalContext).toBe('be brief');
  });

  it('empty stdout is {}, stdout that is not a JSON object is an error, and observe-only events read nothing', () => {
    expect(readHookAnswer(PreToolUse, outcome({ stdout: '' }), openclaw).errors).toEqual([]);
    expect(readHookAnswer(PreToolUse, outcome({ stdout: 'ok' }), openclaw).errors).toEqual(['stdout is not JSON; OpenClaw reads only a JSON object here; ignored']);
    expect(readHookAnswer(PostToolUse, outcome({ stdout: json({ decision: 'block', reason: 'x' }) }), openclaw).decision).toBeNull();
    expect(readHookAnswer(PreCompact, outcome({ exitCode: 2, stderr: 'x' }), openclaw).decision).toBeNull();
  });
});

describe('Wundr answers', () => {
  const wundr = (id: string, priority = 0, extra: Partial<AnswerRules> = {}) => ({ rule: rules('wundr', { priority, ...extra }), id });
  const fire = (spec: typeof PreToolUse, hooks: { rule: AnswerRules; id: string; out: Partial<HookOutcome> }[]) =>
    aggregateFire(spec, hooks.map((hook) => hook.rule), hooks.map((hook) => outcome({ id: hook.id, ...hook.out })));

  it('PreToolUse: {block, blockReason} blocks and {toolInput} rewrites the input', () => {
    expect(fire(PreToolUse, [{ ...wundr('a'), out: { stdout: json({ block: true, blockReason: 'dangerous' }) } }])).toMatchObject({ blocked: true, decision: 'deny', reason: 'dangerous' });
    expect(fire(PreToolUse, [{ ...wundr('a'), out: { stdout: json({ toolInput: { command: 'ls' } }) } }])).toMatchObject({ blocked: false, updatedInput: { command: 'ls' } });
    expect(fire(PreToolUse, [{ ...wundr('a'), out: { stdout: json({ block: true }) } }]).reason).toBe('Blocked by hook "a" (Wundr block: true), which gave no reason.');
  });

  it('merges field by field in priority order: a later (lower-priority) non-undefined value wins, block: false included', () => {
    // Higher priority runs, and merges, first (Wundr's rule, and hookpool's).
    const result = fire(PreToolUse, [
      { ...wundr('low', 0), out: { stdout: json({ block: false }) } },
      { ...wundr('high', 100), out: { stdout: json({ block: true, blockReason: 'from high', toolInput: { command: 'a' } }) } },
    ]);
    expect(result).toMatchObject({ blocked: false, decision: null, updatedInput: { command: 'a' } });
    const reversed = fire(PreToolUse, [
      { ...wundr('low', 0), out: { stdout: json({ block: true, blockReason: 'from low' }) } },
      { ...wundr('high', 100), out: { stdout: json({ block: false, toolInput: { command: 'a' } }) } },
    ]);
    expect(reversed).toMatchObject({ blocked: true, reason: 'from low' });
    const ties = fire(PreToolUse, [
      { ...wundr('first'), out: { stdout: json({ toolInput: { command: 'first' } }) } },
      { ...wundr('second'), out: { stdout: json({ toolInput: { command: 'second' } }) } },
    ]);
    expect(ties.updatedInput).toEqual({ command: 'second' });
  });

  it("a failed hook is left out of the merge; any non-zero exit is a failure and its onError (Wundr's catchErrors) decides", () => {
    const open = fire(PreToolUse, [
      { ...wundr('guard', 10), out: { stdout: json({ block: true, blockReason: 'no' }) } },
      { ...wundr('broken', 0, { onError: 'open' }), out: { exitCode: 1, stdout: json({ block: false }), stderr: 'boom' } },
    ]);
    expect(open).toMatchObject({ blocked: true, reason: 'no' });
    expect(open.failures).toEqual([{ id: 'broken', status: 'exit_nonzero', exitCode: 1, message: 'failed with exit code 1: boom', onError: 'open' }]);
    const closed = fire(PreToolUse, [{ ...wundr('safety', 0, { onError: 'closed' }), out: { exitCode: 2 } }]);
    expect(closed).toMatchObject({ blocked: true, decision: 'deny' });
    expect(closed.reason).toContain('Refused by hookpool: hook "safety" failed with exit code 2');
  });

  it('UserPromptSubmit: {prompt} replaces the prompt, {block, blockReason} blocks it', () => {
    expect(fire(UserPromptSubmit, [{ ...wundr('a'), out: { stdout: json({ prompt: 'short prompt' }) } }]).updatedPrompt).toBe('short prompt');
    expect(fire(UserPromptSubmit, [{ ...wundr('a'), out: { stdout: json({ block: true, blockReason: 'too long' }) } }])).toMatchObject({ blocked: true, decision: 'block', reason: 'too long' });
  });

  it('PermissionRequest: {decision: approve | deny | escalate, reason}', () => {
    expect(fire(PermissionRequest, [{ ...wundr('a'), out: { stdout: json({ decision: 'approve' }) } }])).toMatchObject({ decision: 'allow', blocked: false });
    expect(fire(PermissionRequest, [{ ...wundr('a'), out: { stdout: json({ decision: 'deny', reason: 'risky' }) } }])).toMatchObject({ decision: 'deny', blocked: true, reason: 'risky' });
    // escalate: no decision, the user is asked as usual; a later escalate undoes an earlier approve.
    const escalated = fire(PermissionRequest, [
      { ...wundr('first', 1), out: { stdout: json({ decision: 'approve' }) } },
      { ...wundr('second', 0), out: { stdout: json({ decision: 'escalate' }) } },
    ]);
    expect(escalated).toMatchObject({ decision: null, blocked: false });
    expect(fire(PermissionRequest, [{ ...wundr('a'), out: { stdout: json({ decision: 'maybe' }) } }]).hookErrors).toEqual([
      { id: 'a', message: '"decision" must be one of approve, deny, escalate, got "maybe"; ignored' },
    ]);
  });

  it('PreCompact: {skipCompaction: true} blocks compaction; strategy has no equivalent and says so', () => {
    const result = fire(PreCompact, [{ ...wundr('guardrail'), out: { stdout: json({ skipCompaction: true, strategy: 'summarize' }) } }]);
    expect(result).toMatchObject({ blocked: true, decision: 'block', reason: 'Hook "guardrail" asked to skip compaction (Wundr skipCompaction: true).' });
    expect(result.hookErrors).toEqual([{ id: 'guardrail', message: '"strategy" (Wundr) has no equivalent in hookpool\'s answer; ignored' }]);
  });

  it("reads no result on Wundr's void events, and no field another event has", () => {
    expect(fire(Stop, [{ ...wundr('a'), out: { stdout: json({ block: true, blockReason: 'x' }) } }])).toMatchObject({ blocked: false, decision: null });
    expect(fire(Notification, [{ ...wundr('a'), out: { stdout: json({ prompt: 'x' }) } }]).updatedPrompt).toBeNull();
    expect(fire(PreToolUse, [{ ...wundr('a'), out: { stdout: json({ prompt: 'x', skipCompaction: true }) } }])).toMatchObject({ blocked: false, updatedPrompt: null });
  });

  it('merges only Wundr hooks together; other protocols keep their own reading and hookpool merges the lot', () => {
    const result = aggregateFire(PreToolUse, [rules('claude'), rules('wundr')], [
      outcome({ id: 'claude-guard', exitCode: 2, stderr: 'claude says no' }),
      outcome({ id: 'wundr-ok', stdout: json({ block: false }) }),
    ]);
    expect(result).toMatchObject({ blocked: true, decision: 'deny', reason: 'claude says no' });
  });
});
