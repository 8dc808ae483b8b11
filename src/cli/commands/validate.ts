// `hookpool validate`: exit 0 when every configured hook loads, else one line per problem and exit 1.
import type { Command } from 'commander';
import { addConfigOptions, type ConfigOptions } from '../config-options.js';
import { checkHookStart } from '../doctor/check-hook-start.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { loadCliConfig, type CliConfig } from '../load-cli-config.js';
import { describeSource, displayPath, plural } from '../output/describe.js';
import { describeFilesRead, describeSearchedPlaces, describeUntrusted } from '../output/describe-files.js';
import { printJson, printLine } from '../output/print.js';
import type { Finish } from '../program.js';

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
  const problems = [...config.loaded.problems, ...duplicateIdProblems(config), ...(await scriptProblems(config))].map((line) => shortenPaths(line, config));
  if (options.json) {
    printJson({ ok: problems.length === 0, hooks: config.hooks.length, files: config.loaded.files, problems });
  } else if (problems.length > 0) {
    for (const line of problems) process.stderr.write(`${line}\n`);
    process.stderr.write(`${plural(problems.length, 'problem')} in ${describeFilesRead(config)}; each line says what happens to the entry it names\n`);
  } else {
    printLine(`${plural(config.hooks.length, 'hook')} OK in ${describeFilesRead(config)}`);
    if (config.loaded.files.length === 0) printLine(`no configuration found (looked in ${describeSearchedPlaces(config, options)})`);
    for (const line of describeUntrusted(config)) printLine(line);
  }
  return problems.length === 0 ? EXIT.proceed : EXIT.error;
}

// The loader keeps two hooks with the same explicit id; test, enable and disable could not tell them apart.
function duplicateIdProblems(config: CliConfig): string[] {
  const firstWithId = new Map<string, string>();
  const problems: string[] = [];
  for (const { definition, hasOwnId } of config.hooks) {
    const { id, source } = definition;
    if (!hasOwnId || source === undefined) continue;
    const first = firstWithId.get(id);
    if (first === undefined) firstWithId.set(id, describeSource(source, config.cwd));
    else problems.push(`${source.file}: ${source.jsonPath}.id: duplicate id "${id}" (first used at ${first}); give each hook a unique id`);
  }
  return problems;
}

// A hook whose script is missing or not executable loads, but fails every time it runs.
async function scriptProblems(config: CliConfig): Promise<string[]> {
  const checks = await Promise.all(config.hooks.map(async ({ definition }) => ({ definition, check: await checkHookStart(definition, config.cwd) })));
  return checks.flatMap(({ definition, check }) => check.scriptProblems.map((problem) => {
    const where = definition.source === undefined ? `hook "${definition.id}"` : `${definition.source.file}: ${definition.source.jsonPath}`;
    return `${where}: ${problem}; the hook would fail each time it runs`;
  }));
}

function shortenPaths(line: string, config: CliConfig): string {
  return config.loaded.files.reduce((text, file) => text.replaceAll(file.path, displayPath(file.path, config.cwd, config.home)), line);
}
