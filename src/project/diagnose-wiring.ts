// What `hookpool doctor` says about the agents a project is wired for: each of the project's
// events reaches hookpool through the agent's settings, the program an entry starts exists,
// each matcher names a tool the agent has, and what would run hookpool twice. A finding is `fail`
// where a guard event cannot reach hookpool (the agent would let it through or refuse everything).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'shell-quote';
import type { HookDefinition } from '../config/model.js';
import { loadDialect } from '../dialects/dialects.js';
import type { Dialect } from '../dialects/dialect.js';
import { EVENT_SPECS } from '../events/event-specs.js';
import { CANONICAL_TOOLS } from '../events/tool-names.js';
import { parseJsonText } from '../io/json-edit.js';
import { matcherNames } from '../plan/compile-matcher.js';
import { matcherLanguageOf } from '../plan/matcher-language.js';
import { findOnPath, isExecutableFile } from './find-on-path.js';
import { isHookpoolItem } from './owned-items.js';
import { wiredAgents } from './wire-agent.js';

export interface WiringFinding {
  readonly verdict: 'ok' | 'warn' | 'fail';
  readonly agent: string;
  readonly text: string;
}

export async function diagnoseWiring(projectDir: string, hooks: readonly HookDefinition[]): Promise<WiringFinding[]> {
  const findings: WiringFinding[] = [];
  const wired = await wiredAgents(projectDir);
  for (const { dialect: name } of wired) {
    const dialect = await loadDialect(name);
    const lists = await hookListsOf(join(projectDir, dialect.settings.file));
    const say = (verdict: WiringFinding['verdict'], text: string) => findings.push({ verdict, agent: dialect.agent, text });
    for (const event of new Set(hooks.filter((hook) => hook.enabled).map((hook) => hook.event))) {
      const agentEvents = Object.entries(dialect.events).filter(([, canonical]) => canonical === event).map(([agentEvent]) => agentEvent);
      if (agentEvents.length === 0) {
        say('warn', `has no event for ${event}: its hooks never run under ${dialect.agent}`);
        continue;
      }
      const items = agentEvents.flatMap((agentEvent) => (lists[agentEvent] ?? []).filter(isHookpoolItem));
      const guard = EVENT_SPECS[event].defaultOnError === 'closed';
      if (items.length === 0) say(guard ? 'fail' : 'warn', `${dialect.settings.file} does not call hookpool on ${agentEvents.join(' or ')} (${event}): run hookpool init --agent ${name}`);
      if (items.some((item) => JSON.stringify(item).includes('npx --no hookpool'))) say('warn', `${dialect.settings.file} starts hookpool with npx --no, which fails for a global or --prefix install: run hookpool init --agent ${name} again`);
      for (const program of items.flatMap(programsOf)) {
        if (!(await canStart(program))) say(guard ? 'fail' : 'warn', `${dialect.settings.file} starts hookpool as ${program} on ${agentEvents.join(', ')}, which cannot be found: run hookpool init --agent ${name} again`);
      }
    }
    for (const hook of hooks) {
      const unknown = unknownToolNames(hook, dialect);
      if (unknown.length > 0) say('warn', `hook "${hook.id}": its matcher names ${unknown.join(', ')}, no tool of ${dialect.agent} (hookpool's tool names are Claude Code's: ${Object.keys(CANONICAL_TOOLS).slice(0, 6).join(', ')}, ...)`);
    }
  }
  const names = new Set(wired.map((agent) => agent.dialect));
  if (names.has('claude') && names.has('copilot')) {
    findings.push({ verdict: 'warn', agent: 'GitHub Copilot CLI', text: 'also runs the hooks in .claude/settings.json: under Copilot, hookpool runs twice per call (once per wiring); wire one of them, or accept it' });
  }
  return findings;
}

// The agent's hook lists by event name; none when the file is missing or unreadable.
async function hookListsOf(path: string): Promise<Record<string, unknown[]>> {
  try {
    const hooks = (parseJsonText(await readFile(path, 'utf8'), path) as { hooks?: Record<string, unknown> }).hooks ?? {};
    return Object.fromEntries(Object.entries(hooks).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1])));
  } catch {
    return {};
  }
}

// The programs hookpool's command entries start (an http entry starts none).
function programsOf(item: unknown): string[] {
  const record = item as { hooks?: unknown[]; command?: unknown; bash?: unknown };
  if (Array.isArray(record.hooks)) return record.hooks.flatMap(programsOf);
  const command = typeof record.command === 'string' ? record.command : typeof record.bash === 'string' ? record.bash : null;
  if (command === null) return [];
  const first = parse(command).find((word): word is string => typeof word === 'string');
  return first === undefined ? [] : [first];
}

async function canStart(program: string): Promise<boolean> {
  return program.includes('/') ? isExecutableFile(program) : (await findOnPath(program)) !== null;
}

// The names a hook's matcher lists that are neither canonical nor the agent's own.
function unknownToolNames(hook: HookDefinition, dialect: Dialect): string[] {
  if (!EVENT_SPECS[hook.event].toolEvent) return [];
  const names = matcherNames(hook.matcher, matcherLanguageOf(hook)) ?? [];
  return names.filter((name) => !Object.hasOwn(CANONICAL_TOOLS, name) && !Object.hasOwn(dialect.tools, name) && !name.startsWith('mcp__'));
}
