// One parsed settings document to native hooks: detect the format, run its reader.
import { readBuiltinHooks, type BuiltinCatalog } from '../builtin-hooks.js';
import type { ConfigFormat } from '../../model/hook-definition.js';
import { readAutohandHooks } from './autohand.js';
import { readClaudeHooks } from './claude.js';
import type { ClaudeHooksContext } from './claude-handler.js';
import { unwrapPluginHooks } from './plugin-hooks-shape.js';
import { detectLayout } from './detect-layout.js';
import { readNativeHooks } from './native.js';
import { readOpenclawHooks } from './openclaw.js';
import { readOptaHooks } from './opta.js';
import { isPlainObject, problemAt, type FormatResult } from './shared.js';
import { readWundrHooks } from './wundr.js';
import { readWundrBuiltins } from './wundr-builtins.js';

const READERS: Readonly<Record<ConfigFormat, (document: unknown, file: string, context?: ClaudeHooksContext) => FormatResult>> = {
  native: readNativeHooks,
  claude: readClaudeHooks,
  autohand: readAutohandHooks,
  wundr: readWundrHooks,
  opta: readOptaHooks,
  openclaw: readOpenclawHooks,
};

export interface DocumentHooks extends FormatResult {
  readonly format: ConfigFormat;
  /** The document sets Claude Code's `disableAllHooks: true`. */
  readonly disableAllHooks: boolean;
}

/** Reads the hooks of one document; pure, so every format is testable without files. */
export function readHooksDocument(document: unknown, options: { file: string; claudeSettings: boolean; context?: ClaudeHooksContext; builtinCatalog?: BuiltinCatalog }): DocumentHooks {
  const format = detectLayout(document, { path: options.file, claudeSettings: options.claudeSettings });
  const shapeProblems: string[] = [];
  const shaped = options.context?.plugin === undefined ? document : unwrapPluginHooks(document, options.file, shapeProblems);
  const { hooks, broken, problems, unreadable } = READERS[format](shaped, options.file, options.context);
  problems.unshift(...shapeProblems);
  if (format === 'native' && options.builtinCatalog !== undefined) hooks.push(...readBuiltinHooks(document, options.file, options.builtinCatalog, problems));
  if (format === 'wundr' && options.builtinCatalog !== undefined) hooks.push(...readWundrBuiltins(document, options.file, options.builtinCatalog, problems));
  const flag = isPlainObject(document) ? document.disableAllHooks : undefined;
  if (flag !== undefined && typeof flag !== 'boolean') {
    problems.push(problemAt(options.file, ['disableAllHooks'], 'expected true or false; ignored'));
  }
  return { format, hooks, broken, problems, disableAllHooks: flag === true, ...(unreadable === undefined ? {} : { unreadable }) };
}
