// `hookpool replay` for people: a line for every event a hook answered, printed as it is fired,
// with what the hooks would do now (the blocking hook and its reason, a rewritten input, context,
// failures) indented under it; then the summary.
import { formatDuration, plural } from '../../project/describe.js';
import type { EventReport } from '../../replay/event-report.js';
import type { ReplaySummary } from '../../replay/replay-summary.js';
import { FORMAT_NAMES } from '../../replay/transcript-format.js';
import type { Paint } from './style.js';
import { formatTable, type Cell } from './table.js';

const DETAIL_INDENT = '        ';

/** The lines of one event, or none when no hook ran for it. */
export function describeReplayedEvent(report: EventReport, paint: Paint): string[] {
  if (report.hooks.length === 0 && report.failures.length === 0 && report.verdict === 'proceed') return [];
  const verdict = report.verdict === 'proceed' ? paint('proceed', 'green') : paint(report.verdict === 'stop' ? 'STOP   ' : 'BLOCKED', 'bold', 'red');
  const head = [
    paint(`L${report.line}`.padStart(7), 'dim'),
    report.event.padEnd(18),
    (report.tool ?? '').padEnd(10),
    verdict,
    formatDuration(report.durationMs).padStart(9),
    report.subject === null ? '' : paint(report.subject, 'dim'),
  ].join(' ').trimEnd();
  const details: string[] = [];
  if (report.verdict !== 'proceed') {
    const by = report.decidedBy.length === 0 ? 'by the configuration' : `by ${report.decidedBy.map(({ hook }) => hook).join(', ')}`;
    details.push(`${paint(by, 'red')}: ${oneLine(report.reason ?? '(no reason given)')}`);
  }
  if (report.updatedInput !== null) details.push(`${paint('rewritten input', 'yellow')}: ${oneLine(JSON.stringify(report.updatedInput))}`);
  if (report.updatedPrompt !== null) details.push(`${paint('rewritten prompt', 'yellow')}: ${oneLine(report.updatedPrompt)}`);
  if (report.additionalContext !== null) details.push(`${paint('context added', 'cyan')}: ${oneLine(report.additionalContext)}`);
  if (report.systemMessage !== null) details.push(`${paint('message', 'cyan')}: ${oneLine(report.systemMessage)}`);
  for (const { hook, message } of report.failures) details.push(`${paint('failure', 'yellow')}: hook "${hook}" ${message}`);
  for (const { hook, message } of report.hookErrors) details.push(`${paint('hook error', 'yellow')}: hook "${hook}": ${oneLine(message)}`);
  return [head, ...details.map((line) => DETAIL_INDENT + line)];
}

export function describeReplaySummary(summary: ReplaySummary, paint: Paint): string[] {
  const events = Object.entries(summary.events).map(([event, count]) => `${count} ${event}`).join(', ') || 'none';
  const facts: [string, string][] = [
    ['events', events],
    ['tool calls', `${summary.toolCalls}, ${paint(`${summary.blockedToolCalls} would be blocked`, summary.blockedToolCalls > 0 ? 'red' : 'green')}`],
    ['refused', plural(summary.blocked, 'event')],
    ['changed', `${plural(summary.changed, 'event')} (context added, input or prompt rewritten)`],
    ['failures', plural(summary.failures, 'hook failure')],
  ];
  const lines = [
    '',
    paint(`Replayed ${FORMAT_NAMES[summary.format]}${summary.sessionId === null ? '' : ` (session ${summary.sessionId})`}: ${plural(summary.lines, 'line')} in ${formatDuration(summary.durationMs)}`, 'bold'),
    ...formatTable(facts.map(([label, value]): Cell[] => [{ text: label, styles: ['dim'] }, value]), { paint, indent: '  ' }),
  ];
  if (summary.topReasons.length > 0) {
    lines.push(paint('Top reasons', 'bold'), ...formatTable(summary.topReasons.map(({ reason, count, hooks }): Cell[] => [`${count}×`, oneLine(reason), { text: hooks.join(', '), styles: ['dim'] }]), { paint, indent: '  ', rightAligned: new Set([0]) }));
  }
  if (summary.hooks.length > 0) {
    const header: Cell[] = ['hook', 'runs', 'blocked', 'failed', 'p50', 'p99'].map((text) => ({ text, styles: ['dim'] }));
    const rows = summary.hooks.map((hook): Cell[] => [hook.id, String(hook.runs), String(hook.blocked), String(hook.failed), formatDuration(hook.p50Ms), formatDuration(hook.p99Ms)]);
    lines.push(paint('Hooks', 'bold'), ...formatTable([header, ...rows], { paint, indent: '  ', rightAligned: new Set([1, 2, 3, 4, 5]) }));
  }
  return [...lines, ...describeLeftOut(summary, paint)];
}

/** The hooks the replay did not run (side effects) and the transcript lines it skipped. */
export function describeLeftOut(summary: ReplaySummary, paint: Paint): string[] {
  const lines: string[] = [];
  if (summary.skippedHooks.length > 0) {
    lines.push(paint('Not run: side effects (--run-side-effects or --run-hook ID runs them)', 'bold'));
    lines.push(...formatTable(summary.skippedHooks.map(({ id, event, reason }): Cell[] => [id, event, { text: reason, styles: ['dim'] }]), { paint, indent: '  ' }));
  }
  if (summary.skippedLines.length > 0) lines.push(paint('Skipped lines', 'bold'), ...summary.skippedLines.map((line) => `  ${paint(line, 'yellow')}`));
  return lines;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}
