#!/usr/bin/env node
// Runs the benchmark cases, each in a fresh node process, and writes bench/results/latest.json
// and bench/RESULTS.md.
//
//   node bench/run.js [--quick] [--filter substr[,substr...]] [--json out.json] [--list]
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { showCase } from './lib/progress.js';
import { renderCase, renderResults } from './lib/report.js';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
const CASES_DIR = join(BENCH_DIR, 'cases');
const RESULTS_DIR = join(BENCH_DIR, 'results');
const REPO_DIR = resolve(BENCH_DIR, '..');

/** Cheapest and most basic first; a case not listed here runs after these, by name. */
const ORDER = ['no-match', 'one-hook', 'handoff', 'five-hooks', 'loop-delay', 'loop-delay-1gb', 'loop-delay-payload', 'background-throughput', 'kill-latency', 'cold-start', 'worker-rss', 'serve'];

function parseArgs(argv) {
  const args = { quick: false, filter: undefined, json: undefined, list: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quick') args.quick = true;
    else if (arg === '--list') args.list = true;
    else if (arg === '--filter') args.filter = argv[++i];
    else if (arg.startsWith('--filter=')) args.filter = arg.slice('--filter='.length);
    else if (arg === '--json') args.json = argv[++i];
    else if (arg.startsWith('--json=')) args.json = arg.slice('--json='.length);
    else {
      console.error(`bench: unknown argument ${arg}\nusage: node bench/run.js [--quick] [--filter substr[,substr]] [--json out.json] [--list]`);
      process.exit(1);
    }
  }
  return args;
}

function listCases() {
  const names = readdirSync(CASES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(CASES_DIR, d.name, 'index.bench.js')))
    .map((d) => d.name);
  const rank = (name) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

function depsInstalled() {
  return ['@google/gemini-cli-core', 'execa'].every((pkg) => existsSync(join(BENCH_DIR, 'node_modules', pkg, 'package.json')));
}

function describeHookpool() {
  if (process.env.BENCH_WITHOUT_HOOKPOOL) return 'skipped (BENCH_WITHOUT_HOOKPOOL is set)';
  if (!existsSync(join(REPO_DIR, 'dist', 'src', 'index.js'))) return 'not built (rows marked "not run"; run npm run build)';
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: REPO_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return `built from ${commit}${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'built';
  }
}

function machine() {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown CPU',
    cores: os.availableParallelism?.() ?? os.cpus().length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

/** Runs one case in its own node process; resolves with its JSON result (or an error result). */
function runCaseProcess(name, { quick, scratch }) {
  const file = join(CASES_DIR, name, 'index.bench.js');
  const out = join(scratch, `${name}.json`);
  const limitMs = quick ? 90_000 : 30 * 60_000;
  return new Promise((resolvePromise) => {
    // The case's stdout (a peer's console output) and stderr go to our stderr, keeping stdout for
    // tables; through this process, so that they print above the progress spinner, not across it.
    const child = spawn(process.execPath, ['--expose-gc', file, '--out', out, ...(quick ? ['--quick'] : [])], {
      cwd: REPO_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => process.stderr.write(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (existsSync(out)) {
        resolvePromise(JSON.parse(readFileSync(out, 'utf8')));
      } else {
        const why =
          signal === 'SIGKILL' ? `killed after ${limitMs / 1000} s`
          : code === 13 ? 'exit code 13: an awaited promise never settled and nothing kept the event loop alive (a fire or close() that hangs on unref\'d handles?)'
          : `exited with ${signal ?? `code ${code}`} and no result`;
        resolvePromise({ case: name, error: why });
      }
    });
  });
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  let cases = listCases();
  if (args.filter) {
    const parts = args.filter.split(',').map((s) => s.trim()).filter(Boolean);
    cases = cases.filter((name) => parts.some((p) => name.includes(p)));
  }
  if (args.list) {
    console.log(cases.join('\n'));
    return;
  }
  if (!depsInstalled()) {
    console.error('bench: the benchmark\'s own dependencies are missing (bench/node_modules); run: npm --prefix bench ci');
    process.exit(1);
  }
  if (cases.length === 0) {
    console.error(`bench: no case matches --filter ${args.filter} (cases: ${listCases().join(', ')})`);
    process.exit(1);
  }
  const hookpool = describeHookpool();
  if (!hookpool.startsWith('built')) console.error(`bench: hookpool ${hookpool}`);

  const scratch = mkdtempSync(join(os.tmpdir(), 'hookpool-bench-run-'));
  const started = Date.now();
  const results = [];
  try {
    for (const [index, name] of cases.entries()) {
      const shown = showCase(name, index, cases.length, args.quick);
      const result = await runCaseProcess(name, { quick: args.quick, scratch });
      shown.finish(result);
      results.push(result);
      console.log(renderCase(result));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  const run = {
    date: new Date().toISOString(),
    quick: args.quick,
    filter: args.filter ?? null,
    machine: machine(),
    hookpool,
    totalMs: Date.now() - started,
    cases: results,
  };
  const json = JSON.stringify(run, null, 2);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'latest.json'), json);
  if (args.json) writeFileSync(resolve(args.json), json);
  // RESULTS.md is one whole run; a run of some cases goes beside it, so it never replaces the others.
  const report = args.filter ? join(RESULTS_DIR, 'latest.md') : join(BENCH_DIR, 'RESULTS.md');
  writeFileSync(report, renderResults(run) + '\n');
  const misses = results.flatMap((r) => (r.rows ?? []).filter((row) => row.status === 'miss').map((row) => `${r.case}: ${row.name}`));
  const failed = results.filter((r) => r.error).map((r) => r.case);
  console.error(`bench: ${results.length} case(s) in ${((Date.now() - started) / 1000).toFixed(0)} s; wrote bench/results/latest.json and ${report.slice(REPO_DIR.length + 1)}`);
  if (misses.length) console.error(`bench: goals missed: ${misses.join('; ')}`);
  if (failed.length) {
    console.error(`bench: cases that failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
