// The replay report's charts as plain inline SVG (no script, no external file): the session's
// timeline, one stacked bar per bin of events (refused, failed, changed, passed), and each hook's
// p50 and p99 durations.
import type { HookSummary } from '../../replay/replay-summary.js';
import type { TimelineBin } from '../../replay/timeline-bins.js';

export const CHART_COLOURS = { blocked: '#d64545', failed: '#e8a33d', changed: '#3d7be8', passed: '#b9c2cc' } as const;

const WIDTH = 960;
const HEIGHT = 220;
const MARGIN = { left: 44, right: 12, top: 12, bottom: 34 };

export function timelineSvg(bins: readonly TimelineBin[], eventsPerBin: number): string {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const most = Math.max(1, ...bins.map((bin) => bin.events));
  const slot = plotWidth / Math.max(bins.length, 1);
  const barWidth = Math.max(1, slot * 0.8);
  const bars = bins.map((bin, at) => {
    const passed = Math.max(0, bin.events - bin.blocked - bin.failed - bin.changed);
    const parts: [keyof typeof CHART_COLOURS, number][] = [['passed', passed], ['changed', bin.changed], ['failed', bin.failed], ['blocked', bin.blocked]];
    let top = MARGIN.top + plotHeight;
    const x = MARGIN.left + at * slot + (slot - barWidth) / 2;
    const title = `<title>${eventsPerBin === 1 ? 'event' : 'events'} from line ${bin.firstLine}: ${bin.events} events, ${bin.toolCalls} tool calls, ${bin.blocked} refused, ${bin.failed} with a failed hook, ${bin.changed} changed</title>`;
    const rects = parts.filter(([, count]) => count > 0).map(([kind, count]) => {
      const height = (count / most) * plotHeight;
      top -= height;
      return `<rect class="${kind}" x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${height.toFixed(1)}" fill="${CHART_COLOURS[kind]}"/>`;
    });
    return `<g>${title}${rects.join('')}</g>`;
  });
  const ticks = tickIndexes(bins.length).map((at) => {
    const x = MARGIN.left + at * slot + slot / 2;
    return `<text x="${x.toFixed(1)}" y="${HEIGHT - MARGIN.bottom + 16}" text-anchor="middle">L${bins[at]!.firstLine}</text>`;
  });
  const axis = `<line x1="${MARGIN.left}" y1="${MARGIN.top + plotHeight}" x2="${WIDTH - MARGIN.right}" y2="${MARGIN.top + plotHeight}" stroke="#667"/>`
    + `<text x="${MARGIN.left - 6}" y="${MARGIN.top + 10}" text-anchor="end">${most}</text><text x="${MARGIN.left - 6}" y="${MARGIN.top + plotHeight}" text-anchor="end">0</text>`
    + `<text x="${WIDTH / 2}" y="${HEIGHT - 4}" text-anchor="middle">transcript line (${eventsPerBin === 1 ? 'one bar per event' : `${eventsPerBin} events per bar`})</text>`;
  return `<svg class="timeline" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="timeline of replayed events" font-size="11" font-family="sans-serif">${axis}${bars.join('')}${ticks.join('')}</svg>`;
}

export function hookDurationsSvg(hooks: readonly HookSummary[]): string {
  const rowHeight = 26;
  const labelWidth = 260;
  const plotWidth = WIDTH - labelWidth - 120;
  const height = hooks.length * rowHeight + 20;
  const slowest = Math.max(1, ...hooks.map((hook) => hook.p99Ms));
  const rows = hooks.map((hook, at) => {
    const y = 10 + at * rowHeight;
    const p99 = (hook.p99Ms / slowest) * plotWidth;
    const p50 = (hook.p50Ms / slowest) * plotWidth;
    return `<g><title>${escapeHtml(hook.id)}: p50 ${hook.p50Ms.toFixed(1)} ms, p99 ${hook.p99Ms.toFixed(1)} ms over ${hook.runs} runs</title>`
      + `<text x="${labelWidth - 8}" y="${y + 15}" text-anchor="end">${escapeHtml(hook.id)}</text>`
      + `<rect x="${labelWidth}" y="${y + 3}" width="${Math.max(1, p99).toFixed(1)}" height="16" fill="#c9d6ea"/>`
      + `<rect x="${labelWidth}" y="${y + 3}" width="${Math.max(1, p50).toFixed(1)}" height="16" fill="#3d7be8"/>`
      + `<text x="${labelWidth + Math.max(1, p99) + 6}" y="${y + 15}">${hook.p50Ms.toFixed(1)} / ${hook.p99Ms.toFixed(1)} ms</text></g>`;
  });
  return `<svg class="durations" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="p50 and p99 duration per hook" font-size="12" font-family="sans-serif">${rows.join('')}</svg>`;
}

// About eight evenly spaced labels, the first and the last included.
function tickIndexes(count: number): number[] {
  if (count === 0) return [];
  const step = Math.max(1, Math.ceil(count / 8));
  const ticks = [];
  for (let at = 0; at < count; at += step) ticks.push(at);
  if (ticks.at(-1) !== count - 1) ticks.push(count - 1);
  return ticks;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
