// What `hookpool doctor` says about the agents a project is wired for, end to end: the program
// each entry starts is an executable hookpool (and Claude Code's http entries reach the project's
// server, which a client entry starts), each configured event is wired, each entry's matcher lets
// through the tools the hooks name, each hook's matcher names a tool the agent has, and where the
// agent lets a guard's action through although hookpool did not answer. A finding is `fail` where
// an enabled guard cannot run (its event never reaches hookpool, or reaches a program that is not
// hookpool): its action would go through unchecked, or be refused every time.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { closest, distance } from 'fastest-levenshtein';
import type { HookDefinition } from '../model/hook-definition.js';
import { isPlainObject } from '../config/layouts/shared.js';
import { DIALECT_NAMES } from '../dialects/dialect-names.js';
import { loadDialect } from '../dialects/dialects.js';
import type { Dialect } from '../dialects/dialect.js';
import { agentNamesOf } from '../dialects/tools.js';
import { EVENT_SPECS, type EventName } from '../events/event-specs.js';
import { CANONICAL_TOOLS, isCanonicalTool } from '../events/tool-names.js';
import { parseJsonText } from '../io/json-edit.js';
import { matcherNames } from '../compilers/compile-matcher.js';
import { matcherLanguageOf } from '../compilers/matcher-language.js';
import { checkLauncher, type LauncherCheck } from './check-launcher.js';
import { isHookpoolItem } from './owned-items.js';
import { callsHookpool } from './self-call.js';
import { planWiring, wiredAgents, type WireAgentOptions } from './wire-agent.js';
import type { WiringContext } from '../dialects/settings/agent-settings.js';

export interface WiringFinding {
  readonly verdict: 'ok' | 'warn' | 'fail';
  readonly agent: string;
  readonly text: string;
}

export interface WiringReport {
  /** The agents whose settings call hookpool ("Claude Code", ...); empty when none does. */
  readonly agents: readonly string[];
  /** Every agent's settings file, where hookpool's entries were looked for. */
  readonly looked: readonly string[];
  readonly findings: readonly WiringFinding[];
  /** Enabled hooks that run under none of those agents (no such event, or a matcher naming none of its tools). */
  readonly idleHooks: readonly string[];
}

export async function diagnoseWiring(projectDir: string): Promise<WiringReport> {
  const wired = await wiredAgents(projectDir);
  const findings: WiringFinding[] = [];
  const running = new Set<string>();
  const agents: string[] = [];
  const enabledHooks = new Set<string>();
  for (const agent of wired) {
    const report = await diagnoseAgent(agent);
    agents.push(report.agent);
    findings.push(...report.findings);
    for (const hook of report.hooks) enabledHooks.add(hook.id);
    for (const id of report.running) running.add(id);
  }
  const names = new Set(wired.map((agent) => agent.dialect));
  if (names.has('claude') && names.has('copilot')) {
    findings.push({ verdict: 'warn', agent: 'GitHub Copilot CLI', text: 'also runs the hooks in .claude/settings.json: under Copilot, hookpool runs twice per call (once per wiring); wire one of them, or accept it' });
  }
  const idleHooks = [...enabledHooks].filter((id) => !running.has(id));
  const looked = (await Promise.all(DIALECT_NAMES.map(loadDialect))).map((dialect) => dialect.settings.file);
  return { agents, looked, findings, idleHooks };
}

interface AgentReport {
  readonly agent: string;
  readonly findings: WiringFinding[];
  /** The enabled hooks hookpool runs for this agent. */
  readonly hooks: readonly HookDefinition[];
  /** The ids of those that can run under it. */
  readonly running: readonly string[];
}

/** What one agent's checks share: its plan, hookpool's items in its settings, and how to report. */
interface AgentCheck {
  readonly dialect: Dialect;
  readonly context: WiringContext;
  /** Its enabled hooks. */
  readonly hooks: readonly HookDefinition[];
  /** hookpool's items in the agent's settings file, by the agent's event name. */
  readonly owned: Readonly<Record<string, unknown[]>>;
  readonly say: (verdict: WiringFinding['verdict'], text: string) => void;
  /** `fail` when one of the agent events carries an enabled guard (it cannot run), else `warn`. */
  readonly severity: (agentEvents: Iterable<string>) => WiringFinding['verdict'];
  /** `run hookpool init --agent <name>`: the fix for most findings. */
  readonly again: string;
}

