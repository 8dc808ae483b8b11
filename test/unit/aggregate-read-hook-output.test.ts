import { describe, expect, it } from 'vitest';
import { readHookOutput } from '../../src/aggregate/read-hook-output.js';
import { EVENT_SPECS } from '../../src/events/event-specs.js';
import type { HookOutcome } from '../../src/model/hook-outcome.js';

const CLAUDE_RULES = { exitCodes: 'claude', onError: 'open' } as const;
const OPTA_RULES = { exitCodes: 'any-nonzero-blocks', onError: 'open' } as const;

function outcome(fields: Partial<HookOutcome>): HookOutcome {
  const exitCode = fields.exitCode ?? 0;
  return {
    id: 'h1',
    status: exitCode === 0 ? 'ok' : 'exit_nonzero',
    exitCode,
    signal: null,
    durationMs: 1,
    stdout: '',
    stderr: '',
    truncated: false,
    ...fields,
  };
}

const { PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop, Notification, PermissionRequest } = EVENT_SPECS;

describe('readHookOutput: stdout detection', () => {
  it('parses stdout starting with "{" after leading whitespace as JSON output', () => {
    const verdict = readHookOutput(UserPromptSubmit, outcome({ stdout: '\n  {"additionalContext":"ctx"}' }), CLAUDE_RULES);
    expect(verdict.additionalContext).toBe('ctx');
    expect(verdict.errors).toEqual([]);
  });
  it('reads text that does not end with "}" as plain text, with a log note and no error (Claude Code reads it so)', () => {
    const verdict = readHookOutput(UserPromptSubmit, outcome({ stdout: '{not json' }), CLAUDE_RULES);
    expect(verdict).toMatchObject({ additionalContext: '{not json', errors: [] });
    expect(verdict.ignored[0]).toMatch(/does not end with "}".*plain text/);
  });
  it('reports text between braces that does not parse as an error, and does not use it as context', () => {
    const verdict = readHookOutput(UserPromptSubmit, outcome({ stdout: '{"additionalContext": oops}' }), CLAUDE_RULES);
    expect(verdict.additionalContext).toBeNull();
    expect(verdict.errors[0]).toMatch(/not valid JSON.*not used/);
  });
  it('reads several JSON lines that set no output field as plain text; one that does makes them a parse failure', () => {
    const logs = readHookOutput(SessionStart, outcome({ stdout: '{"step":1}\n{"step":2}\n' }), CLAUDE_RULES);
    expect(logs).toMatchObject({ additionalContext: '{"step":1}\n{"step":2}', errors: [] });
    const mixed = readHookOutput(SessionStart, outcome({ stdout: '{"step":1}\n{"systemMessage":"hi"}' }), CLAUDE_RULES);
    expect(mixed).toMatchObject({ additionalContext: null, systemMessage: null });
    expect(mixed.errors[0]).toMatch(/several JSON objects/);
  });
  it('takes JSON output cut at maxOutputBytes as a hook that gave no answer: a guard that fails closed refuses, one that fails open reports it', () => {
    const cut = outcome({ stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"},"systemMessage":"xxxx', truncated: true });
    const closed = readHookOutput(PreToolUse, cut, { ...CLAUDE_RULES, onError: 'closed' });
    expect(closed.decision).toBe('deny');
    expect(closed.failure?.message).toContain('printed more than maxOutputBytes');
    const open = readHookOutput(PreToolUse, cut, CLAUDE_RULES);
    expect(open.decision).toBeNull();
    expect(open.failure).toMatchObject({ onError: 'open', message: expect.stringContaining('its JSON answer was cut') });
  });
  it('keeps a refusing exit 2 whose JSON output was cut: the exit code is the answer, stderr the reason, whatever onError says', () => {
    const cut = outcome({ exitCode: 2, stdout: '{"systemMessage":"xxxx', stderr: 'tests fail', truncated: true });
    expect(readHookOutput(Stop, cut, CLAUDE_RULES)).toMatchObject({ decision: 'block', reason: 'tests fail', failure: null });
    expect(readHookOutput(PreToolUse, cut, CLAUDE_RULES)).toMatchObject({ decision: 'deny', reason: 'tests fail', failure: null });
  });
  it('reads output that is whole JSON even when stderr was the stream cut, and plain text that was cut as text', () => {
    expect(readHookOutput(PreToolUse, outcome({ stdout: '{"decision":"block","reason":"r"}', truncated: true }), CLAUDE_RULES)).toMatchObject({ decision: 'deny', failure: null });
    expect(readHookOutput(UserPromptSubmit, outcome({ stdout: 'context', truncated: true }), CLAUDE_RULES)).toMatchObject({ additionalContext: 'context', failure: null });
  });
  it('reads a JSON array or JSON string as plain text with a log note', () => {
    const array = readHookOutput(SessionStart, outcome({ stdout: '["a"]' }), CLAUDE_RULES);
    const string = readHookOutput(SessionStart, outcome({ stdout: '"hello"' }), CLAUDE_RULES);
    expect(array.additionalContext).toBe('["a"]');
    expect(array.ignored[0]).toMatch(/stdout is JSON but an array/);
    expect(string.additionalContext).toBe('"hello"');
    expect(string.ignored[0]).toMatch(/a string, not an object/);
  });
  it('reads ordinary text as plain text without a warning', () => {
    expect(readHookOutput(PreToolUse, outcome({ stdout: 'all good\n' }), CLAUDE_RULES).errors).toEqual([]);
  });
});

describe('readHookOutput: exit 0', () => {
  it('turns plain stdout into additionalContext only where the event takes plain stdout as context', () => {
    expect(readHookOutput(UserPromptSubmit, outcome({ stdout: 'today is Monday\n' }), CLAUDE_RULES).additionalContext).toBe('today is Monday');
    expect(readHookOutput(SessionStart, outcome({ stdout: 'branch main' }), CLAUDE_RULES).additionalContext).toBe('branch main');
    const ignored = readHookOutput(PreToolUse, outcome({ stdout: 'just a log line' }), CLAUDE_RULES);
    expect(ignored.additionalContext).toBeNull();
    expect(ignored.decision).toBeNull();
  });
  it('contributes nothing for empty or whitespace-only stdout', () => {
    expect(readHookOutput(UserPromptSubmit, outcome({ stdout: ' \n\t' }), CLAUDE_RULES).additionalContext).toBeNull();
  });
  it('applies JSON output', () => {
    const stdout = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask' } });
    expect(readHookOutput(PreToolUse, outcome({ stdout }), CLAUDE_RULES).decision).toBe('ask');
  });
});

describe('readHookOutput: exit 2', () => {
  it('denies a PreToolUse call with trimmed stderr as the reason', () => {
    const verdict = readHookOutput(PreToolUse, outcome({ exitCode: 2, stderr: '  rm is not allowed\n' }), CLAUDE_RULES);
    expect(verdict).toMatchObject({ decision: 'deny', reason: 'rm is not allowed' });
  });
  it('blocks with "block" on a blocking event that is not a permission question', () => {
    expect(readHookOutput(Stop, outcome({ exitCode: 2, stderr: 'tests fail' }), CLAUDE_RULES)).toMatchObject({ decision: 'block', reason: 'tests fail' });
    expect(readHookOutput(UserPromptSubmit, outcome({ exitCode: 2, stderr: 'secret' }), CLAUDE_RULES).decision).toBe('block');
  });
  it('feeds back a block on a feedback event (PostToolUse)', () => {
    expect(readHookOutput(PostToolUse, outcome({ exitCode: 2, stderr: 'lint failed' }), CLAUDE_RULES)).toMatchObject({ decision: 'block', reason: 'lint failed' });
  });
  it('decides nothing on an event whose exit-2 effect is none', () => {
    expect(readHookOutput(Notification, outcome({ exitCode: 2, stderr: 'x' }), CLAUDE_RULES).decision).toBeNull();
    expect(readHookOutput(PermissionRequest, outcome({ exitCode: 2, stderr: 'x' }), CLAUDE_RULES).decision).toBeNull();
  });
  it('takes the JSON reason over stderr', () => {
    const verdict = readHookOutput(PreToolUse, outcome({ exitCode: 2, stdout: '{"reason":"from json"}', stderr: 'from stderr' }), CLAUDE_RULES);
    expect(verdict.reason).toBe('from json');
  });
  it('lets no JSON output override the block; only its universal fields still count (Claude Code reads JSON on every exit code)', () => {
    const stdout = JSON.stringify({
      decision: 'approve',
      continue: false,
      systemMessage: 'shown anyway',
      additionalContext: 'ctx',
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'ls' } },
    });
    const verdict = readHookOutput(PreToolUse, outcome({ exitCode: 2, stdout, stderr: 'no' }), CLAUDE_RULES);
    expect(verdict).toMatchObject({ decision: 'deny', reason: 'no', continue: false, systemMessage: 'shown anyway', updatedInput: null, additionalContext: null });
  });
  it('takes the reason of a refusing JSON decision over stderr on exit 2', () => {
    const stdout = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'from the decision' } });
    expect(readHookOutput(PreToolUse, outcome({ exitCode: 2, stdout, stderr: 'from stderr' }), CLAUDE_RULES).reason).toBe('from the decision');
  });
  it('falls back to a sentence naming the hook when there is no reason', () => {
    const verdict = readHookOutput(PreToolUse, outcome({ id: 'guard', exitCode: 2, stderr: '\n' }), CLAUDE_RULES);
    expect(verdict.reason).toMatch(/hook "guard".*exit code 2/);
  });
});

