// `hookpool enable|disable <hook-id>`: set `"enabled"` on the hook's entry in its own file;
// `--all`: the user's global switch, which turns every hook off wherever hookpool loads them;
// `--autohand`: Autohand's own switch, `hooks.enabled` in ~/.autohand/config.json (its /hooks
// "Toggle hooks globally").
import { Option, type Command } from 'commander';
import { defaultAllHooksSwitchPath, readAllHooksSwitch, writeAllHooksSwitch } from '../../config/all-hooks-switch.js';
import { HookpoolError } from '../../errors.js';
import { addConfigOptions, type ConfigOptions } from '../config-options.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { resolveCliDirs } from '../../project/load-project.js';
import { printLine } from '../output/print.js';
import type { Finish } from '../program.js';
import { setHookEnabled } from '../../project/set-hook-enabled.js';
import { setAutohandHooksEnabled } from '../../project/autohand-switch.js';
import { printToggleResult } from '../output/toggle-result.js';

interface ToggleOptions extends ConfigOptions {
  readonly all?: boolean;
  readonly audit?: boolean;
  readonly autohand?: boolean;
}

function registerToggleCommand(program: Command, finish: Finish, { enabled }: { enabled: boolean }): void {
  const verb = enabled ? 'enable' : 'disable';
  const command = program
    .command(verb)
    .summary(`turn a hook ${enabled ? 'on' : 'off'}, editing only its "enabled" field; --all: every hook`)
    .description(`Set "enabled": ${enabled} on the hook, in the file it came from; the rest of the file is left byte for byte as it was.${enabled ? '\n--audit also sets "enforce": false (audit mode: the hook runs and its decisions are recorded as "would block", never applied); without it, a hook in audit mode is set back to enforcing ("enforce": true). Audit mode is for hooks in hookpool\'s own files.' : ''}\nClaude Code settings and Opta files have no per-hook "enabled" field: hookpool records those in ~/.config/hookpool/disabled-hooks.json.\n--all ${enabled ? 'turns the global switch back on' : 'turns every hook off'} (~/.config/hookpool/switch.json): run, list and the library's loader follow it; no hook file changes.\n--autohand sets Autohand's own switch, "hooks": {"enabled": ${enabled}} in ~/.autohand/config.json, as its /hooks "Toggle hooks globally" does.`)
    .argument('[hook-id]', `the hook to ${verb} (hookpool list shows the ids)`);
  addConfigOptions(command)
    .option('--all', `${enabled ? 'turn hooks back on after disable --all' : 'turn every hook off, for every project'} (the user's global switch)`)
    .addOption(new Option('--autohand', `turn every hook of ~/.autohand/config.json ${enabled ? 'back on' : 'off'}: its "hooks": {"enabled": ${enabled}} (Autohand's /hooks "Toggle hooks globally")`).conflicts('all'));
  if (enabled) command.option('--audit', 'audit mode: the hook runs and what it would block is recorded and shown, never applied');
  command
    .addHelpText('after', `
Examples:
  $ hookpool ${verb} auto-lint${enabled ? `
  $ hookpool ${verb} --audit block-rm` : ''}
  $ hookpool ${verb} --all
  $ hookpool ${verb} --autohand`)
    .action(async (id: string | undefined, options: ToggleOptions) => {
      const switchGiven = options.all === true ? '--all' : options.autohand === true ? '--autohand' : undefined;
      if (switchGiven !== undefined && id !== undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `name a hook or give ${switchGiven}, not both (hookpool ${verb} ${switchGiven})`);
      if (options.all === true) {
        if (options.audit === true) throw new HookpoolError('ERR_HOOKPOOL_USAGE', 'name the hook to put in audit mode: --audit is per hook, not for --all');
        finish(await setAllHooks(options, enabled));
        return;
      }
      if (options.autohand === true) {
        if (options.audit === true) throw new HookpoolError('ERR_HOOKPOOL_USAGE', 'name the hook to put in audit mode: --audit is per hook, not for --autohand');
        finish(await setAutohandHooks(options, enabled));
        return;
      }
      if (id === undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `name the hook to ${verb} (hookpool list shows the ids), or give --all or --autohand`);
      printToggleResult(await setHookEnabled(options, enabled ? { id, enabled, enforce: options.audit !== true } : { id, enabled }));
      finish(EXIT.proceed);
    });
}

async function setAllHooks(options: ToggleOptions, enabled: boolean): Promise<ExitCode> {
  const { home } = await resolveCliDirs(options);
  const path = defaultAllHooksSwitchPath(home);
  const before = await readAllHooksSwitch(path);
  if (before.off !== enabled) {
    printLine(enabled ? 'every hook is already on (the global switch is not off); nothing changed' : `every hook is already off (since ${before.offSince ?? 'before'}); nothing changed`);
    return EXIT.proceed;
  }
  await writeAllHooksSwitch(path, enabled);
  printLine(enabled ? `every hook is on again (${path}); each hook's own "enabled" still applies` : `every hook is off, for every project (${path}); hookpool enable --all turns them back on`);
  return EXIT.proceed;
}

async function setAutohandHooks(options: ToggleOptions, enabled: boolean): Promise<ExitCode> {
  const { where, changed } = await setAutohandHooksEnabled(await resolveCliDirs(options), enabled);
  const state = enabled ? 'on' : 'off';
  if (!changed) printLine(`the hooks of ${where} are already ${state} ("hooks": {"enabled": ${enabled}}); nothing changed`);
  else printLine(`every hook of ${where} is ${state} ("hooks": {"enabled": ${enabled}}); each entry keeps its own "enabled"${enabled ? '' : '; hookpool enable --autohand turns them back on'}`);
  return EXIT.proceed;
}

export const registerEnableCommand = (program: Command, finish: Finish) => registerToggleCommand(program, finish, { enabled: true });
export const registerDisableCommand = (program: Command, finish: Finish) => registerToggleCommand(program, finish, { enabled: false });
