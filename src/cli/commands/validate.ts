// `hookpool validate`: exit 0 when every configured hook loads, else one line per problem and exit 1.
import type { Command } from 'commander';
import { addConfigOptions, type ConfigOptions } from '../config-options.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { loadCliConfig } from '../../project/load-project.js';
import { plural } from '../../project/describe.js';
import { describeFailOpenGuards, describeFilesRead, describeSearchedPlaces, describeUntrusted, shortenPaths } from '../output/describe-files.js';
import { printJson, printLine } from '../output/print.js';
import type { Finish } from '../program.js';
import { validationProblems } from '../../project/validation-problems.js';

interface ValidateOptions extends ConfigOptions {
  readonly json?: boolean;
}

export function registerValidateCommand(program: Command, finish: Finish): void {
  const command = program
    .command('validate')
    .summary('check the configuration; exit 1 with one line per problem')
    .description('Check every configuration file. Exit 0 when all hooks load; exit 1 with one line per problem: file, JSON path, what is wrong and what is allowed.');
  addConfigOptions(command)
    .option('--json', 'print {ok, hooks, files, problems} as JSON')
    .addHelpText('after', `
Examples:
  $ hookpool validate
  $ hookpool validate --config .hookpool/hooks.json --claude-settings .claude/settings.json`)
    .action(async (options: ValidateOptions) => finish(await validate(options)));
}

async function validate(options: ValidateOptions): Promise<ExitCode> {
  const config = await loadCliConfig(options, { includeUntrusted: true });
  const problems = (await validationProblems(config)).map((line) => shortenPaths(line, config));
  // Not problems (the configuration loads as written), but never silent: each guard that lets its action through when its hook fails.
  const failOpen = describeFailOpenGuards(config);
  if (options.json) {
    printJson({ ok: problems.length === 0, hooks: config.hooks.length, files: config.loaded.files, problems, failOpenGuards: failOpen });
  } else if (problems.length > 0) {
    for (const line of problems) process.stderr.write(`${line}\n`);
    process.stderr.write(`${plural(problems.length, 'problem')} in ${describeFilesRead(config)}; each line says what happens to the entry it names\n`);
    for (const line of failOpen) process.stderr.write(`note: ${line}\n`);
  } else {
    printLine(`${plural(config.hooks.length, 'hook')} OK in ${describeFilesRead(config)}`);
    if (config.loaded.files.length === 0) printLine(`no configuration found (looked in ${describeSearchedPlaces(config, options)})`);
    for (const line of describeUntrusted(config)) printLine(line);
    for (const line of failOpen) printLine(`note: ${line}`);
  }
  return problems.length === 0 ? EXIT.proceed : EXIT.error;
}