async function diagnoseAgent(agent: WireAgentOptions): Promise<AgentReport> {
  const { dialect, hooks: all, context } = await planWiring(agent);
  const hooks = all.filter((hook) => hook.enabled);
  const findings: WiringFinding[] = [];
  const owned = await hookpoolItemsByEvent(join(context.projectDir, dialect.settings.file));
  const guardEvents = new Set(Object.keys(owned).filter((agentEvent) => isGuardEvent(dialect.events[agentEvent]) && hooks.some((hook) => hook.event === dialect.events[agentEvent])));
  const check: AgentCheck = {
    dialect,
    context,
    hooks,
    owned,
    say: (verdict, text) => findings.push({ verdict, agent: dialect.agent, text }),
    severity: (agentEvents) => ([...agentEvents].some((agentEvent) => guardEvents.has(agentEvent)) ? 'fail' : 'warn'),
    again: `run hookpool init --agent ${dialect.name}`,
  };
  await checkLaunchers(check);
  checkServer(check);
  const running = checkEvents(check);
  checkEntriesCurrent(check);
  checkGuardsProceed(check, running);
  checkMatcherNames(check);
  return { agent: dialect.agent, findings, hooks, running: [...running] };
}

// Each program an entry starts is an executable hookpool.
async function checkLaunchers({ dialect, context, owned, say, severity, again }: AgentCheck): Promise<void> {
  const { file } = dialect.settings;
  const launchers = new Map<string, { check: LauncherCheck; events: Set<string> }>();
  const commands = Object.entries(owned).flatMap(([agentEvent, items]) => items.flatMap(commandsOf).map((command) => ({ agentEvent, command })));
  for (const { agentEvent, command } of commands) {
    const check = await checkLauncher(command, context.projectDir);
    const key = check.kind === 'hookpool' ? check.path : check.program;
    const seen = launchers.get(key) ?? { check, events: new Set<string>() };
    seen.events.add(agentEvent);
    launchers.set(key, seen);
  }
  if (commands.some(({ command }) => command.includes('npx --no hookpool'))) say('warn', `${file} starts hookpool with npx --no, which fails for a global or --prefix install: ${again} again`);
  for (const { check, events } of launchers.values()) {
    const on = [...events].join(', ');
    if (check.kind === 'hookpool') say('ok', `${file} starts hookpool ${check.version} (${check.path}) on ${on}`);
    else if (check.kind === 'unknown') say('warn', `${file} ${check.note} (on ${on})`);
    else say(severity(events), `${file} starts hookpool as ${check.program} on ${on}, but ${check.problem}: ${again}`);
  }
}

// Claude Code's http entries reach the project's server, which a client entry starts.
function checkServer({ dialect, context, owned, say, severity, again }: AgentCheck): void {
  const { file } = dialect.settings;
  const httpEvents = Object.entries(owned).filter(([, items]) => items.some((item) => urlsOf(item).length > 0)).map(([agentEvent]) => agentEvent);
  if (httpEvents.length === 0) return;
  const ports = new Set(Object.values(owned).flat().flatMap(urlsOf).map((url) => new URL(url).port));
  const portsRight = [...ports].every((port) => Number(port) === context.http.port);
  if (!portsRight) say(severity(httpEvents), `${file} posts ${httpEvents.join(', ')} to port ${[...ports].join(', ')}, but this project's server listens on ${context.http.port}: ${again}`);
  const starters = ['SessionStart', 'UserPromptSubmit'].filter((agentEvent) => (owned[agentEvent] ?? []).flatMap(commandsOf).some((command) => command.includes('hookpool-client')));
  if (starters.length === 0) say(severity(httpEvents), `${file} posts ${httpEvents.join(', ')} to hookpool's server, but no SessionStart or UserPromptSubmit entry runs hookpool-client to start it: ${again}`);
  else if (portsRight) say('ok', `${file} posts ${httpEvents.join(', ')} to this project's hookpool server (port ${context.http.port}), which its ${starters.join(' and ')} entries start`);
}

