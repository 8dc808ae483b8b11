// `hookpool trust`: record the exact content of the project's hook files, and of the project
// scripts their hooks run, as approved so their hooks run (a change to either needs approving
// again); `--list` shows every approval and whether it still holds; `--revoke` forgets approvals.
import { Option, type Command } from 'commander';
import { parseNativeHooks } from '../../config/parse-native.js';
import type { UntrustedConfigFile } from '../../config/loaded-config.js';
import { HookpoolError } from '../../errors.js';
import { defaultTrustStorePath, TrustStore } from '../../trust/trust-store.js';
import { addConfigOptions, type ConfigOptions } from '../config-options.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { loadCliConfig, type CliConfig } from '../../project/load-project.js';
import { describeCommand, displayPath, plural } from '../../project/describe.js';
import { printError, printLine } from '../output/print.js';
import type { Finish } from '../program.js';
import { listTrustedFiles, revokeTrust } from '../trust-records.js';
import { withProgress } from '../output/progress.js';

interface TrustOptions extends ConfigOptions {
  readonly list?: boolean;
  readonly revoke?: boolean;
  readonly json?: boolean;
}

export function registerTrustCommand(program: Command, finish: Finish): void {
  const command = program
    .command('trust')
    .summary("approve the project's hook files as they are now (--list, --revoke)")
    .description("Record the current content of the project's hook files (.hookpool/hooks.json, .claude/settings*.json), and of every project file their hooks run, as trusted, so their hooks run. Review them first: their commands run with your permissions. Editing a file or one of its scripts untrusts it.")
    .argument('[files...]', 'with --revoke: the hook files to forget (default: every trusted hook file of the project)');
  addConfigOptions(command)
    .addOption(new Option('--list', 'show every trusted hook file: when it was approved, its scripts, and whether it is still trusted, changed or missing').conflicts('revoke'))
    .option('--revoke', "forget the approval of the project's hook files, or of the files named: their hooks stop running")
    .option('--json', 'with --list: print the list as JSON')
    .addHelpText('after', `
Examples:
  $ hookpool trust                       # after reviewing the hooks that hookpool list shows
  $ hookpool trust --list                # every approval, and whether it still holds
  $ hookpool trust --list --json
  $ hookpool trust --revoke              # this project's hook files run no more until trusted again
  $ hookpool trust --revoke .claude/settings.local.json`)
    .action(async (files: string[], options: TrustOptions) => finish(await runTrustCommand(files, options)));
}

async function runTrustCommand(files: readonly string[], options: TrustOptions): Promise<ExitCode> {
  if (files.length > 0 && !options.revoke) throw new HookpoolError('ERR_HOOKPOOL_USAGE', 'name files only with --revoke (hookpool trust approves every waiting file of the project)');
  if (options.json && !options.list) throw new HookpoolError('ERR_HOOKPOOL_USAGE', '--json goes with --list');
  if (options.list) return listTrustedFiles(options, { json: options.json === true });
  if (options.revoke) return revokeTrust(options, files);
  return approveProjectFiles(options);
}

async function approveProjectFiles(options: ConfigOptions): Promise<ExitCode> {
  return withProgress("reading the project's hook files and the scripts they run", async (progress) => {
    const config = await loadCliConfig(options);
    const { untrusted } = config.loaded;
    if (untrusted.length === 0) {
      printLine('nothing to trust: no project hook file is waiting for approval');
      return EXIT.proceed;
    }
    const store = await TrustStore.open(defaultTrustStorePath(config.home));
    let exitCode: ExitCode = EXIT.proceed;
    for (const [index, file] of untrusted.entries()) {
      const name = displayPath(file.path, config.cwd, config.home);
      progress.update(`trusting ${name} (${index + 1}/${untrusted.length})`);
      if (file.loadError !== null) {
        printError(`${name}: not trusted: it cannot be loaded (${file.loadError}); fix it, then run hookpool trust again`);
        exitCode = EXIT.error;
        continue;
      }
      await store.trust(file.path, file.sha256, file.referenced);
      describeApproval(file, config).forEach((line) => printLine(line));
    }
    return exitCode;
  });
}

// The hooks and scripts now trusted, and what had changed since the previous approval.
function describeApproval(file: UntrustedConfigFile, config: CliConfig): string[] {
  const name = displayPath(file.path, config.cwd, config.home);
  const scripts = Object.keys(file.referenced).map((path) => displayPath(path, config.cwd, config.home));
  return [
    `trusted ${name} (${plural(file.hooks.length, 'hook')}, ${plural(scripts.length, 'script')}):`,
    ...parseNativeHooks(file.hooks).map((hook) => `  ${hook.id}: ${describeCommand(hook)}`),
    ...(file.disableAllHooks ? ['  "disableAllHooks": true: every hook is off while it is set'] : []),
    ...(scripts.length > 0 ? [`  scripts: ${scripts.join(', ')}`] : []),
    ...file.changes.map((change) => `  since the last approval: ${change}`),
  ];
}
