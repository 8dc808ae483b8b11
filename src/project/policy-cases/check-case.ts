// A case's expectations against what the hooks answered: one mismatch per expectation not met,
// each saying what was expected and what came, and for a rewritten input, where the two differ.
import { isDeepStrictEqual } from 'node:util';
import type { FireResult } from '../../model/fire-result.js';
import type { Expectations, TextPattern } from './case-schema.js';

export interface Mismatch {
  readonly field: keyof Expectations;
  readonly expected: unknown;
  readonly actual: unknown;
  /** One line per difference: `decision: expected "deny", got none`, `updatedInput.command: expected "ls", got "rm"`. */
  readonly lines: readonly string[];
}

/** Every expectation of the case that the answer does not meet, in the order of the fields. */
export function checkExpectations(expect: Expectations, result: FireResult): Mismatch[] {
  const mismatches: Mismatch[] = [];
  const compare = (field: keyof Expectations, expected: unknown, actual: unknown) => {
    if (!isDeepStrictEqual(expected, actual)) mismatches.push({ field, expected, actual, lines: [`${field}: expected ${show(expected)}, got ${show(actual)}`] });
  };
  const match = (field: keyof Expectations, pattern: TextPattern | undefined, actual: string | null) => {
    if (pattern === undefined || (actual !== null && pattern.regex.test(actual))) return;
    mismatches.push({ field, expected: pattern.source, actual, lines: [`${field}: expected to match ${slashed(pattern)}, got ${show(actual)}`] });
  };
  if (expect.decision !== undefined) compare('decision', expect.decision, result.decision);
  if (expect.blocked !== undefined) compare('blocked', expect.blocked, result.blocked);
  match('reason', expect.reason, result.reason);
  match('context', expect.context, result.additionalContext);
  if (expect.updatedInput !== undefined && !isDeepStrictEqual(expect.updatedInput, result.updatedInput)) {
    const whole = expect.updatedInput === null || result.updatedInput === null;
    const lines = whole ? [`updatedInput: expected ${show(expect.updatedInput)}, got ${show(result.updatedInput)}`] : jsonDifferences(expect.updatedInput, result.updatedInput, 'updatedInput');
    mismatches.push({ field: 'updatedInput', expected: expect.updatedInput, actual: result.updatedInput, lines });
  }
  return mismatches;
}

/** Where two JSON values differ, one line per leaf: `a.b[2]: expected 1, got 2`, `a.c: expected 1, got nothing`. */
export function jsonDifferences(expected: unknown, actual: unknown, path: string): string[] {
  if (isDeepStrictEqual(expected, actual)) return [];
  if (isObject(expected) && isObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
    return keys.flatMap((key) => {
      const at = `${path}.${key}`;
      if (!Object.hasOwn(actual, key)) return [`${at}: expected ${show(expected[key])}, got nothing`];
      if (!Object.hasOwn(expected, key)) return [`${at}: not expected, got ${show(actual[key])}`];
      return jsonDifferences(expected[key], actual[key], at);
    });
  }
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    return expected.flatMap((item, index) => jsonDifferences(item, actual[index], `${path}[${index}]`));
  }
  return [`${path}: expected ${show(expected)}, got ${show(actual)}`];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// JSON for values, `none` for null: a reason or a decision that no hook gave.
function show(value: unknown): string {
  return value === null || value === undefined ? 'none' : JSON.stringify(value);
}

function slashed(pattern: TextPattern): string {
  return pattern.source.startsWith('/') ? pattern.source : `/${pattern.source}/`;
}
