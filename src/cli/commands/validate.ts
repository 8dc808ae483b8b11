// `hookpool validate`: exit 0 when every configured hook loads, else one line per problem and
// exit 1. A project file waiting for `hookpool trust` is valid (said so, with how to trust it);
// `--require-trust` makes it a problem too, for a check that everything will also run.
import type { Command } from 'commander';
import { addConfigOptions, type ConfigOptions } from '../config-options.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { loadCliConfig } from '../../project/load-project.js';
import { plural } from '../../project/describe.js';
import { describeFailOpenGuards, describeFilesRead, describeSearchedPlaces, describeUntrusted, shortenPaths } from '../output/describe-files.js';
import { printJson, printLine } from '../output/print.js';
import type { Finish } from '../program.js';
import { validationProblems } from '../../project/validation-problems.js';
import { filesWaitingForTrust } from '../../project/waiting-for-trust.js';
import { withProgress } from '../output/progress.js';

interface ValidateOptions extends ConfigOptions {
  readonly json?: boolean;
  readonly requireTrust?: boolean;
}

export function registerValidateCommand(program: Command, finish: Finish): void {
  const command = program
    .command('validate')
    .summary('check the configuration; exit 1 with one line per problem')
    .description('Check every configuration file. Exit 0 when all hooks load; exit 1 with one line per problem: file, JSON path, what is wrong and what is allowed. A project file that loads but is not trusted yet passes, with a line saying so and how to trust it; --require-trust fails on it.');
  addConfigOptions(command)
    .option('--require-trust', 'also fail (exit 1) when a project hook file is not trusted yet, or changed since it was')
    .option('--json', 'print {ok, hooks, files, problems, untrusted, failOpenGuards} as JSON')
    .addHelpText('after', `
Examples:
  $ hookpool validate                    # in CI: the hooks load, whether or not this machine trusts them
  $ hookpool validate --require-trust    # also: every project hook file is trusted as it is now
  $ hookpool validate --config .hookpool/hooks.json --claude-settings .claude/settings.json --json`)
    .action(async (options: ValidateOptions) => finish(await validate(options)));
}

async function validate(options: ValidateOptions): Promise<ExitCode> {
  const requireTrust = options.requireTrust === true;
  const { config, found } = await withProgress('checking the configuration', async () => {
    const config = await loadCliConfig(options, { includeUntrusted: true });
    return { config, found: await validationProblems(config, { requireTrust }) };
  });
  const problems = found.map((line) => shortenPaths(line, config));
  // Not problems (the configuration loads as written), but never silent: each guard that lets its action through when its hook fails.
  const failOpen = describeFailOpenGuards(config);
  const untrusted = requireTrust ? [] : describeUntrusted(config).map((line) => (line.startsWith(' ') ? line : `untrusted: ${line}`));
  if (options.json) {
    const waiting = filesWaitingForTrust(config);
    printJson({
      ok: problems.length === 0,
      hooks: config.hooks.length,
      files: config.loaded.files,
      problems,
      untrusted: waiting.map(({ file, hooks }) => ({ path: file.path, hooks: hooks.length, changes: file.changes })),
      failOpenGuards: failOpen,
    });
  } else if (problems.length > 0) {
    for (const line of problems) process.stderr.write(`${line}\n`);
    process.stderr.write(`${plural(problems.length, 'problem')} in ${describeFilesRead(config)}; each line says what happens to the entry it names\n`);
    for (const line of [...untrusted, ...failOpen.map((line) => `note: ${line}`)]) process.stderr.write(`${line}\n`);
  } else {
    printLine(`${plural(config.hooks.length, 'hook')} OK in ${describeFilesRead(config)}`);
    if (config.loaded.files.length === 0) printLine(`no configuration found (looked in ${describeSearchedPlaces(config, options)})`);
    for (const line of untrusted) printLine(line);
    for (const line of failOpen) printLine(`note: ${line}`);
  }
  return problems.length === 0 ? EXIT.proceed : EXIT.error;
}
