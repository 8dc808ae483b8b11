import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../src/compilers/compile-matcher.js';

describe('compileMatcher (Claude Code rules)', () => {
  it('matches everything for "*", "" and no matcher', () => {
    for (const matcher of ['*', '', undefined]) expect(compileMatcher(matcher)('Anything')).toBe(true);
  });
  it('treats a plain name list as exact names', () => {
    const matches = compileMatcher('Edit|Write');
    expect([matches('Edit'), matches('Write'), matches('EditX'), matches('xEdit')]).toEqual([true, true, false, false]);
    expect(compileMatcher('Edit, Write')('Write')).toBe(true);
  });
  it('treats anything else as an unanchored regular expression', () => {
    expect(compileMatcher('mcp__memory__.*')('mcp__memory__save')).toBe(true);
    expect(compileMatcher('^Notebook')('NotebookEdit')).toBe(true);
    expect(compileMatcher('^Notebook')('MyNotebook')).toBe(false);
    expect(compileMatcher('Edit.*')('MultiEdit')).toBe(true);
  });
  it('rejects an invalid regular expression instead of matching it literally', () => {
    expect(() => compileMatcher('Bash(')).toThrow(expect.objectContaining({ code: 'ERR_HOOKPOOL_INVALID_MATCHER' }));
  });
});
