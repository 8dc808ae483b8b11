// The file a FileModified event or a file tool's PostToolUse names, absolute.
import { resolve } from 'node:path';
import type { InWorkerHookContext } from '../run/in-worker-hook.js';
import { objectField, textField } from './input-fields.js';

/** The modified file (Autohand's `file_path`, a tool input's `file_path`/`path`), or undefined. */
export function editedFile(input: Readonly<Record<string, unknown>>, context: InWorkerHookContext): string | undefined {
  const toolInput = objectField(input, 'tool_input', 'toolInput') ?? {};
  const file = textField(input, 'file_path', 'filePath') ?? textField(toolInput, 'file_path', 'notebook_path', 'path');
  return file === undefined ? undefined : resolve(textField(input, 'cwd') ?? context.cwd, file);
}
