// The generated parts of README.md and docs/ (the event, built-in and error-code tables, the
// measured part of the performance page, the install line) match the code and bench/RESULTS.md:
// scripts/write-docs.js --check, as `npm run docs` would leave them.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/index.js';
import { tempDir } from '../helpers/temp-dirs.js';
import { writeDocs } from '../../scripts/write-docs.js';
import { replaceBlocks } from '../../scripts/docs/generated-blocks.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const GENERATED = ['README.md', 'docs/events.md', 'docs/builtins.md', 'docs/errors.md', 'docs/performance.md'];
const BEGIN = (name: string) => `<!-- generated: ${name} (scripts/write-docs.js: edit its source, then npm run docs) -->`;

/** A copy of the documents beside links to the real sources, for the generator to check or rewrite. */
function copyOfTheDocs(): string {
  const root = tempDir('docs');
  for (const source of ['src', 'bench', 'package.json']) symlinkSync(join(ROOT, source), join(root, source));
  mkdirSync(join(root, 'docs'));
  for (const document of GENERATED) cpSync(join(ROOT, document), join(root, document));
  return root;
}

describe('the generated parts of the docs', () => {
  it('are up to date (scripts/write-docs.js --check)', () => {
    let output = '';
    try {
      execFileSync(process.execPath, [join(ROOT, 'scripts/write-docs.js'), '--check'], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stderr?: string }).stderr ?? error);
    }
    expect(output, 'run npm run docs').toBe('');
  });

  it('list every error code with its meaning', () => {
    const page = readFileSync(join(ROOT, 'docs/errors.md'), 'utf8');
    for (const [code, meaning] of Object.entries(ERROR_CODES)) expect(page).toContain(`| \`${code}\` | ${meaning} |`);
  });

  it('are found out of date after an edit, and rewritten between their markers only', async () => {
    const root = copyOfTheDocs();
    const errors = join(root, 'docs/errors.md');
    const original = readFileSync(errors, 'utf8');
    const edited = original.replace('| `ERR_HOOKPOOL_USAGE` |', '| `ERR_HOOKPOOL_USAGE_OLD` |').replace('# Errors', '# Errors, edited by hand');
    writeFileSync(errors, edited);

    expect(await writeDocs({ root, check: true })).toEqual(['docs/errors.md']);
    expect(readFileSync(errors, 'utf8')).toBe(edited);

    expect(await writeDocs({ root })).toEqual(['docs/errors.md']);
    expect(readFileSync(errors, 'utf8')).toBe(original.replace('# Errors', '# Errors, edited by hand'));
    expect(await writeDocs({ root, check: true })).toEqual([]);
  });

  it('need both markers of each block, and a generator for every block', () => {
    expect(() => replaceBlocks(`${BEGIN('events')}\nold\n`, { events: 'new' }, 'docs/x.md')).toThrow(/^docs\/x\.md: expected one .*end generated: events/);
    expect(() => replaceBlocks(`${BEGIN('gone')}\n<!-- end generated: gone -->\n`, {}, 'docs/x.md')).toThrow('docs/x.md: no generator writes the block "gone"');
    expect(replaceBlocks(`a\n${BEGIN('events')}\nold\n<!-- end generated: events -->\nb\n`, { events: 'new' }, 'x.md')).toBe(`a\n${BEGIN('events')}\nnew\n<!-- end generated: events -->\nb\n`);
  });
});
