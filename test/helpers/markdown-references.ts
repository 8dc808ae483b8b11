// What a Markdown document points at: its relative links (file and anchor), the repository paths
// and test names it quotes in code spans, and the anchors its headings make. Fenced code blocks
// are left out (transcripts and examples name the user's files, not the repository's).

/** The document's text without its fenced code blocks, line for line (fence lines blanked). */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces made hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor the document's headings make (a repeated heading gets `-1`, `-2`, ...). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of prose(markdown)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading === null) continue;
    const base = headingAnchor(heading[1]!);
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

export interface LinkReference {
  /** The path part, relative to the document's folder; '' for an anchor in the same document. */
  readonly path: string;
  readonly anchor: string | null;
  readonly line: number;
}

/** Every `[text](target)` whose target is not a URL. */
export function relativeLinksOf(markdown: string): LinkReference[] {
  const links: LinkReference[] = [];
  prose(markdown).forEach((text, index) => {
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const hash = target.indexOf('#');
      links.push({ path: hash < 0 ? target : target.slice(0, hash), anchor: hash < 0 ? null : target.slice(hash + 1), line: index + 1 });
    }
  });
  return links;
}

/** The text of every inline code span (which may wrap onto the next line), with the line it starts on. */
export function codeSpansOf(markdown: string): { text: string; line: number }[] {
  const text = prose(markdown).join('\n');
  return [...text.matchAll(/`([^`]+)`/g)].map((match) => ({
    text: match[1]!.replaceAll('\\|', '|').replaceAll('\n', ' '),
    line: text.slice(0, match.index).split('\n').length,
  }));
}
