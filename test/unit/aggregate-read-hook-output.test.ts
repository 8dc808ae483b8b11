import { describe, expect, it } from 'vitest';
import { readHookOutput } from '../../src/aggregate/read-hook-output.js';
import { EVENT_SPECS } from '../../src/events/event-specs.js';
import type { HookOutcome } from '../../src/run/outcome.js';

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
    const verdict = readHookOutput(UserPromptSubmit, outcome({ stdout: '\n  {"additionalContext":"ctx"}' }), 'claude');
    expect(verdict.additionalContext).toBe('ctx');
    expect(verdict.warnings).toEqual([]);
  });
  it('reads invalid JSON as plain text with a warning naming the hook', () => {
    const verdict = readHookOutput(UserPromptSubmit, outcome({ stdout: '{not json' }), 'claude');
    expect(verdict.additionalContext).toBe('{not json');
    expect(verdict.warnings).toHaveLength(1);
    expect(verdict.warnings[0]).toMatch(/hook "h1".*not valid JSON.*plain text/);
  });
  it('says so in the warning when the unparsable output was truncated', () => {
    const verdict = readHookOutput(PreToolUse, outcome({ stdout: '{"decision":', truncated: true }), 'claude');
    expect(verdict.warnings[0]).toContain('maxOutputBytes');
  });
  it('reads a JSON array or JSON string as plain text with a warning', () => {
    const array = readHookOutput(SessionStart, outcome({ stdout: '["a"]' }), 'claude');
    const string = readHookOutput(SessionStart, outcome({ stdout: '"hello"' }), 'claude');
    expect(array.additionalContext).toBe('["a"]');
    expect(array.warnings[0]).toMatch(/hook "h1": stdout is JSON but an array/);
    expect(string.additionalContext).toBe('"hello"');
    expect(string.warnings[0]).toMatch(/a string, not an object/);
  });
  it('reads ordinary text as plain text without a warning', () => {
    expect(readHookOutput(PreToolUse, outcome({ stdout: 'all good\n' }), 'claude').warnings).toEqual([]);
  });
});

describe('readHookOutput: exit 0', () => {
  it('turns plain stdout into additionalContext only where the event takes plain stdout as context', () => {
    expect(readHookOutput(UserPromptSubmit, outcome({ stdout: 'today is Monday\n' }), 'claude').additionalContext).toBe('today is Monday');
    expect(readHookOutput(SessionStart, outcome({ stdout: 'branch main' }), 'claude').additionalContext).toBe('branch main');
    const ignored = readHookOutput(PreToolUse, outcome({ stdout: 'just a log line' }), 'claude');
    expect(ignored.additionalContext).toBeNull();
    expect(ignored.decision).toBeNull();
  });
  it('contributes nothing for empty or whitespace-only stdout', () => {
    expect(readHookOutput(UserPromptSubmit, outcome({ stdout: ' \n\t' }), 'claude').additionalContext).toBeNull();
  });
  it('applies JSON output', () => {
    const stdout = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask' } });
    expect(readHookOutput(PreToolUse, outcome({ stdout }), 'claude').decision).toBe('ask');
  });
});

