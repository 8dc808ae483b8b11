// JSON text to a value, or where and why it is not JSON (line and column: Node 20's messages carry
// no position). A leading byte-order mark is allowed. One place for every JSON a user writes:
// configuration files and the payloads of `hookpool run` and `test`.
import { HookpoolError } from '../errors.js';
import { locateJsonSyntaxError } from './json-syntax-error.js';

/** Text without the byte-order mark some editors (on Windows) write first. */
export function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export type JsonParse = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly at: string };

/** The value, or `at`: `<line>:<column>: <what is wrong>`. */
export function parseJson(text: string): JsonParse {
  const body = withoutByteOrderMark(text);
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (error) {
    const where = locateSafely(body) ?? { line: 1, column: 1, message: (error as Error).message };
    return { ok: false, at: `${where.line}:${where.column}: ${where.message}` };
  }
}

/** The value; throws ERR_HOOKPOOL_CONFIG_READ `<source>:<line>:<column>: <what is wrong>`. */
export function parseJsonOrThrow(text: string, source: string): unknown {
  const parsed = parseJson(text);
  if (parsed.ok) return parsed.value;
  throw new HookpoolError('ERR_HOOKPOOL_CONFIG_READ', `${source}:${parsed.at}`);
}

// The locator recurses per nesting level; a document nested deeper than the stack is still just
// invalid, reported at its start rather than as the walk's own stack overflow.
function locateSafely(body: string): ReturnType<typeof locateJsonSyntaxError> {
  try {
    return locateJsonSyntaxError(body);
  } catch {
    return undefined;
  }
}
