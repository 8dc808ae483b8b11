// Edits of a JSON text that change nothing else: one field set, one array item added, replaced or
// removed, spliced into the text where jsonc-parser's syntax tree says the value is (so comments,
// which some agents' JSONC settings hold, and every other byte stay), each new value written with
// the file's own indentation and line breaks. Every edit is checked: the text must parse to
// exactly the intended document, or the edit is refused with one line.
import { isDeepStrictEqual } from 'node:util';
import { findNodeAtLocation, parse, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { HookpoolError } from '../errors.js';

export type JsonPath = readonly (string | number)[];

/** `hooks.PreToolUse[0].hooks[1]` → `['hooks', 'PreToolUse', 0, 'hooks', 1]`. */
export function parseJsonPath(jsonPath: string): (string | number)[] {
  if (jsonPath === '(root)') return [];
  return [...jsonPath.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] === undefined ? match[1]! : Number(match[2])));
}

/** The value at `path` in a parsed document, or undefined where the path leads nowhere. */
export function valueAt(document: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>((node, step) => (node as Record<string | number, unknown> | undefined)?.[step], document);
}

/** The document a JSON (or JSONC) text holds; throws ERR_HOOKPOOL_CONFIG_READ naming `where` when it does not parse. */
export function parseJsonText(text: string, where: string): unknown {
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) throw new HookpoolError('ERR_HOOKPOOL_CONFIG_READ', `${where}: is not valid JSON (at offset ${errors[0]!.offset}); fix it or edit it by hand`);
  return value;
}

/** The text with `path.key` set to `value` (the object at `path` must exist). */
export function setJsonField(text: string, path: JsonPath, key: string, value: unknown, where: string): string {
  const object = nodeAt(text, path, 'object', where);
  const member = object.children?.find((property) => property.children?.[0]?.value === key);
  const edited = member !== undefined ? splice(text, member.children![1]!, written(text, member.children![1]!, value)) : insertMember(text, object, key, value);
  return checked(text, edited, where, (document) => {
    (valueAt(document, path) as Record<string, unknown>)[key] = value;
  });
}

/** The text with `item` appended to the array at `path`. */
export function appendJsonItem(text: string, path: JsonPath, item: unknown, where: string): string {
  const array = nodeAt(text, path, 'array', where);
  const items = array.children ?? [];
  const last = items.at(-1);
  let edited: string;
  if (last === undefined) {
    edited = `${text.slice(0, array.offset + 1)}${JSON.stringify(item)}${text.slice(array.offset + array.length - 1)}`;
  } else {
    const multiLine = text.slice(array.offset, items[0]!.offset).includes('\n');
    const indent = indentOf(text, last.offset);
    const value = multiLine && /^\s*$/.test(indent) ? pretty(text, item, indent) : JSON.stringify(item);
    const separator = multiLine ? `,${lineBreakOf(text)}${indent}` : ', ';
    edited = text.slice(0, end(last)) + separator + value + text.slice(end(last));
  }
  return checked(text, edited, where, (document) => (valueAt(document, path) as unknown[]).push(item));
}

/** The text with the array item at `path[index]` replaced by `item`. */
export function replaceJsonItem(text: string, path: JsonPath, index: number, item: unknown, where: string): string {
  const node = itemAt(text, path, index, where);
  return checked(text, splice(text, node, written(text, node, item)), where, (document) => {
    (valueAt(document, path) as unknown[])[index] = item;
  });
}

/** The text without the array item at `path[index]`, its comma taken along. */
export function removeJsonItem(text: string, path: JsonPath, index: number, where: string): string {
  const array = nodeAt(text, path, 'array', where);
  const items = array.children ?? [];
  const item = itemAt(text, path, index, where);
  const previous = items[index - 1];
  const next = items[index + 1];
  let edited: string;
  if (previous !== undefined) edited = text.slice(0, end(previous)) + text.slice(end(item));
  else if (next !== undefined) edited = text.slice(0, item.offset) + text.slice(next.offset);
  else edited = `${text.slice(0, array.offset + 1)}${text.slice(array.offset + array.length - 1).replace(/^\s*/, '')}`;
  return checked(text, edited, where, (document) => (valueAt(document, path) as unknown[]).splice(index, 1));
}

function nodeAt(text: string, path: JsonPath, type: 'object' | 'array', where: string): Node {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const node = root === undefined ? undefined : path.length === 0 ? root : findNodeAtLocation(root, [...path]);
  if (node?.type !== type) throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: no ${type === 'array' ? 'list' : 'object'} at this path; was the file edited meanwhile?`);
  return node;
}

function itemAt(text: string, path: JsonPath, index: number, where: string): Node {
  const item = nodeAt(text, path, 'array', where).children?.[index];
  if (item === undefined) throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: no such entry any more; was the file edited meanwhile?`);
  return item;
}

// A new member after the object's last one, written the way that one is (indentation, `"a": 1` or `"a":1`).
function insertMember(text: string, object: Node, key: string, value: unknown): string {
  const last = object.children?.at(-1);
  if (last === undefined) return `${text.slice(0, object.offset + 1)}${JSON.stringify(key)}: ${JSON.stringify(value)}${text.slice(object.offset + object.length - 1)}`;
  const [lastKey, lastValue] = last.children as [Node, Node];
  const multiLine = text.slice(object.offset, lastKey.offset).includes('\n');
  const indent = indentOf(text, lastKey.offset);
  const between = text.slice(end(lastKey), lastValue.offset);
  const colon = between.trim() === ':' ? between : ': ';
  const member = `${JSON.stringify(key)}${colon}${multiLine ? pretty(text, value, indent) : JSON.stringify(value)}`;
  return text.slice(0, end(last)) + (multiLine ? `,${lineBreakOf(text)}${indent}` : ', ') + member + text.slice(end(last));
}

// A replacement value, pretty where the old one spanned lines.
function written(text: string, node: Node, value: unknown): string {
  return text.slice(node.offset, end(node)).includes('\n') ? pretty(text, value, indentOf(text, node.offset)) : JSON.stringify(value);
}

function pretty(text: string, value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2).replaceAll('\n', `${lineBreakOf(text)}${indent}`);
}

function splice(text: string, node: Node, replacement: string): string {
  return text.slice(0, node.offset) + replacement + text.slice(end(node));
}

function end(node: Node): number {
  return node.offset + node.length;
}

function indentOf(text: string, offset: number): string {
  return text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset);
}

function lineBreakOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

// The edited text must parse to exactly the document with that one change.
function checked(before: string, after: string, where: string, change: (document: unknown) => void): string {
  const expected = parseJsonText(before, where);
  change(expected);
  if (!isDeepStrictEqual(parseJsonText(after, where), expected)) {
    throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: the edit could not be made without changing other content; edit the file by hand`);
  }
  return after;
}
