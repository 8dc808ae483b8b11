import { describe, expect, it } from 'vitest';
import { locateJsonSyntaxError } from '../../src/io/json-syntax-error.js';
import { parseJsonOrThrow } from '../../src/io/parse-json.js';

describe('locateJsonSyntaxError', () => {
  it('returns undefined for every kind of valid JSON', () => {
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"]} ', '"s"', '0']) {
      expect(locateJsonSyntaxError(text)).toBeUndefined();
      expect(() => JSON.parse(text)).not.toThrow();
    }
  });

  it.each([
    ['{\n  "a": 1,\n}', 3, 1, 'Unexpected token "}" (expected a property name in double quotes)'],
    ['{"a": 1 "b": 2}', 1, 9, `Unexpected token "\\"" (expected ',' or '}' after the property value)`],
    ['[1, 2', 1, 6, `Unexpected end of input (expected ',' or ']' after the array element)`],
    ['{"a": tru}', 1, 7, 'Unexpected token "t" (expected a value: object, array, string, number, true, false or null)'],
    ['{"a" 1}', 1, 6, `Unexpected token "1" (expected ':' after the property name)`],
    ['{"a": "x\ty"}', 1, 9, 'Bad control character in string (escape it, e.g. \\n)'],
    ['{"a": "\\q"}', 1, 8, 'Bad escape in string (allowed: \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)'],
    ['{"a": -}', 1, 8, 'Unexpected token "}" (expected a digit)'],
    ['{} {}', 1, 4, 'Unexpected token "{" (expected nothing after the end of the document)'],
    ['', 1, 1, 'Unexpected end of input (expected a value: object, array, string, number, true, false or null)'],
  ])('locates the error in %j at %i:%i', (text, line, column, message) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(locateJsonSyntaxError(text)).toEqual({ line, column, message });
  });

  it('accepts a leading byte-order mark, as editors on Windows write one', () => {
    expect(parseJsonOrThrow('\ufeff{"hooks": []}', 'f.json')).toEqual({ hooks: [] });
  });
});
