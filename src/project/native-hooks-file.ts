// hookpool's own edits of a native hooks file (.hookpool/hooks.json), shared by `add` and `init`:
// a new file's text, and one hook appended to an existing one in the file's own layout.
// A new file's `$schema` points at the schema of the hookpool installed in the project, relative
// to the file so the reference holds in every clone. A global or --prefix install has no such
// path in the project (an absolute path would hold on this machine only): the file then gets none.
import { dirname, join, relative, sep } from 'node:path';
import { detectLayout } from '../config/layouts/detect-layout.js';
import { isPlainObject } from '../config/layouts/shared.js';
import { HookpoolError } from '../errors.js';
import { fileExists } from '../io/file-exists.js';
import { appendJsonItem, parseJsonText, setJsonField } from '../io/json-edit.js';

/** `../node_modules/hookpool/schema.json` for `<project>/.hookpool/hooks.json`, or null when hookpool is not installed in the project. */
export async function schemaReference(hooksFile: string, projectDir: string): Promise<string | null> {
  const schema = join(projectDir, 'node_modules', 'hookpool', 'schema.json');
  if (!(await fileExists(schema))) return null;
  return relative(dirname(hooksFile), schema).split(sep).join('/');
}

/** A new native hooks file holding `hooks`, with `$schema` when there is one to point at. */
export async function newHooksFileText(hooksFile: string, projectDir: string, hooks: readonly unknown[]): Promise<string> {
  const $schema = await schemaReference(hooksFile, projectDir);
  return `${JSON.stringify({ ...($schema === null ? {} : { $schema }), hooks }, null, 2)}\n`;
}

/** The native file's parsed document; any other format is refused (hookpool edits only its own files). */
export function readNativeDocument(text: string, where: string, file: string): Record<string, unknown> {
  const document = parseJsonText(text, where);
  const format = detectLayout(document, { claudeSettings: false, path: file });
  if (format !== 'native' || !isPlainObject(document)) {
    throw new HookpoolError('ERR_HOOKPOOL_USAGE', `${where}: a ${format} file; hookpool writes native hookpool files only (edit this one by hand, or give --file .hookpool/hooks.json)`);
  }
  return document;
}

/** The text with `hook` appended to its `hooks` list; every other byte kept. */
export function appendNativeHook(text: string, hook: Record<string, unknown>, where: string, file: string): string {
  const document = readNativeDocument(text, where, file);
  if (document.hooks === undefined) return setJsonField(text, [], 'hooks', [hook], where);
  return appendJsonItem(text, ['hooks'], hook, `${where} hooks`);
}
