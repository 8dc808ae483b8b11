// Where each value of a JSON text starts and ends, so one field can be edited without
// re-serialising (and reformatting) the rest of the file. Only used on text JSON.parse accepted.

export type JsonNode = JsonObjectNode | JsonArrayNode | JsonScalarNode;

interface Span {
  /** Offset of the first character. */
  readonly start: number;
  /** Offset just after the last character. */
  readonly end: number;
}

export interface JsonMember {
  readonly key: string;
  readonly keyStart: number;
  /** Offset just after the key's closing quote. */
  readonly keyEnd: number;
  readonly value: JsonNode;
}

export interface JsonObjectNode extends Span {
  readonly kind: 'object';
  readonly members: readonly JsonMember[];
}

export interface JsonArrayNode extends Span {
  readonly kind: 'array';
  readonly items: readonly JsonNode[];
}

export interface JsonScalarNode extends Span {
  readonly kind: 'scalar';
}

/** The span tree of a JSON document (a leading byte-order mark is skipped). */
export function parseJsonSpans(text: string): JsonNode {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return readValue(text, skipSpace(text, start));
}

/** The node at a path of keys and indexes, or undefined when the path does not exist. */
export function nodeAt(root: JsonNode, path: readonly (string | number)[]): JsonNode | undefined {
  let node: JsonNode | undefined = root;
  for (const step of path) {
    if (node?.kind === 'object' && typeof step === 'string') node = node.members.find((member) => member.key === step)?.value;
    else if (node?.kind === 'array' && typeof step === 'number') node = node.items[step];
    else return undefined;
  }
  return node;
}

function skipSpace(text: string, offset: number): number {
  let at = offset;
  while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  return at;
}

function readValue(text: string, start: number): JsonNode {
  const char = text[start];
  if (char === '{') return readObject(text, start);
  if (char === '[') return readArray(text, start);
  if (char === '"') return { kind: 'scalar', start, end: stringEnd(text, start) };
  let end = start;
  while (end < text.length && !',]} \t\n\r'.includes(text[end]!)) end++;
  return { kind: 'scalar', start, end };
}

function readObject(text: string, start: number): JsonObjectNode {
  const members: JsonMember[] = [];
  let at = skipSpace(text, start + 1);
  while (text[at] !== '}') {
    const keyEnd = stringEnd(text, at);
    const key = JSON.parse(text.slice(at, keyEnd)) as string;
    const value = readValue(text, skipSpace(text, skipSpace(text, keyEnd) + 1));
    members.push({ key, keyStart: at, keyEnd, value });
    at = skipSpace(text, value.end);
    if (text[at] === ',') at = skipSpace(text, at + 1);
  }
  return { kind: 'object', start, end: at + 1, members };
}

function readArray(text: string, start: number): JsonArrayNode {
  const items: JsonNode[] = [];
  let at = skipSpace(text, start + 1);
  while (text[at] !== ']') {
    const item = readValue(text, at);
    items.push(item);
    at = skipSpace(text, item.end);
    if (text[at] === ',') at = skipSpace(text, at + 1);
  }
  return { kind: 'array', start, end: at + 1, items };
}

/** The offset just after the closing quote of the string starting at `start`. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  while (text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
  return at + 1;
}
