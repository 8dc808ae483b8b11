import { describe, expect, it } from 'vitest';
import { appendJsonItem, removeJsonItem } from '../../src/io/json-edit.js';
import { callsHookpool } from '../../src/project/self-call.js';

describe('appendJsonItem / removeJsonItem', () => {
  it('appends with the array\'s own indentation and line breaks, changing nothing else', () => {
    const text = '{\r\n\t"keep": 1,\r\n\t"list": [\r\n\t\t{"a": 1}\r\n\t]\r\n}\r\n';

    expect(appendJsonItem(text, ['list'], { b: [2] }, 'f')).toBe('{\r\n\t"keep": 1,\r\n\t"list": [\r\n\t\t{"a": 1},\r\n\t\t{\r\n\t\t  "b": [\r\n\t\t    2\r\n\t\t  ]\r\n\t\t}\r\n\t]\r\n}\r\n');
    expect(appendJsonItem('{"list": []}', ['list'], 1, 'f')).toBe('{"list": [1]}');
    expect(appendJsonItem('{"list": [1, 2]}', ['list'], 3, 'f')).toBe('{"list": [1, 2, 3]}');
  });

  it('removes the first, a middle and the only item with their commas', () => {
    expect(removeJsonItem('[1, 2, 3]', [], 0, 'f')).toBe('[2, 3]');
    expect(removeJsonItem('[\n  1,\n  2,\n  3\n]', [], 1, 'f')).toBe('[\n  1,\n  3\n]');
    expect(removeJsonItem('{"a": [ 7 ]}', ['a'], 0, 'f')).toBe('{"a": []}');
  });

  it('refuses a path that is not a list, or an item that is not there', () => {
    expect(() => appendJsonItem('{"a": {}}', ['a'], 1, 'f')).toThrow(/no list at this path/);
    expect(() => removeJsonItem('[1]', [], 4, 'f')).toThrow(/no such entry/);
  });
});

describe('callsHookpool', () => {
  it.each([
    'npx --no hookpool run --format claude',
    'hookpool run --format claude; s=$?; exit $s',
    'if command -v hookpool-client >/dev/null 2>&1; then hookpool-client; else npx --no hookpool run --format claude; fi',
    '/usr/local/bin/hookpool run Stop',
    'node /opt/hookpool/dist/src/cli/main.js run --format claude',
    'node /opt/hookpool/dist/src/cli/hookpool.cjs run --format claude',
    'node /opt/hookpool/dist/src/client/hookpool-client.cjs',
  ])('recognises %s', (command) => {
    expect(callsHookpool({ command })).toBe(true);
  });

  it.each(['echo hookpool', 'grep -r hookpool .', 'hookpool list', './scripts/hookpool-report.sh run'])('leaves %s alone', (command) => {
    expect(callsHookpool({ command })).toBe(false);
  });

  it('reads args as they are', () => {
    expect(callsHookpool({ args: ['hookpool', 'run', 'Stop'] })).toBe(true);
  });
});