describe('readHookOutput: exit 2', () => {
  it('denies a PreToolUse call with trimmed stderr as the reason', () => {
    const verdict = readHookOutput(PreToolUse, outcome({ exitCode: 2, stderr: '  rm is not allowed\n' }), 'claude');
    expect(verdict).toMatchObject({ decision: 'deny', reason: 'rm is not allowed' });
  });
  it('blocks with "block" on a blocking event that is not a permission question', () => {
    expect(readHookOutput(Stop, outcome({ exitCode: 2, stderr: 'tests fail' }), 'claude')).toMatchObject({ decision: 'block', reason: 'tests fail' });
    expect(readHookOutput(UserPromptSubmit, outcome({ exitCode: 2, stderr: 'secret' }), 'claude').decision).toBe('block');
  });
  it('feeds back a block on a feedback event (PostToolUse)', () => {
    expect(readHookOutput(PostToolUse, outcome({ exitCode: 2, stderr: 'lint failed' }), 'claude')).toMatchObject({ decision: 'block', reason: 'lint failed' });
  });
  it('decides nothing on an event whose exit-2 effect is none', () => {
    expect(readHookOutput(Notification, outcome({ exitCode: 2, stderr: 'x' }), 'claude').decision).toBeNull();
    expect(readHookOutput(PermissionRequest, outcome({ exitCode: 2, stderr: 'x' }), 'claude').decision).toBeNull();
  });
  it('takes the JSON reason over stderr', () => {
    const verdict = readHookOutput(PreToolUse, outcome({ exitCode: 2, stdout: '{"reason":"from json"}', stderr: 'from stderr' }), 'claude');
    expect(verdict.reason).toBe('from json');
  });
  it('lets no JSON output override the block', () => {
    const stdout = JSON.stringify({
      decision: 'approve',
      continue: false,
      additionalContext: 'ctx',
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'ls' } },
    });
    const verdict = readHookOutput(PreToolUse, outcome({ exitCode: 2, stdout, stderr: 'no' }), 'claude');
    expect(verdict).toMatchObject({ decision: 'deny', reason: 'no', continue: true, updatedInput: null, additionalContext: null });
  });
  it('falls back to a sentence naming the hook when there is no reason', () => {
    const verdict = readHookOutput(PreToolUse, outcome({ id: 'guard', exitCode: 2, stderr: '\n' }), 'claude');
    expect(verdict.reason).toMatch(/hook "guard".*exit code 2/);
  });
});

describe('readHookOutput: other non-zero exits', () => {
  it('lets valid JSON output decide', () => {
    const stdout = JSON.stringify({ decision: 'block', reason: 'json says no' });
    expect(readHookOutput(PreToolUse, outcome({ exitCode: 1, stdout }), 'claude')).toMatchObject({ decision: 'deny', reason: 'json says no' });
  });
  it('is a non-blocking error without JSON output, exit 127 included', () => {
    for (const exitCode of [1, 127]) {
      const verdict = readHookOutput(PreToolUse, outcome({ exitCode, stdout: 'oops', stderr: 'sh: not found' }), 'claude');
      expect(verdict).toMatchObject({ decision: null, reason: null, continue: true });
    }
  });
  it('does not take plain stdout as context on a failed hook', () => {
    expect(readHookOutput(UserPromptSubmit, outcome({ exitCode: 1, stdout: 'partial' }), 'claude').additionalContext).toBeNull();
  });
});

describe('readHookOutput: hooks that never answered fail open', () => {
  it('contributes nothing for timed_out, aborted, spawn_failed and crashed', () => {
    for (const status of ['timed_out', 'aborted', 'spawn_failed', 'crashed'] as const) {
      const verdict = readHookOutput(PreToolUse, outcome({ status, exitCode: null, signal: 'SIGKILL', stdout: '{"decision":"block"}', stderr: 'x' }), 'any-nonzero-blocks');
      expect(verdict).toMatchObject({ decision: null, reason: null, continue: true, additionalContext: null, warnings: [] });
    }
  });
});

describe('readHookOutput: the any-nonzero-blocks rule', () => {
  it('denies a PreToolUse call on any non-zero exit with stderr as the reason', () => {
    const verdict = readHookOutput(PreToolUse, outcome({ exitCode: 1, stderr: 'opta says no\n', stdout: '{"decision":"approve"}' }), 'any-nonzero-blocks');
    expect(verdict).toMatchObject({ decision: 'deny', reason: 'opta says no' });
  });
  it('counts a death by signal as a non-zero exit', () => {
    const verdict = readHookOutput(PreToolUse, outcome({ status: 'exit_nonzero', exitCode: null, signal: 'SIGSEGV' }), 'any-nonzero-blocks');
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toMatch(/signal SIGSEGV/);
  });
  it('changes nothing on events that are not blocking tool events', () => {
    expect(readHookOutput(PostToolUse, outcome({ exitCode: 1, stderr: 'x' }), 'any-nonzero-blocks').decision).toBeNull();
    expect(readHookOutput(Stop, outcome({ exitCode: 1, stderr: 'x' }), 'any-nonzero-blocks').decision).toBeNull();
  });
});
