// answerForClaude: what `hookpool run --format claude` prints for a merged answer (no processes:
// outcomes are built by hand and read by the real aggregator).
import { describe, expect, it } from 'vitest';
import { aggregateFire } from '../../src/aggregate/aggregate-fire.js';
import { answerForClaude } from '../../src/dialects/claude/answer.js';
import { EVENT_SPECS, type EventName } from '../../src/events/event-specs.js';
import type { HookOutcome } from '../../src/model/hook-outcome.js';

type Answer = { id?: string; exitCode?: number; stdout?: unknown; stderr?: string; status?: HookOutcome['status'] };

function outcome({ id = 'h', exitCode = 0, stdout = '', stderr = '', status }: Answer): HookOutcome {
  const text = typeof stdout === 'string' ? stdout : JSON.stringify(stdout);
  return { id, status: status ?? (exitCode === 0 ? 'ok' : 'exit_nonzero'), exitCode: status === 'timed_out' ? null : exitCode, signal: null, durationMs: 1, stdout: text, stderr, truncated: false };
}

/** The answer printed for `event` when hooks answer as given. */
function answer(event: EventName, answers: Answer[], notices: string[] = []) {
  const spec = EVENT_SPECS[event];
  const result = aggregateFire(spec, answers.map(() => ({ exitCodes: 'claude' as const, onError: spec.defaultOnError })), answers.map(outcome));
  const printed = answerForClaude(spec, result, notices);
  return { ...printed, json: printed.stdout === null || event === 'WorktreeCreate' ? null : (JSON.parse(printed.stdout) as Record<string, unknown>) };
}

const specific = (event: string, fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });

describe('answerForClaude: decisions', () => {
  it('says a PermissionRequest allow with its updatedInput and updatedPermissions, a deny with message and interrupt', () => {
    const rule = { type: 'setMode', mode: 'acceptEdits', destination: 'session' };
    expect(answer('PermissionRequest', [{ stdout: specific('PermissionRequest', { decision: { behavior: 'allow', updatedInput: { command: 'ls' }, updatedPermissions: [rule] } }) }]).json).toEqual(
      specific('PermissionRequest', { decision: { behavior: 'allow', updatedInput: { command: 'ls' }, updatedPermissions: [rule] } }),
    );
    expect(answer('PermissionRequest', [{ stdout: specific('PermissionRequest', { decision: { behavior: 'deny', message: 'no', interrupt: true } }) }]).json).toEqual(
      specific('PermissionRequest', { decision: { behavior: 'deny', message: 'no', interrupt: true } }),
    );
  });
  it('invents no reason where the deciding hook gave none (hookify\'s deny)', () => {
    const printed = answer('PreToolUse', [{ stdout: { ...specific('PreToolUse', { permissionDecision: 'deny' }), systemMessage: 'M' } }]);
    expect(printed).toMatchObject({ exitCode: 0, json: { ...specific('PreToolUse', { permissionDecision: 'deny' }), systemMessage: 'M' } });
  });
  it('says a guard that failed closed as a deny with hookpool\'s reason, and the failure in systemMessage', () => {
    const printed = answer('PreToolUse', [{ id: 'guard', status: 'timed_out' }]);
    expect(printed.exitCode).toBe(0);
    expect(printed.json).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/^Refused by hookpool: hook "guard" timed out/) }, systemMessage: expect.stringMatching(/^hookpool: hook "guard" timed out/) });
  });
  it('answers PreModelSwitch ask with permissionDecision, and an elicitation with its action and content', () => {
    expect(answer('PreModelSwitch', [{ stdout: specific('PreModelSwitch', { permissionDecision: 'ask', permissionDecisionReason: 'costly' }) }]).json).toEqual(specific('PreModelSwitch', { permissionDecision: 'ask', permissionDecisionReason: 'costly' }));
    expect(answer('Elicitation', [{ stdout: specific('Elicitation', { action: 'accept', content: { a: 1 } }) }]).json).toEqual(specific('Elicitation', { action: 'accept', content: { a: 1 } }));
  });
  it('refuses by exit 2 alone where the hooks did and nothing else is said; with more to say, by JSON', () => {
    expect(answer('Elicitation', [{ exitCode: 2, stderr: 'not this server', stdout: specific('Elicitation', { action: 'accept' }) }])).toMatchObject({ exitCode: 2, stdout: null, stderr: 'not this server' });
    expect(answer('Elicitation', [{ exitCode: 2, stderr: 'no' }, { stdout: { suppressOutput: true } }])).toMatchObject({ exitCode: 0, json: { ...specific('Elicitation', { action: 'decline' }), suppressOutput: true } });
  });
  it('refuses by exit 2 with the other fields as JSON where the event has no JSON way to refuse', () => {
    expect(answer('TeammateIdle', [{ exitCode: 2, stderr: 'build first' }, { stdout: { systemMessage: 'm' } }])).toMatchObject({ exitCode: 2, stderr: 'build first', json: { systemMessage: 'm' } });
    expect(answer('TaskCompleted', [{ exitCode: 2, stderr: 'tests fail' }])).toMatchObject({ exitCode: 2, stderr: 'tests fail', stdout: null });
  });
  it('says continue: false on exit 0 even when a hook also refused', () => {
    expect(answer('PreToolUse', [{ exitCode: 2, stderr: 'no' }, { stdout: { continue: false, stopReason: 'halt' } }])).toMatchObject({ exitCode: 0, json: { continue: false, stopReason: 'halt' } });
  });
});

