// `hookpool init`: a project's .hookpool/hooks.json (with $schema, never overwritten), the example
// hooks chosen, and an agent's settings wired so the agent calls hookpool once per event. Run
// again, it changes nothing that is already as it should be.
import { Option, type Command } from 'commander';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIALECT_NAMES, type DialectName } from '../../dialects/dialect-names.js';
import { HookpoolError } from '../../errors.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { chooseExampleHooks, copyExampleScripts, describeExampleHooks } from '../init/example-hooks.js';
import { resolveCliDirs } from '../../project/load-project.js';
import { wireAgent } from '../../project/wire-agent.js';
import { printLine } from '../output/print.js';
import type { Finish } from '../program.js';
import { fileExists } from '../../io/file-exists.js';
import { describeWiring } from '../output/describe-wiring.js';

interface InitOptions {
  readonly cwd?: string;
  readonly example?: string[];
  readonly agent?: DialectName;
  readonly transport?: 'http' | 'command';
}

/** Relative to .hookpool/: the schema of the installed package, for editors that read `$schema`. */
const SCHEMA_REFERENCE = '../node_modules/hookpool/schema.json';

const collect = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',').filter(Boolean)];

export function registerInitCommand(program: Command, finish: Finish): void {
  program
    .command('init')
    .summary("create .hookpool/hooks.json, copy example hooks, wire an agent's settings")
    .description("Create .hookpool/hooks.json with its $schema (an existing one is kept), copy the example hooks chosen with --example, and with --agent write that agent's settings so it calls hookpool once per event. Running it again brings the agent's entries up to date and changes nothing else.")
    .addOption(new Option('--example <name>', 'copy an example hook and its script (repeatable, comma-separated, or "all")').argParser(collect))
    .addOption(new Option('--agent <agent>', "write this agent's hook settings so it calls hookpool").choices(DIALECT_NAMES))
    .addOption(new Option('--transport <transport>', 'with --agent claude: "http" entries to the resident server (default, no process per call) or "command" entries').choices(['http', 'command']))
    .option('--cwd <dir>', 'project directory (default: the current directory)')
    .addHelpText('after', `
Example hooks (--example):
${describeExampleHooks().join('\n')}

Examples:
  $ hookpool init --example block-rm --agent claude
  $ hookpool init --agent gemini
  $ hookpool init --agent claude --transport command`)
    .action(async (options: InitOptions) => finish(await init(options)));
}

async function init(options: InitOptions): Promise<ExitCode> {
  if (options.transport !== undefined && options.agent !== 'claude') throw new HookpoolError('ERR_HOOKPOOL_USAGE', '--transport chooses how Claude Code reaches hookpool: use it with --agent claude');
  const examples = chooseExampleHooks(options.example ?? []);
  const { cwd } = await resolveCliDirs(options);
  await writeHooksFile(cwd, examples);
  if (options.agent !== undefined) describeWiring(await wireAgent({ projectDir: cwd, dialect: options.agent, transport: options.transport })).forEach((line) => printLine(line));
  printLine('next: review the hooks, then run hookpool trust (project hooks run only once trusted)');
  return EXIT.proceed;
}

// The hooks file is created once; examples asked for later are added to it when missing (never a hook the user already has).
async function writeHooksFile(cwd: string, examples: ReturnType<typeof chooseExampleHooks>): Promise<void> {
  const hooksFile = join(cwd, '.hookpool', 'hooks.json');
  if (await fileExists(hooksFile)) {
    if (examples.length > 0) throw new HookpoolError('ERR_HOOKPOOL_USAGE', '.hookpool/hooks.json already exists; hookpool init never overwrites it (add hooks with hookpool add)');
    printLine('.hookpool/hooks.json already exists: left as it is');
    return;
  }
  await mkdir(join(cwd, '.hookpool'), { recursive: true });
  await writeFile(hooksFile, `${JSON.stringify({ $schema: SCHEMA_REFERENCE, hooks: examples }, null, 2)}\n`, { flag: 'wx' });
  printLine(`created .hookpool/hooks.json${examples.length === 0 ? '' : ` with ${examples.map((hook) => hook.id).join(', ')}`}`);
  for (const script of await copyExampleScripts(cwd, examples)) printLine(`  copied ${script}`);
}
