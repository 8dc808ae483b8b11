// The terminal charts of `hookpool history`, one character per run, oldest first: a sparkline of
// durations (eight block heights, from zero to the slowest run shown) and a strip of outcomes
// whose shapes tell them apart without colour (colour only adds to them, on a colour TTY).
import type { Paint, StyleName } from './style.js';

const BARS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/** The glyph and colour of each outcome; any other status (a failure) is `failed`. */
const OUTCOME_MARKS: Readonly<Record<string, { readonly glyph: string; readonly style: StyleName }>> = {
  ok: { glyph: '·', style: 'green' },
  blocked: { glyph: '■', style: 'magenta' },
  'would block': { glyph: '□', style: 'cyan' },
  failed: { glyph: '✗', style: 'red' },
};

/** What the strip's glyphs mean, for the line under the table. */
export function outcomeLegend(paint: Paint): string {
  return Object.entries(OUTCOME_MARKS).map(([name, mark]) => `${paint(mark.glyph, mark.style)} ${name}`).join('  ');
}

/** A chart cell: its plain text (for the column's width) and the same painted. */
export interface Chart {
  readonly text: string;
  readonly painted: string;
}

/** `▁▂▅█▁`: each duration as a bar, scaled from 0 to the longest. */
export function durationSparkline(durationsMs: readonly number[]): Chart {
  const longest = Math.max(0, ...durationsMs);
  const text = durationsMs.map((ms) => BARS[longest <= 0 ? 0 : Math.min(BARS.length - 1, Math.max(0, Math.ceil((ms / longest) * BARS.length) - 1))]).join('');
  return { text, painted: text };
}

/** `··■·✗`: each run's outcome. */
export function outcomeStrip(outcomes: readonly string[], paint: Paint): Chart {
  const marks = outcomes.map((outcome) => OUTCOME_MARKS[outcome] ?? OUTCOME_MARKS.failed!);
  return { text: marks.map((mark) => mark.glyph).join(''), painted: marks.map((mark) => paint(mark.glyph, mark.style)).join('') };
}
