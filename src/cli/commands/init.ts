// `hookpool init`: a project's .hookpool/hooks.json (with $schema when hookpool is installed in the
// project), the example hooks chosen (added where missing, never over a hook or script the user
// has), and an agent's settings wired so the agent calls hookpool once per event. Run again, it
// changes nothing that is already as it should be, and says so.
import { Option, type Command } from 'commander';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIALECT_NAMES, type DialectName } from '../../dialects/dialect-names.js';
import { HookpoolError } from '../../errors.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { chooseExampleHooks, copyExampleScripts, describeExampleHooks, type ExampleEntry } from '../init/example-hooks.js';
import { loadCliConfig, resolveCliDirs } from '../../project/load-project.js';
import { wireAgent, wiredAgents, type WireAgentOptions } from '../../project/wire-agent.js';
import { printLine } from '../output/print.js';
import type { Finish } from '../program.js';
import { describeWiring } from '../output/describe-wiring.js';
import { appendNativeHook, newHooksFileText, readNativeDocument } from '../../project/native-hooks-file.js';
import { editUserFile } from '../../io/user-files/edit-user-file.js';
import { filesWaitingForTrust } from '../../project/waiting-for-trust.js';

interface InitOptions {
  readonly cwd?: string;
  readonly example?: string[];
  readonly agent?: DialectName;
  readonly transport?: 'http' | 'command';
}

const HOOKS_FILE = '.hookpool/hooks.json';

const collect = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',').filter(Boolean)];

export function registerInitCommand(program: Command, finish: Finish): void {
  program
    .command('init')
    .summary("create .hookpool/hooks.json, copy example hooks, wire an agent's settings")
    .description(`Create ${HOOKS_FILE} (an existing one is kept), add the example hooks chosen with --example that it does not hold yet (their scripts copied where missing, never over yours), and with --agent write that agent's settings so it calls hookpool once per event. Running it again changes nothing that is already as it should be, and says so. The file gets a "$schema" for editors when hookpool is installed in the project (node_modules/hookpool), none otherwise.`)
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
  const hooksFile = join(cwd, HOOKS_FILE);
  const { created, added } = await writeHooksFile(cwd, hooksFile, examples);
  const scripts = await copyExampleScripts(cwd, examples.filter((hook) => added.includes(hook.id)));
  for (const script of scripts.copied) printLine(`  copied ${script}`);
  for (const script of scripts.kept) printLine(`  kept your ${script} (it differs from the example's)`);
  let wroteSettings = false;
  for (const agent of await agentsToWire(options, cwd, added.length > 0)) {
    const wired = await wireAgent(agent);
    wroteSettings ||= wired.written.length > 0;
    describeWiring(wired).forEach((line) => printLine(line));
  }
  if (!created && added.length === 0 && scripts.copied.length === 0 && !wroteSettings) printLine('nothing changed: the project is already set up as asked');
  const config = await loadCliConfig({ cwd }, { includeUntrusted: true });
  if (filesWaitingForTrust(config).some(({ file }) => file.path === hooksFile)) printLine(`next: review ${HOOKS_FILE} (hookpool list shows its hooks), then run hookpool trust: project hooks run only once trusted`);
  return EXIT.proceed;
}

/**
 * Creates the hooks file with the examples, or adds to an existing one the examples it holds no
 * hook of that id for (a hook the user already has is never replaced). Returns whether it created
 * the file, and the ids of the examples added.
 */
async function writeHooksFile(cwd: string, hooksFile: string, examples: readonly ExampleEntry[]): Promise<{ created: boolean; added: string[] }> {
  const existing = await readFile(hooksFile, 'utf8').catch(() => null);
  if (existing === null) {
    await mkdir(join(cwd, '.hookpool'), { recursive: true });
    await writeFile(hooksFile, await newHooksFileText(hooksFile, cwd, examples), { flag: 'wx' });
    printLine(`created ${HOOKS_FILE}${examples.length === 0 ? '' : ` with ${examples.map((hook) => hook.id).join(', ')}`}`);
    return { created: true, added: examples.map((hook) => hook.id) };
  }
  const held = new Set(hookIdsOf(readNativeDocument(existing, HOOKS_FILE, hooksFile)));
  const missing = examples.filter((hook) => !held.has(hook.id));
  const present = examples.filter((hook) => held.has(hook.id)).map((hook) => hook.id);
  if (missing.length > 0) {
    await editUserFile(hooksFile, HOOKS_FILE, (text) => missing.reduce((edited, hook) => appendNativeHook(edited, { ...hook }, HOOKS_FILE, hooksFile), text ?? existing));
    printLine(`added ${missing.map((hook) => hook.id).join(', ')} to ${HOOKS_FILE}`);
  }
  if (present.length > 0) printLine(`${HOOKS_FILE} already has ${present.join(', ')}: left as ${present.length === 1 ? 'it is' : 'they are'}`);
  if (examples.length === 0) printLine(`${HOOKS_FILE} already exists: left as it is`);
  return { created: false, added: missing.map((hook) => hook.id) };
}

function hookIdsOf(document: Record<string, unknown>): string[] {
  const hooks = Array.isArray(document.hooks) ? (document.hooks as unknown[]) : [];
  return hooks.flatMap((hook) => (typeof hook === 'object' && hook !== null && typeof (hook as { id?: unknown }).id === 'string' ? [(hook as { id: string }).id] : []));
}

/**
 * The agent named with --agent, and, when hooks were added, every agent the project is already
 * wired for (with the transport its entries use): it learns the new events at once, as after add.
 */
async function agentsToWire(options: InitOptions, cwd: string, hooksAdded: boolean): Promise<WireAgentOptions[]> {
  const agents = hooksAdded ? await wiredAgents(cwd) : [];
  if (options.agent === undefined) return agents;
  const named: WireAgentOptions = { projectDir: cwd, dialect: options.agent, transport: options.transport };
  return [...agents.filter((agent) => agent.dialect !== options.agent), named];
}
