// `hookpool list`: every configured hook, grouped by canonical event, with where it came from.
import type { Command } from 'commander';
import { EVENT_NAMES } from '../../events/event-specs.js';
import { addConfigOptions, type ConfigOptions } from '../config-options.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { loadCliConfig, type CliConfig, type ListedHook } from '../load-cli-config.js';
import { describeCommand, describeSource, formatTimeout, plural } from '../output/describe.js';
import { describeFilesRead, describeSearchedPlaces, describeUntrusted } from '../output/describe-files.js';
import { printJson, printLine, printLines, printWarning } from '../output/print.js';
import { createPaint, type Paint } from '../output/style.js';
import { formatTable, type Cell } from '../output/table.js';
import type { Finish } from '../program.js';

interface ListOptions extends ConfigOptions {
  readonly json?: boolean;
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
    .description('Show every configured hook grouped by event: id, matcher, timeout, foreground or background, enabled or not, its origin (builtin, config, plugin) and the file it came from.');
  addConfigOptions(command)
    .option('--json', 'print the listing as JSON')
    .addHelpText('after', `
Examples:
  $ hookpool list
  $ hookpool list --config examples/hookpool.json --json`)
    .action(async (options: ListOptions) => finish(await listHooks(options)));
}

async function listHooks(options: ListOptions): Promise<ExitCode> {
  const config = await loadCliConfig(options, { includeUntrusted: true });
  const groups = groupByEvent(config.hooks);
  if (options.json) {
    printJson(listingAsJson(config, groups));
    return EXIT.proceed;
  }
  config.loaded.problems.forEach(printWarning);
  const paint = createPaint(process.stdout);
  if (config.hooks.length === 0) {
    printLine(`no hooks configured (looked in ${describeSearchedPlaces(config, options)})`);
    return EXIT.proceed;
  }
  printLines(renderGroups(groups, config, paint));
  const enabled = config.hooks.filter((hook) => hook.definition.enabled).length;
  printLine();
  printLine(`${plural(config.hooks.length, 'hook')} (${enabled} enabled) from ${describeFilesRead(config)}`);
  for (const line of describeUntrusted(config)) printLine(paint(line, 'yellow'));
  if (config.loaded.disableAllHooks) printLine(paint('every hook is off: a Claude Code settings file sets "disableAllHooks": true', 'yellow'));
  return EXIT.proceed;
}

function groupByEvent(hooks: readonly ListedHook[]): EventGroup[] {
  return EVENT_NAMES.flatMap((event) => {
    const inEvent = hooks.filter((hook) => hook.definition.event === event);
    if (inEvent.length === 0) return [];
    return [{ event, hooks: inEvent, enabled: inEvent.filter((hook) => hook.definition.enabled).length }];
  });
}

// One table over all groups keeps the columns aligned from the first event to the last.
function renderGroups(groups: readonly EventGroup[], config: CliConfig, paint: Paint): string[] {
  const rows = groups.flatMap((group) => group.hooks.map((hook) => hookRow(hook, config)));
  const lines = formatTable(rows, { paint, indent: '  ', rightAligned: new Set([3]) });
  const output: string[] = [];
  let next = 0;
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
    : hook.trusted
      ? { text: 'on', styles: ['green'] }
      : { text: 'untrusted', styles: ['yellow'] };
  return [
    state,
    { text: definition.id, styles: ['bold'] },
    definition.matcher ?? '*',
    formatTimeout(definition.timeoutMs),
    definition.background ? { text: 'background', styles: ['cyan'] } : 'foreground',
    definition.origin,
    { text: describeSource(definition.source, config.cwd), styles: ['dim'] },
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
        trusted,
        description: definition.description ?? null,
        source: definition.source ?? null,
      })),
    })),
    problems: config.loaded.problems,
    disableAllHooks: config.loaded.disableAllHooks,
  };
}
