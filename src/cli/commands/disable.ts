// `hookpool disable <hook-id>`: set `"enabled": false` on the hook's entry in its own file.
import type { Command } from 'commander';
import { addConfigOptions, type ConfigOptions } from '../config-options.js';
import { EXIT } from '../exit-codes.js';
import type { Finish } from '../program.js';
import { setHookEnabled } from '../set-hook-enabled.js';
import { printToggleResult } from '../output/toggle-result.js';

export function registerDisableCommand(program: Command, finish: Finish): void {
  const command = program
    .command('disable')
    .summary('turn a hook off, editing only its "enabled" field')
    .description('Set "enabled": false on the hook, in the file it came from; the rest of the file is left byte for byte as it was.\nClaude Code settings and Opta files have no per-hook "enabled" field and cannot be toggled.')
    .argument('<hook-id>', 'the hook to disable (hookpool list shows the ids)');
  addConfigOptions(command)
    .addHelpText('after', `
Example:
  $ hookpool disable auto-lint`)
    .action(async (id: string, options: ConfigOptions) => {
      printToggleResult(await setHookEnabled(options, { id, enabled: false }));
      finish(EXIT.proceed);
    });
}
