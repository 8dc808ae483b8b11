// Appends an item to, or removes one from, an array of a JSON text, changing nothing else: the
// new item is written with the array's own indentation, and a removed item takes its comma along.
import { isDeepStrictEqual } from 'node:util';
import { withoutByteOrderMark } from '../../config/parse-json.js';
import { HookpoolError } from '../../errors.js';
import { nodeAt, parseJsonSpans, type JsonArrayNode } from './json-spans.js';
import { valueAt } from './config-file-io.js';

type JsonPath = readonly (string | number)[];

/** The text with `item` appended to the array at `path`. Throws ERR_HOOKPOOL_CONFIG_WRITE when there is no array there. */
export function appendJsonItem(text: string, path: JsonPath, item: unknown, where: string): string {
  const array = arrayAt(text, path, where);
  const last = array.items.at(-1);
  let edited: string;
  if (last === undefined) {
    edited = `${text.slice(0, array.start + 1)}${JSON.stringify(item)}${text.slice(array.end - 1)}`;
  } else {
    const multiLine = text.slice(array.start, array.items[0]!.start).includes('\n');
    const lineBreak = text.includes('\r\n') ? '\r\n' : '\n';
    const indent = text.slice(text.lastIndexOf('\n', last.start) + 1, last.start);
    const written = multiLine && /^\s*$/.test(indent) ? JSON.stringify(item, null, 2).replaceAll('\n', `${lineBreak}${indent}`) : JSON.stringify(item);
    const separator = multiLine ? `,${lineBreak}${indent}` : ', ';
    edited = text.slice(0, last.end) + separator + written + text.slice(last.end);
  }
  assertEdit(text, edited, path, (list) => list.push(item), where);
  return edited;
}

/** The text without the array item at `path[index]`. */
export function removeJsonItem(text: string, path: JsonPath, index: number, where: string): string {
  const array = arrayAt(text, path, where);
  const item = array.items[index];
  if (item === undefined) throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: no such entry any more; was the file edited meanwhile?`);
  // The item and the comma before it; the first item takes the comma after it instead.
  const previous = array.items[index - 1];
  const next = array.items[index + 1];
  let edited: string;
  if (previous !== undefined) edited = text.slice(0, previous.end) + text.slice(item.end);
  else if (next !== undefined) edited = text.slice(0, item.start) + text.slice(next.start);
  else edited = `${text.slice(0, array.start + 1)}${text.slice(array.end - 1).replace(/^\s*/, '')}`;
  assertEdit(text, edited, path, (list) => list.splice(index, 1), where);
  return edited;
}

function arrayAt(text: string, path: JsonPath, where: string): JsonArrayNode {
  const node = nodeAt(parseJsonSpans(text), path);
  if (node?.kind !== 'array') throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: no list at this path; was the file edited meanwhile?`);
  return node;
}

// The edited text must parse to exactly the document with that one change.
function assertEdit(before: string, after: string, path: JsonPath, change: (list: unknown[]) => void, where: string): void {
  const expected = JSON.parse(withoutByteOrderMark(before)) as unknown;
  change(valueAt(expected, path) as unknown[]);
  if (!isDeepStrictEqual(JSON.parse(withoutByteOrderMark(after)), expected)) {
    throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: the edit could not be made without changing other content; edit the file by hand`);
  }
}
