// fast-run.ts parses `run`'s plain arguments without commander, and leaves everything else
// (help, typos, conflicts) to commander, which explains it.
import { describe, expect, it } from 'vitest';
import { parseRunArguments } from '../../src/cli/fast-run.js';

describe('parseRunArguments', () => {
  it('reads the event and every option, repeatable ones as lists', () => {
    const parsed = parseRunArguments(['PreToolUse', '--input', '{"a":1}', '--config', 'a.json', '--config=b.json', '--claude-settings', 'auto', '--plugin', 'p', '--cwd', 'd', '--pass-env', 'X', '--session-id', 's', '--json']);
    expect(parsed).toEqual({
      event: 'PreToolUse',
      options: { input: '{"a":1}', inputFile: undefined, config: ['a.json', 'b.json'], claudeSettings: ['auto'], plugin: ['p'], cwd: 'd', passEnv: ['X'], sessionId: 's', json: true, format: undefined },
    });
    expect(parseRunArguments(['--format', 'claude'])).toMatchObject({ event: undefined, options: { format: 'claude' } });
    expect(parseRunArguments(['--format', 'copilot', 'preToolUse'])).toMatchObject({ event: 'preToolUse', options: { format: 'copilot' } });
  });

  it.each([
    [['--help']],
    [['PreToolUse', '-h']],
    [['PreToolUse', '--inpt', '{}']],
    [['PreToolUse', 'Stop']],
    [['PreToolUse', '--json', '--format', 'claude']],
    [['--format', 'aider']],
    [['PreToolUse', '--input', '{}', '--input-file', 'x']],
    [['PreToolUse', '--input']],
  ])('leaves %j to commander', (args) => {
    expect(parseRunArguments(args)).toBeUndefined();
  });
});
