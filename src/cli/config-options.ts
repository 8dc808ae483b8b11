// The options every verb that reads configuration shares, declared once.
import { Option, type Command } from 'commander';

export type { ConfigOptions, InputOptions, PassEnvOptions } from '../project/config-options.js';


const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** `--config F`, `--claude-settings F`, `--plugin D` (all repeatable) and `--cwd D`. */
export function addConfigOptions(command: Command): Command {
  return command
    .addOption(new Option('--config <file>', 'a hookpool config file (native, Autohand, Wundr or Opta shape); repeatable').argParser(collect))
    .addOption(new Option('--claude-settings <file>', 'a Claude Code settings file, or "auto": the discovered user, project and local ones (which run --format claude otherwise leaves to Claude Code); repeatable').argParser(collect))
    .addOption(new Option('--plugin <dir>', "a Claude Code plugin folder: its hooks/hooks.json runs with CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA; repeatable").argParser(collect))
    .option('--cwd <dir>', 'project directory: where .hookpool/ and .claude/ are found and hooks run (default: the current directory)');
}

/** `--input JSON` or `--input-file F` (`-` for stdin). */
export function addInputOptions(command: Command, stdinNote: string): Command {
  return command
    .addOption(new Option('--input <json>', `the event payload as JSON (${stdinNote})`).conflicts('inputFile'))
    .option('--input-file <file>', 'read the payload from a file; "-" reads stdin');
}

/** `--pass-env NAME` (repeatable): a variable every hook gets although it looks secret. */
export function addPassEnvOption(command: Command): Command {
  return command.addOption(new Option('--pass-env <name>', 'give hooks this variable although it looks secret (also: "env": {"pass": [...]} in ~/.config/hookpool/config.json); repeatable').argParser(collect));
}
