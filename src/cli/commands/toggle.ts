// `hookpool enable|disable <hook-id>`: set `"enabled"` on the hook's entry in its own file.
import type { Command } from 'commander';
import { addConfigOptions, type ConfigOptions } from '../config-options.js';
import { EXIT } from '../exit-codes.js';
import type { Finish } from '../program.js';
import { setHookEnabled } from '../set-hook-enabled.js';
import { printToggleResult } from '../output/toggle-result.js';

function registerToggleCommand(program: Command, finish: Finish, { enabled }: { enabled: boolean }): void {
  const verb = enabled ? 'enable' : 'disable';
  const command = program
    .command(verb)
    .summary(`turn a hook ${enabled ? 'on' : 'off'}, editing only its "enabled" field`)
    .description(`Set "enabled": ${enabled} on the hook, in the file it came from; the rest of the file is left byte for byte as it was.\nClaude Code settings and Opta files have no per-hook "enabled" field and cannot be toggled.`)
    .argument('<hook-id>', `the hook to ${verb} (hookpool list shows the ids)`);
  addConfigOptions(command)
    .addHelpText('after', `
Example:
  $ hookpool ${verb} auto-lint`)
    .action(async (id: string, options: ConfigOptions) => {
      printToggleResult(await setHookEnabled(options, { id, enabled }));
      finish(EXIT.proceed);
    });
}

export const registerEnableCommand = (program: Command, finish: Finish) => registerToggleCommand(program, finish, { enabled: true });
export const registerDisableCommand = (program: Command, finish: Finish) => registerToggleCommand(program, finish, { enabled: false });
