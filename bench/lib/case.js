// The contract between a case and the runner. A case file exports `measures` (one line) and
// `measure({ quick, log })`, and calls `runCase(import.meta.url, ...)` at the bottom; run
// directly (`node bench/cases/<case>/index.bench.js [--quick] [--out file]`) it measures and
// writes one JSON result, then exits so no peer's leftover handle keeps it alive.
import { writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useCleanHome } from './clean-home.js';
import { nowMs } from './clock.js';

/** Parses a case's own arguments: --quick, --out <file>. */
export function parseCaseArgs(argv) {
  const args = { quick: false, out: undefined };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--quick') args.quick = true;
    else if (argv[i] === '--out') args.out = argv[++i];
    else throw new Error(`unknown argument ${argv[i]} (expected --quick, --out <file>)`);
  }
  return args;
}

/** Measures and reports when `caseUrl` is the entry point; does nothing when imported. */
export async function runCase(caseUrl, { title, measures }, measure) {
  const file = fileURLToPath(caseUrl);
  if (process.argv[1] !== file) return;
  const name = basename(dirname(file));
  const args = parseCaseArgs(process.argv.slice(2));
  const t0 = nowMs();
  const log = (message) => process.stderr.write(`  [${name} ${((nowMs() - t0) / 1000).toFixed(1)}s] ${message}\n`);
  let body;
  const restoreHome = useCleanHome();
  try {
    body = await measure({ quick: args.quick, log });
  } catch (error) {
    body = { error: String(error?.stack ?? error) };
  } finally {
    restoreHome();
  }
  const result = { case: name, title, measures, quick: args.quick, durationMs: nowMs() - t0, ...body };
  const json = JSON.stringify(result, null, 2);
  if (args.out) writeFileSync(args.out, json);
  else process.stdout.write(json + '\n');
  process.exit(0);
}
