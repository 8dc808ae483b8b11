// `hookpool init`: a project's .hookpool/hooks.json (with $schema, never overwritten), the example
// hooks chosen, and an agent's settings wired so the agent calls hookpool once per event.
import { Option, type Command } from 'commander';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EVENT_NAMES, type EventName } from '../../events/event-specs.js';
import { HookpoolError } from '../../errors.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { AGENT_NAMES, type AgentName } from '../../dialects/agents.js';
import { AGENT_SETTINGS, agentEventsFor, type WiredAgent } from '../../dialects/agent-settings.js';
import { wireAgentSettings } from '../../dialects/wire-settings.js';
import { chooseExampleHooks, copyExampleScripts, describeExampleHooks } from '../init/example-hooks.js';
import { wireClaudeSettings } from '../../dialects/claude/wire-settings.js';
import { loadCliConfig, resolveCliDirs } from '../../project/load-project.js';
import { printLine } from '../output/print.js';
import type { Finish } from '../program.js';
import { fileExists } from '../../io/file-exists.js';

interface InitOptions {
  readonly cwd?: string;
  readonly example?: string[];
  readonly agent?: AgentName;
  readonly http?: boolean;
}

/** Relative to .hookpool/: the schema of the installed package, for editors that read `$schema`. */
const SCHEMA_REFERENCE = '../node_modules/hookpool/schema.json';
// Events wired when no hook is configured yet: the ones the bundled examples use.
const DEFAULT_EVENTS: readonly EventName[] = ['PreToolUse', 'PostToolUse', 'Notification', 'Stop'];

const collect = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',').filter(Boolean)];

export function registerInitCommand(program: Command, finish: Finish): void {
  program
    .command('init')
    .summary("create .hookpool/hooks.json, copy example hooks, wire an agent's settings")
    .description("Create .hookpool/hooks.json with its $schema (an existing one is never overwritten), copy the example hooks chosen with --example, and with --agent write that agent's settings so it calls hookpool once per event.")
    .addOption(new Option('--example <name>', 'copy an example hook and its script (repeatable, comma-separated, or "all")').argParser(collect))
    .addOption(new Option('--agent <agent>', "write this agent's hook settings so it calls hookpool").choices(AGENT_NAMES))
    .option('--http', 'with --agent claude: type "http" entries pointing at hookpool serve instead of command entries')
    .option('--cwd <dir>', 'project directory (default: the current directory)')
    .addHelpText('after', `
Example hooks (--example):
${describeExampleHooks().join('\n')}

Agents: claude writes .claude/settings.json; ${AGENT_NAMES.filter((agent): agent is WiredAgent => agent !== 'claude').map((agent) => `${agent} ${AGENT_SETTINGS[agent].file}`).join('; ')}.

Examples:
  $ hookpool init
  $ hookpool init --example block-rm,auto-lint --agent claude
  $ hookpool init --agent claude --http     # Claude Code posts to hookpool serve`)
    .action(async (options: InitOptions) => finish(await init(options)));
}

async function init(options: InitOptions): Promise<ExitCode> {
  if (options.http && options.agent !== 'claude') throw new HookpoolError('ERR_HOOKPOOL_USAGE', '--http wires Claude Code: use it with --agent claude');
  const examples = chooseExampleHooks(options.example ?? []);
  const { cwd } = await resolveCliDirs(options);
  const hooksFile = join(cwd, '.hookpool', 'hooks.json');
  if (await fileExists(hooksFile)) {
    if (examples.length > 0 || options.agent === undefined) {
      throw new HookpoolError('ERR_HOOKPOOL_USAGE', '.hookpool/hooks.json already exists; hookpool init never overwrites it (add hooks with hookpool add)');
    }
    printLine('.hookpool/hooks.json already exists: left as it is');
  } else {
    await mkdir(join(cwd, '.hookpool'), { recursive: true });
    await writeFile(hooksFile, `${JSON.stringify({ $schema: SCHEMA_REFERENCE, hooks: examples }, null, 2)}\n`, { flag: 'wx' });
    printLine(`created .hookpool/hooks.json${examples.length === 0 ? '' : ` with ${examples.map((hook) => hook.id).join(', ')}`}`);
    for (const script of await copyExampleScripts(cwd, examples)) printLine(`  copied ${script}`);
  }
  if (options.agent === 'claude') await wireClaude(cwd, options.http === true);
  else if (options.agent !== undefined) await wireAgent(cwd, options.agent);
  printLine('next: review the hooks, then run hookpool trust (project hooks run only once trusted)');
  return EXIT.proceed;
}

// The events of the project's configured hooks, each with its slowest hook (ms); the examples' events when none is configured.
async function configuredEvents(cwd: string): Promise<Map<EventName, number>> {
  const config = await loadCliConfig({ cwd, config: [join(cwd, '.hookpool', 'hooks.json')] }, { includeUntrusted: true });
  const slowest = new Map<EventName, number>();
  for (const { definition } of config.hooks) slowest.set(definition.event, Math.max(slowest.get(definition.event) ?? 0, definition.timeoutMs));
  return slowest.size > 0 ? new Map(EVENT_NAMES.filter((event) => slowest.has(event)).map((event) => [event, slowest.get(event)!])) : new Map(DEFAULT_EVENTS.map((event) => [event, 0]));
}

async function wireAgent(cwd: string, agent: WiredAgent): Promise<void> {
  const settings = AGENT_SETTINGS[agent];
  const events = agentEventsFor(settings, await configuredEvents(cwd));
  const wired = await wireAgentSettings(cwd, settings, events);
  if (wired.added.length > 0) printLine(`wired ${settings.file}: ${wired.added.join(', ')}`);
  if (wired.kept.length > 0) printLine(`${settings.file} already calls hookpool on ${wired.kept.join(', ')}: left as it is`);
  if (events.size === 0) printLine(`${settings.file}: none of the configured hooks' events has a ${agent} counterpart: nothing wired`);
}

async function wireClaude(cwd: string, http: boolean): Promise<void> {
  const events = await configuredEvents(cwd);
  const wired = await wireClaudeSettings(cwd, events, http ? 'http' : 'command');
  if (wired.added.length > 0) printLine(`wired .claude/settings.json (${http ? 'http to hookpool serve' : 'command'}): ${wired.added.join(', ')}`);
  if (wired.kept.length > 0) printLine(`.claude/settings.json already calls hookpool on ${wired.kept.join(', ')}: left as it is`);
  if (http) printLine('note: the http entries need `hookpool serve --http` running in this project and HOOKPOOL_SERVE_TOKEN (the content of ~/.config/hookpool/serve-token) set in the environment Claude Code starts from');
}
