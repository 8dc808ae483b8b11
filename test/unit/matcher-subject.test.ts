import { describe, expect, it } from 'vitest';
import { EVENT_SPECS } from '../../src/events/event-specs.js';
import { matcherSubjectOf } from '../../src/events/matcher-subject.js';
import { compileMatcher } from '../../src/compilers/compile-matcher.js';

describe('matcherSubjectOf', () => {
  it('is the payload field as it is, or "" when the payload lacks it', () => {
    expect(matcherSubjectOf(EVENT_SPECS.PreToolUse, { tool_name: 'Bash' })).toBe('Bash');
    expect(matcherSubjectOf(EVENT_SPECS.StopFailure, { error: 'rate_limit', error_type: 'x' })).toBe('rate_limit');
    expect(matcherSubjectOf(EVENT_SPECS.PreToolUse, {})).toBe('');
  });
  it('is null (every hook runs) on events with no matcher field', () => {
    expect(matcherSubjectOf(EVENT_SPECS.UserPromptSubmit, { prompt: 'hi' })).toBeNull();
    expect(matcherSubjectOf(EVENT_SPECS.PostToolBatch, {})).toBeNull();
  });
  it('is the changed file\'s basename on FileChanged, for / and \\ separators', () => {
    expect(matcherSubjectOf(EVENT_SPECS.FileChanged, { file_path: '/p/sub/.envrc' })).toBe('.envrc');
    expect(matcherSubjectOf(EVENT_SPECS.FileChanged, { file_path: 'C:\\p\\.env' })).toBe('.env');
  });
  it('is the canonical model name on model switches, or null when none can be derived', () => {
    const subject = (to_model: unknown) => matcherSubjectOf(EVENT_SPECS.PreModelSwitch, { to_model });
    expect(subject('claude-opus-5')).toBe('claude-opus-5');
    expect(subject('claude-opus-5[1m]')).toBe('claude-opus-5');
    expect(subject('claude-opus-4-6-20260301')).toBe('claude-opus-4-6');
    expect(subject('claude-opus-5@20260101')).toBe('claude-opus-5');
    expect(subject('anthropic.claude-opus-5-v1:0')).toBe('claude-opus-5');
    expect(subject('eu.anthropic.claude-sonnet-5-v2')).toBe('claude-sonnet-5');
    expect(subject('opus')).toBeNull();
    expect(subject(null)).toBeNull();
    expect(matcherSubjectOf(EVENT_SPECS.PostModelSwitch, { to_model: 'claude-haiku-5[1m]' })).toBe('claude-haiku-5');
  });
});

describe('compileMatcher: the narrow name list (FileChanged, StopFailure)', () => {
  it('splits on | only and keeps -, space and , on the regex path', () => {
    expect(compileMatcher('a|b', 'narrow')('b')).toBe(true);
    expect(compileMatcher('a,b', 'narrow')('a,b')).toBe(true);
    expect(compileMatcher('a,b', 'narrow')('a')).toBe(false);
    expect(compileMatcher('a-b', 'narrow')('xa-by')).toBe(true);
    expect(compileMatcher('a-b', 'standard')('xa-by')).toBe(false);
  });
});
