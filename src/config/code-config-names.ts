// The names of Wundr's configuration files written as code (`wundr.config.ts`, `hooks.config.ts`,
// and their `.mjs` / `.js`), apart from their loader so discovery stays free of it.
import { basename } from 'node:path';

/** In the order they are looked for in a project. */
export const CODE_CONFIG_NAMES: readonly string[] = ['wundr.config.ts', 'wundr.config.mjs', 'wundr.config.js', 'hooks.config.ts', 'hooks.config.mjs', 'hooks.config.js'];

/** Whether the file is one of them (by name, wherever it is). */
export function isCodeConfigPath(path: string): boolean {
  return CODE_CONFIG_NAMES.includes(basename(path));
}
