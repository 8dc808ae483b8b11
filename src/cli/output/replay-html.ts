// `hookpool replay --html FILE`: one self-contained page (inline CSS and SVG, no script, nothing
// fetched) with the summary, the timeline, each hook's durations, the most frequent reasons and
// the events where a hook refused, failed or changed something (the first 500 of them).
import { formatDuration } from '../../project/describe.js';
import { changedSomething, type EventReport } from '../../replay/event-report.js';
import type { ReplaySummary } from '../../replay/replay-summary.js';
import { FORMAT_NAMES } from '../../replay/transcript-format.js';
import { CHART_COLOURS, escapeHtml, hookDurationsSvg, timelineSvg } from './replay-timeline-svg.js';

const LISTED_EVENTS = 500;

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1000px;color:#1d2430;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px}
.sub{color:#5b6675;margin:0 0 16px}
.cards{display:flex;gap:12px;flex-wrap:wrap}.card{border:1px solid #dde3ea;border-radius:8px;padding:10px 14px;min-width:130px}
.card b{display:block;font-size:24px}.card.bad b{color:${CHART_COLOURS.blocked}}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e6eaef;padding:5px 8px;text-align:left;vertical-align:top}
th{color:#5b6675;font-weight:600}td.num{text-align:right;font-variant-numeric:tabular-nums}
code{font:12px ui-monospace,monospace;background:#f3f5f8;padding:1px 4px;border-radius:4px;word-break:break-all}
.verdict-blocked,.verdict-stop{color:${CHART_COLOURS.blocked};font-weight:600}.verdict-proceed{color:#2f7d32}
.legend span{display:inline-block;margin-right:14px}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px}
`;

export class ReplayHtmlReport {
  readonly #listed: EventReport[] = [];
  #notable = 0;

  event(report: EventReport): void {
    if (report.verdict === 'proceed' && report.failures.length === 0 && !changedSomething(report)) return;
    this.#notable += 1;
    if (this.#listed.length < LISTED_EVENTS) this.#listed.push(report);
  }

  render(summary: ReplaySummary): string {
    const title = `hookpool replay: ${summary.transcript}`;
    const cards: [string, string | number, boolean][] = [
      ['tool calls', summary.toolCalls, false],
      ['would be blocked', summary.blockedToolCalls, summary.blockedToolCalls > 0],
      ['events refused', summary.blocked, summary.blocked > 0],
      ['changed', summary.changed, false],
      ['hook failures', summary.failures, summary.failures > 0],
      ['replay time', formatDuration(summary.durationMs), false],
    ];
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<h1>Replay of ${escapeHtml(FORMAT_NAMES[summary.format])}</h1>
<p class="sub"><code>${escapeHtml(summary.transcript)}</code>${summary.sessionId === null ? '' : ` · session <code>${escapeHtml(summary.sessionId)}</code>`} · ${summary.lines} lines · ${Object.entries(summary.events).map(([event, count]) => `${count} ${escapeHtml(event)}`).join(', ')}</p>
<section id="summary" class="cards">${cards.map(([label, value, bad]) => `<div class="card${bad ? ' bad' : ''}"><b>${escapeHtml(String(value))}</b>${escapeHtml(label)}</div>`).join('')}</section>
<h2>Timeline</h2>
<p class="legend">${(Object.keys(CHART_COLOURS) as (keyof typeof CHART_COLOURS)[]).map((kind) => `<span><i style="background:${CHART_COLOURS[kind]}"></i>${kind}</span>`).join('')}</p>
${timelineSvg(summary.timeline.bins, summary.timeline.eventsPerBin)}
${summary.hooks.length === 0 ? '<h2>Hooks</h2><p>No hook ran.</p>' : `<h2>Hooks: p50 (dark) and p99 (light)</h2>${hookDurationsSvg(summary.hooks)}${hooksTable(summary)}`}
${summary.topReasons.length === 0 ? '' : `<h2>Top reasons</h2><table><tr><th>count</th><th>reason</th><th>hooks</th></tr>${summary.topReasons.map(({ reason, count, hooks }) => `<tr><td class="num">${count}</td><td>${escapeHtml(reason)}</td><td>${hooks.map((hook) => `<code>${escapeHtml(hook)}</code>`).join(' ')}</td></tr>`).join('')}</table>`}
<h2>Events where a hook refused, failed or changed something${this.#notable > this.#listed.length ? ` (first ${this.#listed.length} of ${this.#notable})` : ''}</h2>
${this.#listed.length === 0 ? '<p>None.</p>' : eventsTable(this.#listed)}
${summary.skippedHooks.length === 0 ? '' : `<h2>Not run: side effects</h2><table><tr><th>hook</th><th>event</th><th>why</th></tr>${summary.skippedHooks.map(({ id, event, reason }) => `<tr><td><code>${escapeHtml(id)}</code></td><td>${escapeHtml(event)}</td><td>${escapeHtml(reason)}</td></tr>`).join('')}</table>`}
${summary.skippedLines.length === 0 ? '' : `<h2>Skipped lines</h2><ul>${summary.skippedLines.map((line) => `<li><code>${escapeHtml(line)}</code></li>`).join('')}</ul>`}
</body></html>
`;
  }
}

function hooksTable(summary: ReplaySummary): string {
  const rows = summary.hooks.map((hook) => `<tr><td><code>${escapeHtml(hook.id)}</code></td><td class="num">${hook.runs}</td><td class="num">${hook.blocked}</td><td class="num">${hook.failed}</td><td class="num">${formatDuration(hook.p50Ms)}</td><td class="num">${formatDuration(hook.p99Ms)}</td></tr>`);
  return `<table><tr><th>hook</th><th>runs</th><th>blocked</th><th>failed</th><th>p50</th><th>p99</th></tr>${rows.join('')}</table>`;
}

function eventsTable(events: readonly EventReport[]): string {
  const rows = events.map((report) => {
    const what = [
      report.verdict === 'proceed' ? '' : `by ${report.decidedBy.map(({ hook }) => `<code>${escapeHtml(hook)}</code>`).join(', ') || 'the configuration'}: ${escapeHtml(report.reason ?? '(no reason given)')}`,
      report.updatedInput === null ? '' : `rewritten input: <code>${escapeHtml(JSON.stringify(report.updatedInput))}</code>`,
      report.updatedPrompt === null ? '' : `rewritten prompt: ${escapeHtml(report.updatedPrompt)}`,
      report.additionalContext === null ? '' : `context added: ${escapeHtml(report.additionalContext)}`,
      ...report.failures.map(({ hook, message }) => `failure: <code>${escapeHtml(hook)}</code> ${escapeHtml(message)}`),
    ].filter(Boolean);
    return `<tr><td class="num">${report.line}</td><td>${escapeHtml(report.event)}${report.tool === null ? '' : `<br><code>${escapeHtml(report.tool)}</code>`}</td><td>${report.subject === null ? '' : `<code>${escapeHtml(report.subject)}</code>`}</td><td class="verdict-${report.verdict}">${report.verdict}</td><td>${what.join('<br>')}</td><td class="num">${formatDuration(report.durationMs)}</td></tr>`;
  });
  return `<table><tr><th>line</th><th>event</th><th>subject</th><th>verdict</th><th>what the hooks would do</th><th>time</th></tr>${rows.join('')}</table>`;
}
