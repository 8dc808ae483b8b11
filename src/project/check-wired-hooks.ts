// doctor's checks of whether each enabled hook runs under one agent: its event is wired, for every
// tool its matcher names, and those are tools the agent has; and where the agent lets a guard's
// action through although hookpool did not answer.
import { closest, distance } from 'fastest-levenshtein';
import { matcherNames } from '../compilers/compile-matcher.js';
import { matcherLanguageOf } from '../compilers/matcher-language.js';
import type { Dialect } from '../dialects/dialect.js';
import { agentNamesOf } from '../dialects/tools.js';
import { EVENT_SPECS } from '../events/event-specs.js';
import { CANONICAL_TOOLS, isCanonicalTool } from '../events/tool-names.js';
import type { HookDefinition } from '../model/hook-definition.js';
import { covers, coversEveryTool, matchersOf } from './hookpool-entries.js';
import { isGuardEvent, type AgentCheck } from './wiring-check.js';

/** Each configured event is wired, for every tool its hooks name. Returns the ids of the hooks that run under the agent. */
export function checkEvents({ dialect, hooks, owned, say, again }: AgentCheck): Set<string> {
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

/** Where the agent lets a guard's action through without hookpool's answer. */
export function checkGuardsProceed({ dialect, hooks, say }: AgentCheck, running: ReadonlySet<string>): void {
  const when = dialect.settings.guardsProceedWhen;
  const guards = hooks.filter((hook) => isGuardEvent(hook.event) && running.has(hook.id));
  if (when === undefined || guards.length === 0) return;
  const one = guards.length === 1;
  say('warn', `guard${one ? '' : 's'} ${idList(guards)} let${one ? 's' : ''} the action through under ${dialect.agent} when ${when}: keep ${one ? 'it' : 'them'} well under the entry's timeout`);
}

/** Each hook's matcher names tools this agent has. */
export function checkMatcherNames({ dialect, hooks, say }: AgentCheck): void {
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

function idList(hooks: readonly HookDefinition[]): string {
  return hooks.map((hook) => `"${hook.id}"`).join(', ');
}

// The agent's tool names the hook runs for; null: every tool (no matcher, or a pattern).
function toolsNeeded(hook: HookDefinition, dialect: Dialect): string[] | null {
  if (!EVENT_SPECS[hook.event].toolEvent) return null;
  const names = matcherNames(hook.matcher, matcherLanguageOf(hook));
  if (names === null) return null;
  return [...new Set(names.flatMap((name) => (Object.hasOwn(dialect.tools, name) || name.startsWith('mcp__') ? [name] : isCanonicalTool(name) ? agentNamesOf(dialect.tools, name) : [])))];
}

// The names a hook's matcher lists that are neither a canonical tool this agent has nor one of its own.
function unknownToolNames(hook: HookDefinition, dialect: Dialect): string[] {
  if (!EVENT_SPECS[hook.event].toolEvent) return [];
  const names = matcherNames(hook.matcher, matcherLanguageOf(hook)) ?? [];
  return names.filter((name) => !Object.hasOwn(dialect.tools, name) && !name.startsWith('mcp__') && !(isCanonicalTool(name) && agentNamesOf(dialect.tools, name).length > 0));
}
