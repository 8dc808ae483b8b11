// Sets one field of one object in a JSON text, changing nothing else: the value is replaced in
// place, or a new member is added after the last one with the object's own indentation.
import { isDeepStrictEqual } from 'node:util';
import { withoutByteOrderMark } from '../../config/parse-json.js';
import { HookpoolError } from '../../errors.js';
import { nodeAt, parseJsonSpans, type JsonObjectNode } from './json-spans.js';
import { valueAt } from './config-file-io.js';

/** `hooks.PreToolUse[0].hooks[1]` → `['hooks', 'PreToolUse', 0, 'hooks', 1]`. */
export function parseJsonPath(jsonPath: string): (string | number)[] {
  if (jsonPath === '(root)') return [];
  return [...jsonPath.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] === undefined ? match[1]! : Number(match[2])));
}

/**
 * The text with `path.key` set to `value`. Throws ERR_HOOKPOOL_CONFIG_WRITE when the path is not
 * an object, or when the edited text would not parse to exactly the intended document.
 */
export function setJsonField(text: string, path: readonly (string | number)[], key: string, value: unknown, where: string): string {
  const target = nodeAt(parseJsonSpans(text), path);
  if (target?.kind !== 'object') throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: no object at this path any more; was the file edited meanwhile?`);
  const existing = target.members.find((member) => member.key === key);
  const written = JSON.stringify(value);
  const edited = existing
    ? text.slice(0, existing.value.start) + written + text.slice(existing.value.end)
    : insertMember(text, target, `${JSON.stringify(key)}${keyValueSeparator(text, target)}${written}`);
  assertOnlyFieldChanged(text, edited, path, key, value, where);
  return edited;
}

function insertMember(text: string, object: JsonObjectNode, member: string): string {
  const last = object.members.at(-1);
  if (last === undefined) return `${text.slice(0, object.start + 1)}${member}${text.slice(object.end - 1)}`;
  const firstKey = object.members[0]!.keyStart;
  const multiLine = text.slice(object.start, firstKey).includes('\n');
  const lineBreak = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = text.slice(text.lastIndexOf('\n', last.keyStart) + 1, last.keyStart);
  const separator = multiLine ? `,${lineBreak}${indent}` : ', ';
  return text.slice(0, last.value.end) + separator + member + text.slice(last.value.end);
}

// `"a": 1` or `"a":1`: new members are written the way the object's last member is.
function keyValueSeparator(text: string, object: JsonObjectNode): string {
  const last = object.members.at(-1);
  if (last === undefined) return ': ';
  const between = text.slice(last.keyEnd, last.value.start);
  return between.trim() === ':' ? between : ': ';
}

function assertOnlyFieldChanged(before: string, after: string, path: readonly (string | number)[], key: string, value: unknown, where: string): void {
  const expected = JSON.parse(withoutByteOrderMark(before)) as unknown;
  const target = valueAt(expected, path) as Record<string, unknown>;
  target[key] = value;
  if (!isDeepStrictEqual(JSON.parse(withoutByteOrderMark(after)), expected)) {
    throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: the edit could not be made without changing other content; set "${key}" by hand`);
  }
}
