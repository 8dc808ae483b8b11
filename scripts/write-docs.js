// Writes the generated parts of README.md and docs/ from the code and from bench/RESULTS.md:
// the event table (src/events/event-specs.ts), the built-ins table (src/builtins/catalog.ts), the
// error codes (src/errors.ts), the measured part of the performance page (bench/RESULTS.md) and
// the install commands (package.json's version). Only the text between the marker comments is
// written (scripts/docs/generated-blocks.js).
//   node scripts/write-docs.js            rewrite what is out of date (npm run docs)
//   node scripts/write-docs.js --check    change nothing; exit 1 naming each file out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';
import { replaceBlocks } from './docs/generated-blocks.js';
import { renderBench } from './docs/render-bench.js';
import { renderBuiltins } from './docs/render-builtins.js';
import { renderErrors } from './docs/render-errors.js';
import { renderEvents } from './docs/render-events.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function renderInstall(version) {
  const tarball = `hookpool-${version}.tgz`;
  return [
    '```sh',
    'git clone <git-url> hookpool && cd hookpool',
    `npm install && npm pack                                 # builds it, then writes ${tarball}`,
    `npm install -g --prefix ~/.local ./${tarball}    # hookpool in ~/.local/bin: keep that on PATH`,
    '```',
  ].join('\n');
}

/** Every generated block, by file (relative to the repository root) and block name. */
export async function generatedBlocks(root = ROOT) {
  // The sources are TypeScript; jiti (a dependency already, for Wundr's code configs) loads them
  // as they are, so the docs never follow a stale build. Its cache goes to node_modules/.cache,
  // never to the temp folder (which every test run must leave empty).
  const jiti = createJiti(import.meta.url, { fsCache: join(ROOT, 'node_modules/.cache/jiti') });
  const { EVENT_SPECS } = await jiti.import(join(root, 'src/events/event-specs.ts'));
  const { BUILTIN_CATALOG } = await jiti.import(join(root, 'src/builtins/catalog.ts'));
  const { ERROR_CODES } = await jiti.import(join(root, 'src/errors.ts'));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return {
    'README.md': { install: renderInstall(version) },
    'docs/events.md': { events: renderEvents(EVENT_SPECS) },
    'docs/builtins.md': { builtins: renderBuiltins(BUILTIN_CATALOG) },
    'docs/errors.md': { 'error-codes': renderErrors(ERROR_CODES) },
    'docs/performance.md': { 'bench-results': renderBench(readFileSync(join(root, 'bench/RESULTS.md'), 'utf8')) },
  };
}

/** The files whose generated parts differ from what the sources give; rewritten unless `check`. */
export async function writeDocs({ root = ROOT, check = false } = {}) {
  const outdated = [];
  for (const [file, blocks] of Object.entries(await generatedBlocks(root))) {
    const path = join(root, file);
    const text = readFileSync(path, 'utf8');
    const next = replaceBlocks(text, blocks, file);
    if (next === text) continue;
    outdated.push(file);
    if (!check) writeFileSync(path, next);
  }
  return outdated;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--check');
  if (unknown.length > 0) {
    console.error(`write-docs: unknown argument ${unknown[0]} (usage: node scripts/write-docs.js [--check])`);
    process.exit(1);
  }
  const check = args.includes('--check');
  try {
    const outdated = await writeDocs({ check });
    if (check && outdated.length > 0) {
      console.error(`write-docs: out of date: ${outdated.join(', ')} (run npm run docs)`);
      process.exitCode = 1;
    } else if (!check) {
      console.log(outdated.length === 0 ? 'write-docs: every generated part is up to date' : `write-docs: rewrote ${outdated.join(', ')}`);
    }
  } catch (error) {
    console.error(`write-docs: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
