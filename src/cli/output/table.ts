// Aligned columns for `list`, `test` and the demo: widths come from the plain text, colour is added after padding.
import type { Paint, StyleName } from './style.js';

/** One cell: plain text, text with the styles it is painted in, or text painted piece by piece already (`painted`; `text` gives its width). */
export type Cell = string | { readonly text: string; readonly styles: readonly StyleName[] } | { readonly text: string; readonly painted: string };

export interface TableOptions {
  readonly paint: Paint;
  /** Columns aligned to the right (numbers); the others are aligned to the left. */
  readonly rightAligned?: ReadonlySet<number>;
  /** Put before every line. */
  readonly indent?: string;
}

const textOf = (cell: Cell): string => (typeof cell === 'string' ? cell : cell.text);

/** Lines of a table whose columns are as wide as their widest cell; trailing spaces are trimmed. */
export function formatTable(rows: readonly (readonly Cell[])[], options: TableOptions): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, column) => {
      widths[column] = Math.max(widths[column] ?? 0, textOf(cell).length);
    });
  }
  return rows.map((row) => {
    const cells = row.map((cell, column) => {
      const text = textOf(cell);
      const padding = ' '.repeat((widths[column] ?? 0) - text.length);
      const painted = typeof cell === 'string' ? text : 'painted' in cell ? cell.painted : options.paint(text, ...cell.styles);
      const isLast = column === row.length - 1;
      if (options.rightAligned?.has(column)) return padding + painted;
      return isLast ? painted : painted + padding;
    });
    return `${options.indent ?? ''}${cells.join('  ')}`.trimEnd();
  });
}
