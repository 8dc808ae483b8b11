// `hookpool remove <hook-id>`: deletes the hook's entry from its native file, Claude Code settings
// or Autohand config, leaving every other byte; other formats are refused (Autohand's /hooks remove).
import type { Command } from 'commander';
import { isDeepStrictEqual } from 'node:util';
import type { ConfigFormat } from '../../model/hook-definition.js';
import { HookpoolError } from '../../errors.js';
import { keepTrustAfterEdit, TRUST_KEPT_LINE } from '../../trust/trust-after-edit.js';
import { addConfigOptions, type ConfigOptions } from '../config-options.js';
import { parseJsonPath, parseJsonText, removeJsonItem, valueAt } from '../../io/json-edit.js';
import { editUserFile } from '../../io/user-files/edit-user-file.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { findHook } from '../../project/find-hook.js';
import { loadCliConfig } from '../../project/load-project.js';
import { describeSource } from '../../project/describe.js';
import { printLine } from '../output/print.js';
import type { Finish } from '../program.js';

// Formats whose entries remove can delete: one hook is one array item (native, Autohand) or one handler in a matcher group (Claude).
const REMOVABLE: ReadonlySet<ConfigFormat> = new Set(['native', 'claude', 'autohand']);

export function registerRemoveCommand(program: Command, finish: Finish): void {
  const command = program
    .command('remove')
    .summary("delete a hook's entry from its native file, Claude Code settings or Autohand config")
    .description("Delete the hook's entry from the file it came from, leaving every other byte; a Claude Code matcher group left empty goes with it. Only native files, Claude Code settings and Autohand configs are edited: Wundr, Opta and OpenClaw files are refused (use hookpool disable, or edit them by hand). A trusted file stays trusted: removing a hook runs nothing you have not reviewed (unless a remaining hook's script changed since you trusted it).")
    .argument('<hook-id>', 'the hook to remove (hookpool list shows the ids)');
  addConfigOptions(command)
    .addHelpText('after', `
Examples:
  $ hookpool remove auto-lint
  $ hookpool remove echo@PreToolUse --claude-settings .claude/settings.json`)
    .action(async (id: string, options: ConfigOptions) => finish(await removeHook(id, options)));
}

async function removeHook(id: string, options: ConfigOptions): Promise<ExitCode> {
  const config = await loadCliConfig(options, { includeUntrusted: true });
  const { source } = findHook(config.hooks, id, config.cwd).definition;
  if (source === undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `hook "${id}" was not read from a file`);
  const where = describeSource(source, config.cwd);
  if (!REMOVABLE.has(source.format)) {
    throw new HookpoolError('ERR_HOOKPOOL_USAGE', `hook "${id}" (${where}) comes from a ${source.format}-format file: remove edits native files, Claude Code settings and Autohand configs only; use hookpool disable ${id}, or edit the file by hand`);
  }
  const path = parseJsonPath(source.jsonPath);
  // The entry found at the first read must still be there on a second try (another program wrote the file meanwhile).
  let entry: unknown;
  const { before, after } = await editUserFile(source.file, where, (text) => {
    entry ??= valueAt(parseJsonText(requireText(text, where), where), path) ?? null;
    return removeEntry(requireText(text, where), path, entry, where);
  });
  printLine(`removed ${id} (${where})`);
  const remaining = config.hooks.filter((hook) => hook.definition.source?.file === source.file && hook.definition.id !== id).map((hook) => hook.input);
  const edit = { file: source.file, before: before ?? '', after: after ?? '', remaining, projectDir: config.cwd, home: config.home };
  if (await keepTrustAfterEdit(edit)) printLine(TRUST_KEPT_LINE);
  return EXIT.proceed;
}

// `hooks[2]`: that item. `hooks.PreToolUse[0].hooks[1]`: that handler, or the whole group when it is the group's only one.
function removeEntry(text: string, path: (string | number)[], entry: unknown, where: string): string {
  const index = path.at(-1);
  if (typeof index !== 'number') throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: not a list entry`);
  const document = parseJsonText(text, where);
  if (!isDeepStrictEqual(valueAt(document, path), entry)) throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: the entry is no longer where it was; was the file edited meanwhile? run the command again`);
  const list = path.slice(0, -1);
  const siblings = valueAt(document, list);
  const groupIndex = list.at(-2);
  if (Array.isArray(siblings) && siblings.length === 1 && list.at(-1) === 'hooks' && typeof groupIndex === 'number') {
    return removeJsonItem(text, list.slice(0, -2), groupIndex, where);
  }
  return removeJsonItem(text, list, index, where);
}

function requireText(text: string | null, where: string): string {
  if (text === null) throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: the file is gone; was it removed meanwhile?`);
  return text;
}
