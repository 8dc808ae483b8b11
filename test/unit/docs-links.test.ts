// Every document cites only what exists: each relative link's file (and anchor), each repository
// path quoted in a code span (`src/errors.ts`, `bench/cases/claude-wiring`), and each test named
// the way the guarantees table names them (`integration/lifecycle`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { anchorsOf, codeSpansOf, headingAnchor, relativeLinksOf } from '../helpers/markdown-references.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`),
  'bench/README.md',
  'test/conformance/README.md',
];
// Top-level folders of the repository: a code span starting with one of them is a repository
// path. dist/ is left out: it is the build's, not the repository's.
const REPOSITORY_FOLDERS = ['src', 'test', 'bench', 'examples', 'scripts', 'docs', 'workers'];
// What .gitignore names (the build, bench output) is made by a command, not kept in the repository.
const IGNORED = readFileSync(join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((pattern) => picomatch(pattern.endsWith('/') ? `${pattern}**` : pattern, { basename: !pattern.replace(/\/$/, '').includes('/') }));
const TEST_FOLDERS = readdirSync(join(ROOT, 'test'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

function read(document: string): string {
  return readFileSync(join(ROOT, document), 'utf8');
}

/** What the document cites that does not exist, one line each. */
function brokenReferences(document: string): string[] {
  const text = read(document);
  const broken: string[] = [];
  for (const link of relativeLinksOf(text)) {
    const target = link.path === '' ? join(ROOT, document) : resolve(ROOT, dirname(document), link.path);
    const where = `${document}:${link.line}: (${link.path}${link.anchor === null ? '' : `#${link.anchor}`})`;
    if (!existsSync(target)) broken.push(`${where}: no such file`);
    else if (link.anchor !== null && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(link.anchor)) {
      broken.push(`${where}: no heading makes that anchor in ${relative(ROOT, target)}`);
    }
  }
  for (const span of codeSpansOf(text)) {
    const path = span.text.replace(/\/$/, '');
    if (/[\s*<>{}$]/.test(path)) continue;
    const [first, ...rest] = path.split('/');
    if (rest.length > 0 && REPOSITORY_FOLDERS.includes(first!) && !existsSync(join(ROOT, path)) && !IGNORED.some((ignored) => ignored(path))) broken.push(`${document}:${span.line}: \`${span.text}\`: no such file`);
    if (rest.length > 0 && TEST_FOLDERS.includes(first!) && !/\.\w+$/.test(path) && !existsSync(join(ROOT, 'test', `${path}.test.ts`)) && !existsSync(join(ROOT, 'test', path))) {
      broken.push(`${document}:${span.line}: \`${span.text}\`: no test/${path}.test.ts`);
    }
  }
  return broken;
}

describe('the documents', () => {
  it.each(DOCUMENTS)('%s cites only files, anchors and tests that exist', (document) => {
    expect(brokenReferences(document)).toEqual([]);
  });

  it('are all reachable from the README', () => {
    const linked = new Set(relativeLinksOf(read('README.md')).map((link) => link.path));
    expect(DOCUMENTS.filter((document) => document.startsWith('docs/') && !linked.has(document))).toEqual([]);
  });

  it('make anchors as GitHub does', () => {
    expect(headingAnchor('`run --format <agent>`')).toBe('run---format-agent');
    expect(headingAnchor('How `hookpool run` stays fast')).toBe('how-hookpool-run-stays-fast');
    expect(headingAnchor("http, prompt, agent and mcp_tool hooks")).toBe('http-prompt-agent-and-mcp_tool-hooks');
    expect([...anchorsOf('# Limits\n## Limits\n```\n# not a heading\n```\n')]).toEqual(['limits', 'limits-1']);
  });

  it('would report a link to a missing file, a missing anchor and a missing repository path', () => {
    const text = '[a](gone.md) [b](#nowhere) `src/gone.ts` `integration/gone`\n# Here\n';
    expect(relativeLinksOf(text).map((link) => [link.path, link.anchor])).toEqual([['gone.md', null], ['', 'nowhere']]);
    expect(anchorsOf(text).has('nowhere')).toBe(false);
    expect(codeSpansOf(text).map((span) => span.text)).toEqual(['src/gone.ts', 'integration/gone']);
  });
});
