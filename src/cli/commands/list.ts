// `hookpool list`: every configured hook, grouped by canonical event, with where it came from.
import type { Command } from 'commander';
import { isAudited } from '../../aggregate/audit-mode.js';
import { EVENT_NAMES } from '../../events/event-specs.js';
import { addConfigOptions, type ConfigOptions } from '../config-options.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { loadCliConfig, type CliConfig, type ListedHook } from '../../project/load-project.js';
import { describeCommand, describeSource, formatTimeout, plural } from '../../project/describe.js';
import { describeAvailableBuiltins, listBuiltins } from '../output/describe-builtins.js';
import { describeFilesRead, describeSearchedPlaces, describeUntrusted } from '../output/describe-files.js';
import { printJson, printLine, printLines, printWarning } from '../output/print.js';
import { createPaint, type Paint } from '../output/style.js';
import { formatTable, type Cell } from '../output/table.js';
import type { Finish } from '../program.js';
import { resolveCliEvent } from '../../project/event-named.js';
import { describeAllHooksOff } from '../../project/all-hooks-off.js';
import { problemsThatMatter } from '../../project/waiting-for-trust.js';

interface ListOptions extends ConfigOptions {
  readonly json?: boolean;
  readonly event?: string;
}

interface EventGroup {
  readonly event: string;
  readonly hooks: readonly ListedHook[];
  readonly enabled: number;
}

export function registerListCommand(program: Command, finish: Finish): void {
  const command = program
    .command('list')
    .summary('show the configured hooks, grouped by event')
    .description('Show every configured hook grouped by event: state, id, matcher, timeout, foreground or background, its origin (builtin, config, plugin, api), the file it came from and its description.');
  addConfigOptions(command)
    .option('--json', 'print the listing as JSON')
    .option('--event <name>', 'only the hooks of this event (a name or alias, e.g. PreToolUse or tool.pre)')
    .addHelpText('after', `
Examples:
  $ hookpool list
  $ hookpool list --event PreToolUse
  $ hookpool list --config examples/hookpool.json --json`)
    .action(async (options: ListOptions) => finish(await listHooks(options)));
}

async function listHooks(options: ListOptions): Promise<ExitCode> {
  const config = await loadCliConfig(options, { includeUntrusted: true });
  const event = options.event === undefined ? undefined : resolveCliEvent(options.event).name;
  const groups = groupByEvent(config.hooks).filter((group) => event === undefined || group.event === event);
  if (options.json) {
    printJson(listingAsJson(config, groups));
    return EXIT.proceed;
  }
  problemsThatMatter(config).forEach(printWarning);
  const paint = createPaint();
  const allOff = describeAllHooksOff(config);
  if (config.hooks.length === 0) {
    printLine(`no hooks configured (looked in ${describeSearchedPlaces(config, options)})`);
    const builtins = describeAvailableBuiltins(listBuiltins(config));
    if (builtins !== null) printLine(paint(builtins, 'dim'));
    if (allOff !== null) printLine(paint(`every hook is off: ${allOff}`, 'yellow'));
    return EXIT.proceed;
  }
  const shown = groups.flatMap((group) => group.hooks);
  if (shown.length === 0) printLine(`no hooks for ${event}`);
  else printLines(renderGroups(groups, config, paint));
  const enabled = shown.filter((hook) => hook.definition.enabled).length;
  printLine();
  printLine(`${plural(shown.length, 'hook')} (${enabled} enabled)${event === undefined ? '' : ` for ${event}`} from ${describeFilesRead(config)}`);
  for (const line of describeUntrusted(config)) printLine(paint(line, 'yellow'));
  if (allOff !== null) printLine(paint(`every hook is off: ${allOff}`, 'yellow'));
  const builtins = describeAvailableBuiltins(listBuiltins(config));
  if (builtins !== null && event === undefined) printLine(paint(builtins, 'dim'));
  if (config.selfCalls.length > 0) printLine(paint(`left out: ${config.selfCalls.length} settings ${config.selfCalls.length === 1 ? 'entry' : 'entries'} calling hookpool itself (how the agent reaches hookpool)`, 'dim'));
  return EXIT.proceed;
}

function groupByEvent(hooks: readonly ListedHook[]): EventGroup[] {
  return EVENT_NAMES.flatMap((event) => {
    const inEvent = hooks.filter((hook) => hook.definition.event === event);
    if (inEvent.length === 0) return [];
    return [{ event, hooks: inEvent, enabled: inEvent.filter((hook) => hook.definition.enabled).length }];
  });
}

const HEADER: readonly Cell[] = ['STATE', 'ID', 'MATCHER', 'TIMEOUT', 'MODE', 'ORIGIN', 'SOURCE', 'DESCRIPTION'].map((text) => ({ text, styles: ['dim'] }));

// One table over all groups keeps the columns aligned from the first event to the last.
function renderGroups(groups: readonly EventGroup[], config: CliConfig, paint: Paint): string[] {
  const rows = [HEADER, ...groups.flatMap((group) => group.hooks.map((hook) => hookRow(hook, config)))];
  const lines = formatTable(rows, { paint, indent: '  ', rightAligned: new Set([3]) });
  const output: string[] = [lines[0]!];
  let next = 1;
  for (const group of groups) {
    output.push(`${paint(group.event, 'bold')} (${group.enabled}/${group.hooks.length} enabled)`);
    output.push(...lines.slice(next, next + group.hooks.length));
    next += group.hooks.length;
  }
  return output;
}

function hookRow(hook: ListedHook, config: CliConfig): Cell[] {
  const { definition } = hook;
  const state: Cell = !definition.enabled
    ? { text: 'off', styles: ['dim'] }
    : !hook.trusted
      ? { text: 'untrusted', styles: ['yellow'] }
      : isAudited(definition)
        ? { text: 'audit', styles: ['yellow'] }
        : { text: 'on', styles: ['green'] };
  return [
    state,
    { text: definition.id, styles: ['bold'] },
    definition.matcher ?? '*',
    formatTimeout(definition.timeoutMs),
    definition.background ? { text: 'background', styles: ['cyan'] } : 'foreground',
    definition.origin,
    { text: describeSource(definition.source, config.cwd), styles: ['dim'] },
    definition.description ?? '',
  ];
}

function listingAsJson(config: CliConfig, groups: readonly EventGroup[]): object {
  return {
    cwd: config.cwd,
    files: config.loaded.files,
    events: groups.map((group) => ({
      event: group.event,
      enabled: group.enabled,
      total: group.hooks.length,
      hooks: group.hooks.map(({ definition, trusted }) => ({
        id: definition.id,
        matcher: definition.matcher ?? null,
        type: definition.handler.kind,
        command: describeCommand(definition),
        origin: definition.origin,
        priority: definition.priority,
        timeoutMs: definition.timeoutMs,
        background: definition.background,
        enabled: definition.enabled,
        enforce: !isAudited(definition),
        trusted,
        description: definition.description ?? null,
        source: definition.source ?? null,
      })),
    })),
    builtins: listBuiltins(config),
    problems: config.loaded.problems,
    disableAllHooks: config.loaded.disableAllHooks,
    allHooksOffByUser: config.allHooksOffByUser,
  };
}
