// What every command that edits a configuration file does around its edit: find the value at a
// JSON path, and write the edited text back (creating its folder), a failure being one coded line.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { HookpoolError } from '../../errors.js';

/** The value at `path` in a parsed document, or undefined where the path leads nowhere. */
export function valueAt(document: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((node, step) => (node as Record<string | number, unknown> | undefined)?.[step], document);
}

/** Writes `text` to `file` (its folder made first); throws ERR_HOOKPOOL_CONFIG_WRITE `<where>: cannot be written (...)`. */
export async function writeConfigFile(file: string, text: string, where: string): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  } catch (error) {
    throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: cannot be written (${(error as Error).message})`);
  }
}
