// `hookpool history`: the last runs of each hook from the local run log, with p50/p99 durations
// and how they ended; `--id` lists one hook's runs.
import { InvalidArgumentError, type Command } from 'commander';
import { percentile } from '../demo/fire-stats.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { defaultRunLogPath, readRunRecords, type RunRecord } from '../../project/run-log.js';
import { formatDuration, plural } from '../../project/describe.js';
import { printJson, printLine, printLines } from '../output/print.js';
import { createPaint } from '../output/style.js';
import { formatTable, type Cell } from '../output/table.js';
import type { Finish } from '../program.js';

interface HistoryOptions {
  readonly id?: string;
  readonly limit: number;
  readonly json?: boolean;
}

interface HookHistory {
  readonly id: string;
  readonly event: string;
  readonly runs: number;
  readonly statuses: Record<string, number>;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly last: RunRecord;
}

const DEFAULT_LIMIT = 100;

const positiveInteger = (value: string): number => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('expected a whole number of runs, at least 1');
  return number;
};

export function registerHistoryCommand(program: Command, finish: Finish): void {
  program
    .command('history')
    .summary('the last runs of each hook: how they ended, p50/p99 duration')
    .description(`The last runs of each hook id, from the log every hookpool run (and serve) appends to (${defaultRunLogPath().replace(process.env.HOME ?? '\0', '~')}; set XDG_STATE_HOME to move it): runs, statuses, p50 and p99 duration, the last run. Only the hook id, event, status, duration, exit code and time are kept, never a hook's input or output.`)
    .option('--id <hook-id>', "list this hook's last runs one by one")
    .option('--limit <runs>', `how many of each hook's last runs count (default ${DEFAULT_LIMIT})`, positiveInteger, DEFAULT_LIMIT)
    .option('--json', 'print the summary (or the runs, with --id) as JSON')
    .addHelpText('after', `
Examples:
  $ hookpool history
  $ hookpool history --id block-rm --limit 20
  $ hookpool history --json`)
    .action(async (options: HistoryOptions) => finish(await showHistory(options)));
}

async function showHistory(options: HistoryOptions): Promise<ExitCode> {
  const records = await readRunRecords(defaultRunLogPath());
  const paint = createPaint();
  if (options.id !== undefined) {
    const runs = records.filter((record) => record.id === options.id).slice(-options.limit);
    if (options.json) printJson(runs);
    else if (runs.length === 0) printLine(`no runs of ${options.id} recorded`);
    else printLines(formatTable([['TIME', 'EVENT', 'STATUS', 'DURATION', 'EXIT'].map((text) => ({ text, styles: ['dim'] }) as Cell), ...runs.map(runRow)], { paint, rightAligned: new Set([3]) }));
    return EXIT.proceed;
  }
  const summaries = summarize(records, options.limit);
  if (options.json) {
    printJson(summaries);
    return EXIT.proceed;
  }
  if (summaries.length === 0) {
    printLine('no hook runs recorded yet (hookpool run and hookpool serve record every hook they run)');
    return EXIT.proceed;
  }
  const header: Cell[] = ['ID', 'EVENT', 'RUNS', 'STATUSES', 'P50', 'P99', 'LAST RUN', 'LAST EXIT'].map((text) => ({ text, styles: ['dim'] }));
  printLines(formatTable([header, ...summaries.map(summaryRow)], { paint, rightAligned: new Set([2, 4, 5]) }));
  printLine();
  printLine(`${plural(summaries.length, 'hook')}, up to the last ${plural(options.limit, 'run')} of each`);
  return EXIT.proceed;
}

// Per hook id, its last `limit` runs; the most recently run hook first.
function summarize(records: readonly RunRecord[], limit: number): HookHistory[] {
  const byId = new Map<string, RunRecord[]>();
  for (const record of records) byId.set(record.id, [...(byId.get(record.id) ?? []), record]);
  const summaries = [...byId].map(([id, all]) => {
    const runs = all.slice(-limit);
    const durations = runs.map((run) => run.durationMs);
    const statuses: Record<string, number> = {};
    for (const run of runs) statuses[run.status] = (statuses[run.status] ?? 0) + 1;
    const last = runs.at(-1)!;
    return { id, event: last.event, runs: runs.length, statuses, p50Ms: percentile(durations, 50), p99Ms: percentile(durations, 99), last };
  });
  return summaries.sort((a, b) => b.last.at.localeCompare(a.last.at));
}

function summaryRow(summary: HookHistory): Cell[] {
  const statuses = Object.entries(summary.statuses).map(([status, count]) => `${status} ${count}`).join(', ');
  const failed = Object.keys(summary.statuses).some((status) => status !== 'ok');
  return [
    { text: summary.id, styles: ['bold'] },
    summary.event,
    String(summary.runs),
    failed ? { text: statuses, styles: ['yellow'] } : statuses,
    formatDuration(summary.p50Ms),
    formatDuration(summary.p99Ms),
    summary.last.at,
    summary.last.exitCode === null ? '-' : String(summary.last.exitCode),
  ];
}

function runRow(run: RunRecord): Cell[] {
  return [run.at, run.event, run.status === 'ok' ? run.status : { text: run.status, styles: ['yellow'] }, formatDuration(run.durationMs), run.exitCode === null ? '-' : String(run.exitCode)];
}
