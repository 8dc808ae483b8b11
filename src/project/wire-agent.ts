// The project operation behind `hookpool init --agent` and `hookpool add`: what the project's
// hooks need from an agent (each event, its slowest hook, the tools its matchers name, whether it
// has background or rewake hooks) written into that agent's settings by its dialect.
import { EVENT_NAMES, type EventName } from '../events/event-specs.js';
import type { HookDefinition } from '../model/hook-definition.js';
import { loadDialect } from '../dialects/dialects.js';
import { DIALECT_NAMES, type DialectName } from '../dialects/dialect-names.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseJsonText } from '../io/json-edit.js';
import type { EventWiring, WiringContext } from '../dialects/settings/agent-settings.js';
import type { Dialect } from '../dialects/dialect.js';
import { wireSettings, type WiredSettings } from '../dialects/settings/wire-settings.js';
import { matcherNames } from '../compilers/compile-matcher.js';
import { matcherLanguageOf } from '../compilers/matcher-language.js';
import { partOf } from './hook-parts.js';
import { isHookpoolItem } from './owned-items.js';
import { resolveLauncher } from './hookpool-launcher.js';
import { loadCliConfig } from './load-project.js';
import { CLAUDE_HTTP_HOOK_PATH, claudeHttpHookUrl, defaultServePort } from './server/server-address.js';

/** Events wired when no hook is configured yet: the ones the bundled examples use. */
const DEFAULT_EVENTS: readonly EventName[] = ['PreToolUse', 'PostToolUse', 'Notification', 'Stop'];

export interface WireAgentOptions {
  readonly projectDir: string;
  readonly dialect: DialectName;
  /** Claude Code: http entries to the resident server (default), or command entries. */
  readonly transport?: 'http' | 'command';
}

export interface WiredAgent extends WiredSettings {
  readonly agent: string;
  readonly file: string;
  readonly enablingSteps: readonly string[];
  /** Configured events the agent has no event for: their hooks never run under it. */
  readonly unwired: readonly EventName[];
}

/** What wiring an agent writes: its dialect, the hooks hookpool runs under it, and what its settings' entries are made from. */
export interface WiringPlan {
  readonly dialect: Dialect;
  readonly hooks: readonly HookDefinition[];
  readonly context: WiringContext;
}

/** The plan init writes and doctor checks against, from the project's configuration as it is now. */
export async function planWiring(options: WireAgentOptions): Promise<WiringPlan> {
  const dialect = await loadDialect(options.dialect);
  // The hooks hookpool runs for this agent: Claude Code runs its own settings' hooks itself.
  const config = await loadCliConfig({ cwd: options.projectDir }, { includeUntrusted: true, skipDiscoveredClaudeSettings: options.dialect === 'claude' });
  const hooks = config.hooks.map((hook) => hook.definition);
  const context: WiringContext = {
    projectDir: config.cwd,
    events: eventWiring(hooks),
    launcher: await resolveLauncher(),
    http: { url: claudeHttpHookUrl(defaultServePort(config.cwd)), port: defaultServePort(config.cwd) },
    transport: options.transport ?? 'http',
  };
  return { dialect, hooks, context };
}

export async function wireAgent(options: WireAgentOptions): Promise<WiredAgent> {
  const { dialect, context } = await planWiring(options);
  const wired = await wireSettings(dialect.settings, context, isHookpoolItem);
  const reachable = new Set(Object.values(dialect.events));
  return {
    ...wired,
    agent: dialect.agent,
    file: dialect.settings.file,
    enablingSteps: dialect.settings.enablingSteps(context.projectDir),
    unwired: [...context.events.keys()].filter((event) => !reachable.has(event)),
  };
}

/**
 * The agents a project is already wired for: those whose settings file holds one of hookpool's
 * entries, with the transport of Claude Code's (http entries, or command entries only).
 */
export async function wiredAgents(projectDir: string): Promise<WireAgentOptions[]> {
  const wired: WireAgentOptions[] = [];
  for (const name of DIALECT_NAMES) {
    const dialect = await loadDialect(name);
    const items = await hookpoolItemsOf(join(projectDir, dialect.settings.file));
    if (items.length === 0) continue;
    const http = JSON.stringify(items).includes(CLAUDE_HTTP_HOOK_PATH);
    wired.push({ projectDir, dialect: name, ...(name === 'claude' ? { transport: http ? 'http' : 'command' } : {}) });
  }
  return wired;
}

// hookpool's items in a settings file's hook lists; none when it is missing or not JSON.
async function hookpoolItemsOf(path: string): Promise<unknown[]> {
  let document: unknown;
  try {
    document = parseJsonText(await readFile(path, 'utf8'), path);
  } catch {
    return [];
  }
  const hooks = (document as { hooks?: unknown } | null)?.hooks;
  if (typeof hooks !== 'object' || hooks === null) return [];
  return Object.values(hooks).flatMap((list) => (Array.isArray(list) ? list.filter(isHookpoolItem) : []));
}

/** Per configured event, what its hooks need; the examples' events when no hook is configured. */
export function eventWiring(hooks: readonly HookDefinition[]): Map<EventName, EventWiring> {
  const byEvent = new Map<EventName, HookDefinition[]>();
  for (const hook of hooks) byEvent.set(hook.event, [...(byEvent.get(hook.event) ?? []), hook]);
  if (byEvent.size === 0) return new Map(DEFAULT_EVENTS.map((event) => [event, { slowestHookMs: 0, toolNames: null, foreground: true, background: false, rewake: false }]));
  const wiring = new Map<EventName, EventWiring>();
  for (const event of EVENT_NAMES) {
    const eventHooks = byEvent.get(event);
    if (eventHooks === undefined) continue;
    const names = eventHooks.map((hook) => matcherNames(hook.matcher, matcherLanguageOf(hook)));
    wiring.set(event, {
      slowestHookMs: Math.max(...eventHooks.map((hook) => hook.timeoutMs)),
      toolNames: names.some((list) => list === null) ? null : [...new Set(names.flat() as string[])],
      foreground: eventHooks.some((hook) => partOf(hook) === 'foreground'),
      background: eventHooks.some((hook) => partOf(hook) === 'background'),
      rewake: eventHooks.some((hook) => partOf(hook) === 'rewake'),
    });
  }
  return wiring;
}
