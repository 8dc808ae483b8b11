// Where a JSON text first goes wrong, as line and column. Node 20's JSON.parse messages carry no
// position, so after a failed parse this small validator walks the text to find it. It only
// runs on the error path, never on a successful load.

export interface JsonSyntaxError {
  /** 1-based. */
  readonly line: number;
  /** 1-based, in UTF-16 code units. */
  readonly column: number;
  readonly message: string;
}

class Failure {
  constructor(readonly offset: number, readonly message: string) {}
}

/** The first syntax error of `text`, or undefined when it is valid JSON. */
export function locateJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  try {
    const end = skipSpace(text, readValue(text, skipSpace(text, 0)));
    if (end < text.length) throw unexpected(text, end, 'nothing after the end of the document');
    return undefined;
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    return { ...lineAndColumn(text, error.offset), message: error.message };
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function unexpected(text: string, offset: number, expected: string): Failure {
  if (offset >= text.length) return new Failure(offset, `Unexpected end of input (expected ${expected})`);
  return new Failure(offset, `Unexpected token ${JSON.stringify(text[offset])} (expected ${expected})`);
}

function skipSpace(text: string, offset: number): number {
  let at = offset;
  while (at < text.length && ' \t\n\r'.includes(text[at] as string)) at++;
  return at;
}

/** Reads one value starting at `offset`; returns the offset just after it. */
function readValue(text: string, offset: number): number {
  const char = text[offset];
  if (char === '{') return readObject(text, offset + 1);
  if (char === '[') return readArray(text, offset + 1);
  if (char === '"') return readString(text, offset + 1);
  if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return readNumber(text, offset);
  for (const literal of ['true', 'false', 'null']) {
    if (text.startsWith(literal, offset)) return offset + literal.length;
  }
  throw unexpected(text, offset, 'a value: object, array, string, number, true, false or null');
}

function readObject(text: string, offset: number): number {
  let at = skipSpace(text, offset);
  if (text[at] === '}') return at + 1;
  for (;;) {
    if (text[at] !== '"') throw unexpected(text, at, 'a property name in double quotes');
    at = skipSpace(text, readString(text, at + 1));
    if (text[at] !== ':') throw unexpected(text, at, "':' after the property name");
    at = skipSpace(text, readValue(text, skipSpace(text, at + 1)));
    if (text[at] === '}') return at + 1;
    if (text[at] !== ',') throw unexpected(text, at, "',' or '}' after the property value");
    at = skipSpace(text, at + 1);
  }
}

function readArray(text: string, offset: number): number {
  let at = skipSpace(text, offset);
  if (text[at] === ']') return at + 1;
  for (;;) {
    at = skipSpace(text, readValue(text, at));
    if (text[at] === ']') return at + 1;
    if (text[at] !== ',') throw unexpected(text, at, "',' or ']' after the array element");
    at = skipSpace(text, at + 1);
  }
}

function readString(text: string, offset: number): number {
  let at = offset;
  for (;;) {
    const char = text[at];
    if (char === undefined) throw unexpected(text, at, 'a closing double quote');
    if (char === '"') return at + 1;
    if (char < ' ') throw new Failure(at, 'Bad control character in string (escape it, e.g. \\n)');
    if (char === '\\') {
      const escape = text[at + 1];
      if (escape === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) at += 6;
      else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) at += 2;
      else throw new Failure(at, 'Bad escape in string (allowed: \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
    } else {
      at++;
    }
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function readNumber(text: string, offset: number): number {
  NUMBER.lastIndex = offset;
  const match = NUMBER.exec(text);
  if (!match) throw unexpected(text, text[offset] === '-' ? offset + 1 : offset, 'a digit');
  return offset + match[0].length;
}