// Each configured event is wired, for every tool its hooks name. Returns the ids of the hooks that run under the agent.
function checkEvents({ dialect, hooks, owned, say, again }: AgentCheck): Set<string> {
  const { file } = dialect.settings;
  const running = new Set<string>();
  for (const event of new Set(hooks.map((hook) => hook.event))) {
    const eventHooks = hooks.filter((hook) => hook.event === event);
    const never = `${idList(eventHooks)} never run${eventHooks.length === 1 ? 's' : ''}`;
    const agentEvents = Object.entries(dialect.events).filter(([, canonical]) => canonical === event).map(([agentEvent]) => agentEvent);
    if (agentEvents.length === 0) {
      say('warn', `has no event for ${event}: ${never} under ${dialect.agent}`);
      continue;
    }
    const items = agentEvents.flatMap((agentEvent) => owned[agentEvent] ?? []);
    const guard = isGuardEvent(event) ? 'fail' : 'warn';
    if (items.length === 0) {
      say(guard, `${file} does not call hookpool on ${agentEvents.join(' or ')} (${event}): ${never}: ${again}`);
      continue;
    }
    for (const hook of eventHooks) {
      if (!EVENT_SPECS[event].toolEvent) {
        running.add(hook.id);
        continue;
      }
      const needed = toolsNeeded(hook, dialect);
      if (needed?.length === 0) continue; // names no tool of this agent: checkMatcherNames says so
      const missed = needed === null ? (items.some((item) => coversEveryTool(item, dialect)) ? [] : ['every tool']) : needed.filter((tool) => !items.some((item) => covers(item, tool)));
      if (missed.length > 0) say(guard, `${file} calls hookpool on ${agentEvents.join(', ')} only for ${matchersOf(items).join(', ')}: hook "${hook.id}" never runs for ${missed.join(', ')}: ${again}`);
      else running.add(hook.id);
    }
  }
  return running;
}

// hookpool's entries are what init writes for the hooks now (else: an older hookpool, another install, or a hand edit).
function checkEntriesCurrent({ dialect, context, owned, say, again }: AgentCheck): void {
  const expected = dialect.settings.entries(context);
  const stale = Object.keys(owned).filter((agentEvent) => !isDeepStrictEqual(owned[agentEvent], expected.get(agentEvent)));
  if (stale.length > 0) say('warn', `${dialect.settings.file}: the entries on ${stale.join(', ')} differ from what hookpool init --agent ${dialect.name} writes now (an older hookpool, another install, or a hand edit): ${again} to bring them up to date`);
}

// Where the agent lets a guard's action through without hookpool's answer.
function checkGuardsProceed({ dialect, hooks, say }: AgentCheck, running: ReadonlySet<string>): void {
  const when = dialect.settings.guardsProceedWhen;
  const guards = hooks.filter((hook) => isGuardEvent(hook.event) && running.has(hook.id));
  if (when === undefined || guards.length === 0) return;
  const one = guards.length === 1;
  say('warn', `guard${one ? '' : 's'} ${idList(guards)} let${one ? 's' : ''} the action through under ${dialect.agent} when ${when}: keep ${one ? 'it' : 'them'} well under the entry's timeout`);
}

// Each hook's matcher names tools this agent has.
function checkMatcherNames({ dialect, hooks, say }: AgentCheck): void {
  const known = [...Object.keys(CANONICAL_TOOLS), ...Object.keys(dialect.tools)];
  for (const hook of hooks) {
    const unknown = unknownToolNames(hook, dialect);
    if (unknown.length === 0) continue;
    const guesses = unknown.map((name) => closest(name, known)).filter((guess, index) => distance(guess, unknown[index]!) <= 2);
    const hint = guesses.length > 0 ? `; did you mean ${[...new Set(guesses)].join(', ')}?` : '';
    const none = toolsNeeded(hook, dialect)?.length === 0 ? `: under ${dialect.agent} it never runs` : '';
    say('warn', `hook "${hook.id}": its matcher names ${unknown.join(', ')}, no tool of ${dialect.agent}${none}${hint} (hookpool's tool names are Claude Code's: ${Object.keys(CANONICAL_TOOLS).slice(0, 6).join(', ')}, ...)`);
  }
}

