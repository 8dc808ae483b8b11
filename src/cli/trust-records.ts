// `hookpool trust --list` and `--revoke`: the user's approvals as they stand, and forgetting them.
import { resolve } from 'node:path';
import { listConfigFiles } from '../config/discover.js';
import { HookpoolError } from '../errors.js';
import { needsTrust } from '../trust/decide-trust.js';
import { inspectTrustedFile, type TrustedFileState } from '../trust/inspect-trusted-file.js';
import { defaultTrustStorePath, TrustStore } from '../trust/trust-store.js';
import type { ConfigOptions } from './config-options.js';
import { EXIT, type ExitCode } from '../dialects/exit-codes.js';
import { resolveCliDirs } from '../project/load-project.js';
import { displayPath, plural } from '../project/describe.js';
import { printJson, printLine, printWarning } from './output/print.js';
import { createPaint, type StyleName } from './output/style.js';

const STATUS_STYLE: Readonly<Record<TrustedFileState['status'], StyleName>> = { trusted: 'green', changed: 'yellow', missing: 'dim' };

/** Every recorded approval, checked against the files and scripts as they are now. */
export async function listTrustedFiles(options: ConfigOptions, how: { json: boolean }): Promise<ExitCode> {
  const { cwd, home } = await resolveCliDirs(options);
  const store = await TrustStore.open(defaultTrustStorePath(home));
  const records = store.entries().sort(([a], [b]) => a.localeCompare(b));
  const states = await Promise.all(records.map(([path, record]) => inspectTrustedFile(path, record)));
  if (how.json) {
    printJson({ store: store.path, problem: store.problem, files: states });
    return EXIT.proceed;
  }
  if (store.problem !== null) printWarning(store.problem);
  if (states.length === 0) {
    printLine(`no hook file is trusted (${displayPath(store.path, cwd, home)}); hookpool trust approves the project's files`);
    return EXIT.proceed;
  }
  const paint = createPaint();
  const show = (path: string) => displayPath(path, cwd, home);
  for (const state of states) {
    const when = state.trustedAt === null ? 'when not recorded' : state.trustedAt;
    printLine(`${paint(state.status.padEnd(7), STATUS_STYLE[state.status])}  ${show(state.path)}  (trusted ${when})`);
    if (state.referenced === null) printLine('  scripts: not recorded (approved by an earlier hookpool; trust it again)');
    else printLine(`  scripts: ${state.referenced.length === 0 ? 'none' : state.referenced.map(show).join(', ')}`);
    for (const change of state.changes) printLine(`  ${change}`);
  }
  const stale = states.filter((state) => state.status !== 'trusted').length;
  printLine();
  printLine(`${plural(states.length, 'file')} trusted, ${stale} no longer as approved`);
  return EXIT.proceed;
}

/** Forgets the approval of the project's hook files, or of the files named (each must have one). */
export async function revokeTrust(options: ConfigOptions, files: readonly string[]): Promise<ExitCode> {
  const { cwd, home } = await resolveCliDirs(options);
  const store = await TrustStore.open(defaultTrustStorePath(home));
  const show = (path: string) => displayPath(path, cwd, home);
  const named = files.map((file) => resolve(cwd, file));
  const unknown = named.filter((path) => store.get(path) === undefined);
  if (unknown.length > 0) {
    throw new HookpoolError('ERR_HOOKPOOL_USAGE', unknown.map((path) => `${show(path)}: not trusted, nothing to revoke (hookpool trust --list shows what is)`).join('\n'));
  }
  const targets = named.length > 0 ? named : projectHookFiles(cwd, home);
  const revoked = await store.revoke(targets);
  if (revoked.length === 0) printLine(`nothing to revoke: no hook file of ${cwd} is trusted`);
  for (const path of revoked) printLine(`revoked ${show(path)}: its hooks do not run until you trust it again`);
  return EXIT.proceed;
}

function projectHookFiles(cwd: string, home: string): string[] {
  return listConfigFiles({ cwd, home, discover: true }).filter((candidate) => needsTrust(candidate.scope)).map((candidate) => candidate.path);
}