describe('readHookOutput: other non-zero exits', () => {
  it('lets valid JSON output decide', () => {
    const stdout = JSON.stringify({ decision: 'block', reason: 'json says no' });
    expect(readHookOutput(PreToolUse, outcome({ exitCode: 1, stdout }), CLAUDE_RULES)).toMatchObject({ decision: 'deny', reason: 'json says no' });
  });
  it('is a non-blocking error without JSON output, exit 127 included', () => {
    for (const exitCode of [1, 127]) {
      const verdict = readHookOutput(PreToolUse, outcome({ exitCode, stdout: 'oops', stderr: 'sh: not found' }), CLAUDE_RULES);
      expect(verdict).toMatchObject({ decision: null, reason: null, continue: true });
    }
  });
  it('does not take plain stdout as context on a failed hook', () => {
    expect(readHookOutput(UserPromptSubmit, outcome({ exitCode: 1, stdout: 'partial' }), CLAUDE_RULES).additionalContext).toBeNull();
  });
});

describe('readHookOutput: hooks that never answered fail open', () => {
  it('contributes nothing for timed_out, aborted, spawn_failed and crashed', () => {
    for (const status of ['timed_out', 'aborted', 'spawn_failed', 'crashed'] as const) {
      const verdict = readHookOutput(PreToolUse, outcome({ status, exitCode: null, signal: 'SIGKILL', stdout: '{"decision":"block"}', stderr: 'x' }), OPTA_RULES);
      expect(verdict).toMatchObject({ decision: null, reason: null, continue: true, additionalContext: null, errors: [] });
    }
  });
});

