// `hookpool history`: the last runs of each hook from the local run log, per project: how they
// ended (deliberate blocks apart from failures), p50/p99 durations, and two charts of the last
// runs (a sparkline of durations, a strip of outcomes); `--id` lists one hook's runs.
import { InvalidArgumentError, type Command } from 'commander';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { defaultRunLogPath, readRunRecords, runOutcome, type RunRecord } from '../../project/run-log.js';
import { displayPath, formatDuration, plural } from '../../project/describe.js';
import { printJson, printLine, printLines } from '../output/print.js';
import { createPaint, type Paint } from '../output/style.js';
import { formatTable, type Cell } from '../output/table.js';
import type { Finish } from '../program.js';
import { isFailure, summarizeRuns, type HookHistory } from '../history/run-summary.js';
import { durationSparkline, outcomeLegend, outcomeStrip } from '../output/run-charts.js';

interface HistoryOptions {
  readonly id?: string;
  readonly project?: string;
  readonly limit: number;
  readonly json?: boolean;
}

const DEFAULT_LIMIT = 100;
/** How many of a hook's last runs its charts draw: narrow enough for one table row. */
const CHART_RUNS = 20;

const positiveInteger = (value: string): number => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('expected a whole number of runs, at least 1');
  return number;
};

export function registerHistoryCommand(program: Command, finish: Finish): void {
  program
    .command('history')
    .summary('the last runs of each hook per project: outcomes, p50/p99, charts')
    .description(`The last runs of each hook, per project, from the log every hookpool run (and serve) appends to (${defaultRunLogPath().replace(process.env.HOME ?? '\0', '~')}; set XDG_STATE_HOME to move it): runs, outcomes (ok, blocked: the hook refused on purpose, would block: audit mode, or how it failed), p50 and p99 duration, a sparkline of the last ${CHART_RUNS} durations and a strip of their outcomes, oldest first. Colour only on a terminal, never with NO_COLOR. Only the hook id, event, project, outcome, duration, exit code and time are kept, never a hook's input or output.`)
    .option('--id <hook-id>', "list this hook's last runs one by one")
    .option('--project <dir>', 'only the runs of hooks in this project directory (e.g. ".")')
    .option('--limit <runs>', `how many of each hook's last runs count (default ${DEFAULT_LIMIT})`, positiveInteger, DEFAULT_LIMIT)
    .option('--json', 'print the summary (or the runs, with --id) as JSON')
    .addHelpText('after', `
Examples:
  $ hookpool history
  $ hookpool history --project .           # this project's hooks only
  $ hookpool history --id block-rm --limit 20
  $ hookpool history --json`)
    .action(async (options: HistoryOptions) => finish(await showHistory(options)));
}

async function showHistory(options: HistoryOptions): Promise<ExitCode> {
  const project = options.project === undefined ? undefined : resolve(options.project);
  const records = (await readRunRecords(defaultRunLogPath())).filter((record) => project === undefined || record.project === project);
  const paint = createPaint();
  if (options.id !== undefined) {
    const runs = records.filter((record) => record.id === options.id).slice(-options.limit);
    if (options.json) printJson(runs);
    else if (runs.length === 0) printLine(`no runs of ${options.id} recorded`);
    else printLines(formatTable([header(['TIME', 'PROJECT', 'EVENT', 'OUTCOME', 'DURATION', 'EXIT']), ...runs.map(runRow)], { paint, rightAligned: new Set([4]) }));
    return EXIT.proceed;
  }
  const summaries = summarizeRuns(records, options.limit);
  if (options.json) {
    printJson(summaries.map(({ recent: _recent, ...summary }) => summary));
    return EXIT.proceed;
  }
  if (summaries.length === 0) {
    printLine(project === undefined ? 'no hook runs recorded yet (hookpool run and hookpool serve record every hook they run)' : `no hook runs recorded for ${project}`);
    return EXIT.proceed;
  }
  // The audit column appears once some run was audited (it would only say 0 otherwise).
  const audited = summaries.some((summary) => summary.wouldBlock > 0);
  const columns = ['PROJECT', 'ID', 'EVENT', 'RUNS', 'OUTCOMES', 'P50', 'P99', ...(audited ? ['WOULD BLOCK'] : []), 'DURATIONS', 'RECENT', 'LAST RUN'];
  const numbers = new Set(['RUNS', 'P50', 'P99', 'WOULD BLOCK'].map((name) => columns.indexOf(name)).filter((index) => index >= 0));
  printLines(formatTable([header(columns), ...summaries.map((summary) => summaryRow(summary, { audited, paint }))], { paint, rightAligned: numbers }));
  printLine();
  const projects = new Set(summaries.map((summary) => summary.project)).size;
  printLine(`${plural(summaries.length, 'hook')} in ${plural(projects, 'project')}, up to the last ${plural(options.limit, 'run')} of each; charts: the last ${CHART_RUNS}, oldest first (${outcomeLegend(paint)})`);
  return EXIT.proceed;
}

function header(names: readonly string[]): Cell[] {
  return names.map((text) => ({ text, styles: ['dim'] }));
}

// `.` for the directory history runs in, `~/x` under the home directory, the full path elsewhere.
function projectName(project: string | null | undefined): string {
  if (project === null || project === undefined) return '-';
  return project === process.cwd() ? '.' : displayPath(project, process.cwd(), homedir());
}

function summaryRow(summary: HookHistory, { audited, paint }: { audited: boolean; paint: Paint }): Cell[] {
  const outcomes = Object.entries(summary.statuses).map(([outcome, count]) => `${outcome} ${count}`).join(', ');
  const failed = Object.keys(summary.statuses).some(isFailure);
  const charted = summary.recent.slice(-CHART_RUNS);
  return [
    { text: projectName(summary.project), styles: ['dim'] },
    { text: summary.id, styles: ['bold'] },
    summary.event,
    String(summary.runs),
    failed ? { text: outcomes, styles: ['yellow'] } : outcomes,
    formatDuration(summary.p50Ms),
    formatDuration(summary.p99Ms),
    ...(audited ? [String(summary.wouldBlock)] : []),
    durationSparkline(charted.map((run) => run.durationMs)),
    outcomeStrip(charted.map(runOutcome), paint),
    summary.last.at,
  ];
}

function runRow(run: RunRecord): Cell[] {
  const outcome = runOutcome(run);
  return [
    run.at,
    { text: projectName(run.project), styles: ['dim'] },
    run.event,
    isFailure(outcome) ? { text: outcome, styles: ['yellow'] } : outcome,
    formatDuration(run.durationMs),
    run.exitCode === null ? '-' : String(run.exitCode),
  ];
}
