// `hookpool trust`: record the exact content of the project's hook files as approved, so their
// hooks run (a changed file needs approving again).
import type { Command } from 'commander';
import { parseNativeHooks } from '../../config/parse-native.js';
import { defaultTrustStorePath, TrustStore } from '../../trust/trust-store.js';
import { addConfigOptions, type ConfigOptions } from '../config-options.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { loadCliConfig } from '../load-cli-config.js';
import { describeCommand, displayPath, plural } from '../output/describe.js';
import { printLine } from '../output/print.js';
import type { Finish } from '../program.js';

export function registerTrustCommand(program: Command, finish: Finish): void {
  const command = program
    .command('trust')
    .summary("approve the project's hook files as they are now")
    .description("Record the current content of the project's hook files (.hookpool/hooks.json, .claude/settings*.json) as trusted, so their hooks run. Review the files first: their commands run with your permissions. Editing a file untrusts it.");
  addConfigOptions(command)
    .addHelpText('after', `
Example:
  $ hookpool trust    # after reviewing the hooks that hookpool list shows`)
    .action(async (options: ConfigOptions) => finish(await trustProjectFiles(options)));
}

async function trustProjectFiles(options: ConfigOptions): Promise<ExitCode> {
  const config = await loadCliConfig(options);
  const { untrusted } = config.loaded;
  if (untrusted.length === 0) {
    printLine('nothing to trust: no project hook file is waiting for approval');
    return EXIT.proceed;
  }
  const store = await TrustStore.open(defaultTrustStorePath(config.home));
  for (const file of untrusted) {
    await store.trust(file.path, file.sha256);
    printLine(`trusted ${displayPath(file.path, config.cwd, config.home)} (${plural(file.hooks.length, 'hook')}):`);
    for (const hook of parseNativeHooks(file.hooks)) printLine(`  ${hook.id}: ${describeCommand(hook)}`);
  }
  return EXIT.proceed;
}