describe('answerForClaude: fields', () => {
  it('re-emits every SessionStart field the hooks gave', () => {
    const fields = { additionalContext: 'ctx', initialUserMessage: 'go', sessionTitle: 't', watchPaths: ['/p/a'], reloadSkills: true };
    expect(answer('SessionStart', [{ stdout: specific('SessionStart', fields) }]).json).toEqual(specific('SessionStart', fields));
  });
  it('re-emits Stop feedback (additionalContext), PermissionDenied retry, MessageDisplay displayContent', () => {
    expect(answer('Stop', [{ stdout: specific('Stop', { additionalContext: 'run the tests' }) }]).json).toEqual(specific('Stop', { additionalContext: 'run the tests' }));
    expect(answer('PermissionDenied', [{ stdout: specific('PermissionDenied', { retry: true }) }]).json).toEqual(specific('PermissionDenied', { retry: true }));
    expect(answer('MessageDisplay', [{ stdout: specific('MessageDisplay', { displayContent: '' }) }]).json).toEqual(specific('MessageDisplay', { displayContent: '' }));
  });
  it('passes unknown hookSpecificOutput fields on for Claude Code to read', () => {
    expect(answer('PostToolUse', [{ stdout: specific('PostToolUse', { futureField: 1, additionalContext: 'c' }) }]).json).toEqual(specific('PostToolUse', { futureField: 1, additionalContext: 'c' }));
  });
  it('puts notices in systemMessage where the event shows it, on stderr where it discards it', () => {
    expect(answer('PostToolUse', [{}], ['config notice'])).toMatchObject({ json: { systemMessage: 'hookpool: config notice' }, stderr: null });
    expect(answer('Notification', [{ stdout: { systemMessage: 'dropped' } }], ['config notice'])).toMatchObject({ stdout: null, stderr: 'hookpool: config notice' });
  });
  it('answers WorktreeCreate with the path as stdout, or exit 2 when the creation failed', () => {
    expect(answer('WorktreeCreate', [{ stdout: 'cloning...\n/tmp/wt/a\n' }])).toMatchObject({ exitCode: 0, stdout: '/tmp/wt/a' });
    expect(answer('WorktreeCreate', [{ exitCode: 1, stderr: 'svn failed' }])).toMatchObject({ exitCode: 2, stdout: null, stderr: 'svn failed' });
  });
});