describe('readHookOutput: the any-nonzero-blocks rule', () => {
  it('denies a PreToolUse call on any non-zero exit with stderr as the reason', () => {
    const verdict = readHookOutput(PreToolUse, outcome({ exitCode: 1, stderr: 'opta says no\n', stdout: '{"decision":"approve"}' }), OPTA_RULES);
    expect(verdict).toMatchObject({ decision: 'deny', reason: 'opta says no' });
  });
  it('reads a death by signal as no answer: refused when the hook fails closed, as Opta hooks on PreToolUse do by default', () => {
    const crash = outcome({ status: 'exit_nonzero', exitCode: null, signal: 'SIGSEGV' });
    expect(readHookOutput(PreToolUse, crash, { ...OPTA_RULES, onError: 'closed' })).toMatchObject({ decision: 'deny', reason: expect.stringMatching(/killed by SIGSEGV/), failure: { message: 'was killed by SIGSEGV' } });
    expect(readHookOutput(PreToolUse, crash, OPTA_RULES)).toMatchObject({ decision: null, failure: { onError: 'open' } });
  });
  it('changes nothing on events that are not blocking tool events', () => {
    expect(readHookOutput(PostToolUse, outcome({ exitCode: 1, stderr: 'x' }), OPTA_RULES).decision).toBeNull();
    expect(readHookOutput(Stop, outcome({ exitCode: 1, stderr: 'x' }), OPTA_RULES).decision).toBeNull();
  });
});