function isGuardEvent(event: EventName | undefined): boolean {
  return event !== undefined && EVENT_SPECS[event].defaultOnError === 'closed';
}

function idList(hooks: readonly HookDefinition[]): string {
  return hooks.map((hook) => `"${hook.id}"`).join(', ');
}

// hookpool's items in the settings file's hook lists, by the agent's event name; none when it is missing or unreadable.
async function hookpoolItemsByEvent(path: string): Promise<Record<string, unknown[]>> {
  try {
    const hooks = (parseJsonText(await readFile(path, 'utf8'), path) as { hooks?: Record<string, unknown> }).hooks ?? {};
    return Object.fromEntries(Object.entries(hooks).flatMap(([event, list]) => {
      const items = Array.isArray(list) ? list.filter(isHookpoolItem) : [];
      return items.length > 0 ? [[event, items]] : [];
    }));
  } catch {
    return {};
  }
}

// The command lines hookpool's entries run (an http entry runs none).
function commandsOf(item: unknown): string[] {
  if (!isPlainObject(item)) return [];
  if (Array.isArray(item.hooks)) return item.hooks.flatMap(commandsOf);
  const command = typeof item.command === 'string' ? item.command : typeof item.bash === 'string' ? item.bash : null;
  return command !== null && callsHookpool({ command }) ? [command] : [];
}

function urlsOf(item: unknown): string[] {
  if (!isPlainObject(item)) return [];
  if (Array.isArray(item.hooks)) return item.hooks.flatMap(urlsOf);
  return typeof item.url === 'string' && isHookpoolItem(item) ? [item.url] : [];
}

// The agent's tool names the hook runs for; null: every tool (no matcher, or a pattern).
function toolsNeeded(hook: HookDefinition, dialect: Dialect): string[] | null {
  if (!EVENT_SPECS[hook.event].toolEvent) return null;
  const names = matcherNames(hook.matcher, matcherLanguageOf(hook));
  if (names === null) return null;
  return [...new Set(names.flatMap((name) => (Object.hasOwn(dialect.tools, name) || name.startsWith('mcp__') ? [name] : isCanonicalTool(name) ? agentNamesOf(dialect.tools, name) : [])))];
}

// An entry's matcher, as the agents read it: absent (or `*`) is every tool, anything else a regular expression over the whole name.
function matcherOf(item: unknown): string | null {
  const matcher = isPlainObject(item) ? item.matcher : undefined;
  return typeof matcher === 'string' && matcher !== '' && matcher !== '*' ? matcher : null;
}

function covers(item: unknown, tool: string): boolean {
  const matcher = matcherOf(item);
  if (matcher === null) return true;
  try {
    return new RegExp(`^(?:${matcher})$`).test(tool);
  } catch {
    return true; // a matcher doctor cannot read is not reported as a gap
  }
}

// An entry for hooks that match every tool must let through any tool, the agent's MCP tools included.
function coversEveryTool(item: unknown, dialect: Dialect): boolean {
  return [...Object.keys(dialect.tools), 'mcp__any__tool'].every((tool) => covers(item, tool));
}

function matchersOf(items: readonly unknown[]): string[] {
  return [...new Set(items.map((item) => matcherOf(item) ?? 'every tool'))];
}

// The names a hook's matcher lists that are neither a canonical tool this agent has nor one of its own.
function unknownToolNames(hook: HookDefinition, dialect: Dialect): string[] {
  if (!EVENT_SPECS[hook.event].toolEvent) return [];
  const names = matcherNames(hook.matcher, matcherLanguageOf(hook)) ?? [];
  return names.filter((name) => !Object.hasOwn(dialect.tools, name) && !name.startsWith('mcp__') && !(isCanonicalTool(name) && agentNamesOf(dialect.tools, name).length > 0));
}
