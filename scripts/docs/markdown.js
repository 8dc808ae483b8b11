// Small Markdown helpers for the generated parts of the docs.

/** A code span; a `|` is escaped, since GitHub splits table cells on it even inside code. */
export function code(text) {
  return `\`${String(text).replaceAll('|', '\\|')}\``;
}

/** A table cell's text: `|` escaped, line breaks joined. */
export function cell(text) {
  return String(text).replaceAll(/(?<!\\)\|/g, '\\|').replaceAll('\n', ' ');
}

/** A Markdown table from a header row and rows of already formatted cells. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
