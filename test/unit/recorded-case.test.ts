// What a recorded case expects (`hookpool test --record`): a reason or context as a pattern that
// matches that exact text and nothing else, however many regex characters it holds; file names
// that sort by the event's place in the session and name its event and tool.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactly, recordedCaseFileName } from '../../src/project/policy-cases/recorded-case.js';

describe('exactly', () => {
  it('matches the text itself, and neither more nor less of it', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), fc.string({ minLength: 1 }), (text, extra) => {
      const pattern = new RegExp(exactly(text));
      expect(pattern.test(text)).toBe(true);
      expect(pattern.test(`${text}${extra}`)).toBe(false);
      expect(pattern.test(`${extra}${text}`)).toBe(false);
    }));
  });

  it('keeps a reason readable: only regex characters are escaped', () => {
    expect(exactly('rm -rf is not allowed (use rm build/*.o) [policy]')).toBe('^rm -rf is not allowed \\(use rm build/\\*\\.o\\) \\[policy\\]$');
  });
});

describe('recordedCaseFileName', () => {
  it('is the index padded to three digits, the event and the tool, safe as a file name', () => {
    expect(recordedCaseFileName(3, 'PreToolUse', 'Bash')).toBe('003-PreToolUse-Bash.json');
    expect(recordedCaseFileName(12, 'Stop', null)).toBe('012-Stop.json');
    expect(recordedCaseFileName(1234, 'PreToolUse', 'mcp__github/create issue')).toBe('1234-PreToolUse-mcp__github_create_issue.json');
  });
});
