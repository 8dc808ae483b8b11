// `hookpool add`: appends one hook to a native file (.hookpool/hooks.json by default), or with
// --autohand (or --file naming an Autohand config) to Autohand's ~/.autohand/config.json in its own
// shape, checked by the same reader the loader uses; the rest of the file stays byte for byte
// (Autohand's /hooks add).
import { Option, type Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { autohandConfigPath } from '../../config/discover.js';
import { isAutohandShape } from '../../config/layouts/autohand.js';
import { addAutohandEntry, autohandEntryOf } from '../../project/autohand-entry.js';
import { formatIssues } from '../../config/format-issues.js';
import { isPlainObject } from '../../config/layouts/shared.js';
import { nativeHookSchema } from '../../config/native-schema.js';
import { EVENT_NAMES } from '../../events/event-specs.js';
import { HookpoolError } from '../../errors.js';
import { parseJsonText } from '../../io/json-edit.js';
import { editUserFile } from '../../io/user-files/edit-user-file.js';
import { wireAgent, wiredAgents } from '../../project/wire-agent.js';
import { describeWiring } from '../output/describe-wiring.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { loadCliConfig, resolveCliDirs } from '../../project/load-project.js';
import { displayPath } from '../../project/describe.js';
import { printLine } from '../output/print.js';
import { appendNativeHook, newHooksFileText } from '../../project/native-hooks-file.js';
import { TRUST_NEEDED_LINE } from '../../trust/trust-after-edit.js';
import { filesWaitingForTrust } from '../../project/waiting-for-trust.js';
import type { Finish } from '../program.js';
import { resolveCliEvent } from '../../project/event-named.js';

interface AddOptions {
  readonly cwd?: string;
  readonly file?: string;
  readonly event: string;
  readonly command: string;
  readonly matcher?: string;
  readonly id?: string;
  readonly timeout?: string;
  readonly description?: string;
  readonly background?: boolean;
  readonly onError?: 'open' | 'closed';
  readonly disabled?: boolean;
  readonly autohand?: boolean;
}

const DEFAULT_FILE = '.hookpool/hooks.json';

export function registerAddCommand(program: Command, finish: Finish): void {
  program
    .command('add')
    .summary('append a hook to the native hooks file')
    .description(`Append one hook to a native hookpool file (default ${DEFAULT_FILE}, created when missing), checked by the same schema the loader uses; the rest of the file is left as it was. Claude Code settings and the seed formats are refused: edit those by hand. A project file that was trusted waits for hookpool trust again: its new command has not been reviewed.`)
    .requiredOption('--event <name>', 'the event (a name or alias, e.g. PreToolUse or tool.pre)')
    .requiredOption('--command <command>', 'what to run, through sh -c')
    .option('--matcher <matcher>', 'which tools (or other subjects) it runs for, e.g. "Bash" or "Edit|Write"')
    .option('--id <id>', 'a stable name for list, test, enable, disable and remove')
    .option('--timeout <ms>', 'timeout in milliseconds')
    .option('--description <text>', 'what the hook is for (list shows it)')
    .option('--background', 'the agent does not wait for it')
    .addOption(new Option('--on-error <mode>', 'when it gives no answer: open lets the action proceed, closed refuses it').choices(['open', 'closed']))
    .option('--disabled', 'add it turned off')
    .option('--file <file>', `the native file to append to (default ${DEFAULT_FILE}), or an Autohand config`)
    .option('--autohand', "append to Autohand's ~/.autohand/config.json, in its shape (--background is its async)")
    .option('--cwd <dir>', 'project directory (default: the current directory)')
    .addHelpText('after', `
Events: ${EVENT_NAMES.join(', ')}

Examples:
  $ hookpool add --event PreToolUse --matcher Bash --command .hookpool/hooks/block-rm.sh --id block-rm --timeout 5000
  $ hookpool add --event Stop --command 'npm test --silent' --description "keep working while tests fail"
  $ hookpool add --autohand --event pre-tool --matcher '^run_command$' --command ./log.sh --description "Log commands"`)
    .action(async (options: AddOptions) => finish(await addHook(options)));
}

async function addHook(options: AddOptions): Promise<ExitCode> {
  const { cwd, home } = await resolveCliDirs(options);
  if (options.autohand === true && options.file !== undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', 'give --autohand or --file, not both');
  const file = options.autohand === true ? autohandConfigPath(home) : resolve(cwd, options.file ?? DEFAULT_FILE);
  const where = displayPath(file, cwd);
  if (await isAutohandFile(file)) return addAutohandHook(options, file, where);
  const hook = hookOf(options, where);
  if (hook.id !== undefined) await assertIdFree(hook.id, cwd);
  const newFile = await newHooksFileText(file, cwd, [hook]);
  const { before } = await editUserFile(file, where, (text) => (text === null ? newFile : appendNativeHook(text, hook, where, file)));
  printLine(`added ${hook.id ?? `a ${hook.event} hook`} to ${where}${before === null ? ' (new file)' : ''}`);
  // The agents the project is wired for learn the new event (and matcher) at once.
  for (const agent of await wiredAgents(cwd)) describeWiring(await wireAgent(agent)).filter((line) => line.startsWith('wired ')).forEach((line) => printLine(line));
  // A new command is never trusted on the user's behalf (trust/trust-after-edit.ts): said whenever the file is one that needs trust.
  const after = await loadCliConfig({ cwd }, { includeUntrusted: true });
  if (filesWaitingForTrust(after).some((waiting) => waiting.file.path === file)) printLine(TRUST_NEEDED_LINE(where));
  return EXIT.proceed;
}

// An Autohand config: named so (`.autohand/config.json`), or a file already in its shape.
async function isAutohandFile(file: string): Promise<boolean> {
  if (basename(file) === 'config.json' && basename(dirname(file)) === '.autohand') return true;
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return false;
  const document = parseJsonText(text, file);
  return isPlainObject(document) && isAutohandShape(document.hooks);
}

async function addAutohandHook(options: AddOptions, file: string, where: string): Promise<ExitCode> {
  if (options.id !== undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `${where}: Autohand hooks have no id (hookpool names each <program>@<event>); leave out --id`);
  if (options.onError !== undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `${where}: Autohand hooks have no onError; leave out --on-error`);
  const timeout = options.timeout === undefined ? undefined : Number.isNaN(Number(options.timeout)) ? options.timeout : Number(options.timeout);
  const entry = autohandEntryOf({ ...options, event: resolveCliEvent(options.event).name, timeout }, where);
  const { before } = await editUserFile(file, where, (text) => addAutohandEntry(text, entry, where));
  printLine(`added a ${String(entry.event)} hook to ${where}${before === null ? ' (new file)' : ''}`);
  return EXIT.proceed;
}

// The entry as written to the file: only the fields given, in the order a person would write them.
function hookOf(options: AddOptions, where: string): Record<string, unknown> & { id?: string; event: string } {
  const timeout = options.timeout === undefined ? undefined : Number(options.timeout);
  const hook = {
    id: options.id,
    event: resolveCliEvent(options.event).name,
    matcher: options.matcher,
    command: options.command,
    timeout: Number.isNaN(timeout) ? options.timeout : timeout,
    background: options.background,
    onError: options.onError,
    enabled: options.disabled === true ? false : undefined,
    description: options.description,
  };
  const entry = Object.fromEntries(Object.entries(hook).filter(([, value]) => value !== undefined)) as typeof hook;
  const parsed = nativeHookSchema.safeParse(entry);
  if (!parsed.success) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', formatIssues(parsed.error, `${where} (new hook)`).join('\n'));
  return entry;
}

// Among the discovered files: an id test, enable and remove could not tell apart is refused up front.
async function assertIdFree(id: string, cwd: string): Promise<void> {
  const config = await loadCliConfig({ cwd }, { includeUntrusted: true });
  if (config.hooks.some((listed) => listed.definition.id === id)) throw new HookpoolError('ERR_HOOKPOOL_DUPLICATE_HOOK_ID', `a hook with the id "${id}" already exists (hookpool list shows it); choose another --id`);
}