describe('readHookOutput: hooks that give no answer (issue 9: a guard never fails open silently)', () => {
  const CLOSED = { exitCodes: 'claude', onError: 'closed' } as const;
  const failing: [string, Partial<HookOutcome>, RegExp][] = [
    ['timed out', { status: 'timed_out', exitCode: null, signal: 'SIGTERM', durationMs: 10_004 }, /timed out and was killed after 10004 ms/],
    ['could not start', { status: 'spawn_failed', exitCode: null, error: 'cannot run "x": no such file' }, /could not start: cannot run "x"/],
    ['crashed', { status: 'crashed', exitCode: null, error: 'the sandbox process died' }, /crashed: the sandbox process died/],
    ['aborted', { status: 'aborted', exitCode: null, error: 'the engine closed' }, /was stopped before it answered/],
    ['exit 127', { status: 'exit_nonzero', exitCode: 127, stderr: 'sh: 1: ./guard.sh: not found\n' }, /exit 127: command not found\): sh: 1: \.\/guard\.sh: not found/],
    ['exit 126', { status: 'exit_nonzero', exitCode: 126, stdout: '{"decision":"approve"}' }, /exit 126: not executable/],
  ];
  it.each(failing)('a hook that %s refuses a PreToolUse call when it fails closed, and says why', (_, fields, message) => {
    const verdict = readHookOutput(PreToolUse, outcome(fields), CLOSED);
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toMatch(/^Refused by hookpool: hook "h1" /);
    expect(verdict.failure).toMatchObject({ id: 'h1', onError: 'closed', message: expect.stringMatching(message) });
  });
  it.each(failing)('a hook that %s is reported but decides nothing when it fails open', (_, fields) => {
    const verdict = readHookOutput(PreToolUse, outcome(fields), CLAUDE_RULES);
    expect(verdict).toMatchObject({ decision: null, reason: null, failure: { onError: 'open' } });
  });
  it('refuses in the words of each event: deny for permissions, block elsewhere', () => {
    const timedOut = outcome({ status: 'timed_out', exitCode: null });
    expect(readHookOutput(PermissionRequest, timedOut, CLOSED).decision).toBe('deny');
    expect(readHookOutput(UserPromptSubmit, timedOut, CLOSED).decision).toBe('block');
  });
  it('does not count an ordinary non-zero exit as a failure, but reports it as a non-blocking error', () => {
    const verdict = readHookOutput(PreToolUse, outcome({ exitCode: 1, stderr: 'lint crashed\nat line 3' }), CLOSED);
    expect(verdict).toMatchObject({ decision: null, failure: null, errors: ['failed with exit code 1 (a non-blocking error: the action proceeds): lint crashed'] });
  });
  it('reports exit 2 on an event that cannot block as an error the user sees where Claude Code shows it, and only notes it where it is ignored', () => {
    expect(readHookOutput(SessionStart, outcome({ exitCode: 2, stderr: 'no venv' }), CLAUDE_RULES).errors).toEqual(['exited 2 on SessionStart, which it cannot block: no venv']);
    const ignored = readHookOutput(Notification, outcome({ exitCode: 2, stderr: 'no sound device' }), CLAUDE_RULES);
    expect(ignored.errors).toEqual([]);
    expect(ignored.ignored).toEqual(['exited 2 on Notification, which it cannot block: no sound device; Notification ignores exit 2']);
  });
});

describe('readHookOutput: what counts as JSON output', () => {
  it('reads a decision behind a byte-order mark or a no-break space (what is checked is what is parsed)', () => {
    const deny = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}';
    for (const prefix of ['\uFEFF', '\u00A0', '\uFEFF\n \u00A0']) {
      expect(readHookOutput(PreToolUse, outcome({ stdout: `${prefix}${deny}\n` }), CLAUDE_RULES)).toMatchObject({ decision: 'deny', reason: 'no' });
    }
  });
  it('reads text that starts with "{" but does not end with "}" as plain text, as Claude Code does', () => {
    const verdict = readHookOutput(UserPromptSubmit, outcome({ stdout: '{"additionalContext":"x"} and more' }), CLAUDE_RULES);
    expect(verdict.additionalContext).toBe('{"additionalContext":"x"} and more');
  });
});
