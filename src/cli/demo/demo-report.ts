// The demo's closing table: per event, fires, hooks run, blocks, decisions, and what each fire cost.
import { formatDuration, plural } from '../../project/describe.js';
import type { Paint } from '../output/style.js';
import { formatTable, type Cell } from '../output/table.js';
import { percentile, type EventStats, type FireStats } from './fire-stats.js';

const HEADER = ['event', 'fires', 'hooks run', 'blocked', 'decisions', 'wait p50', 'wait p99', 'overhead p50', 'overhead p99'];
const NUMERIC_COLUMNS = new Set([1, 2, 3, 5, 6, 7, 8]);

export function renderFireTable(stats: FireStats, paint: Paint): string[] {
  const rows: Cell[][] = [HEADER.map((text) => ({ text, styles: ['bold'] as const }))];
  for (const event of stats.byEvent.values()) rows.push(eventRow(event));
  return formatTable(rows, { paint, rightAligned: NUMERIC_COLUMNS });
}

function eventRow(event: EventStats): Cell[] {
  const hooksRun = [event.foregroundHooks > 0 ? String(event.foregroundHooks) : '', event.backgroundHooks > 0 ? `${event.backgroundHooks} bg` : '']
    .filter(Boolean)
    .join(' + ');
  const decisions = [...event.decisions].map(([decision, count]) => `${decision} ${count}`).join(', ');
  return [
    event.event,
    String(event.fires),
    hooksRun || '0',
    event.blocked > 0 ? { text: String(event.blocked), styles: ['red'] } : '0',
    decisions || '-',
    ...[event.waitsMs, event.overheadsMs].flatMap((values) => [durationOrDash(values, 50), durationOrDash(values, 99)]),
  ];
}

function durationOrDash(values: readonly number[], rank: number): string {
  return values.length === 0 ? '-' : formatDuration(percentile(values, rank));
}

/** The lines under the table: what the columns mean and the cost of fires that ran nothing. */
export function renderFootnotes(stats: FireStats, paint: Paint): string[] {
  const events = [...stats.byEvent.values()];
  const emptyWaits = events.flatMap((event) => event.emptyWaitsMs);
  const lines = [
    paint('wait: how long the agent awaited fire(), over the fires that ran hooks; overhead: that wait minus the slowest hook, i.e. what hookpool adds', 'dim'),
    `${plural(emptyWaits.length, 'fire')} ran no foreground hook (nothing matched, or background hooks only): median ${formatDuration(percentile(emptyWaits, 50))}, p99 ${formatDuration(percentile(emptyWaits, 99))}`,
  ];
  if (stats.poolStart !== undefined) {
    lines.push(`the first fire that ran hooks (${stats.poolStart.event}) waited ${formatDuration(stats.poolStart.waitMs)}, starting the pool; it is left out of the percentiles`);
  }
  if (stats.backgroundDurationsMs.length > 0) {
    const median = formatDuration(percentile(stats.backgroundDurationsMs, 50));
    lines.push(`${plural(stats.backgroundDurationsMs.length, 'background hook')} ran (median ${median} each) while the agent went on: fire() does not wait for them`);
  }
  return lines;
}
