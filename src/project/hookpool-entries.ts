// hookpool's entries in an agent's settings file, as doctor reads them: by the agent's event name,
// the commands they run, the URLs they post to, and the tools their matchers let through.
import { readFile } from 'node:fs/promises';
import { isPlainObject } from '../config/layouts/shared.js';
import type { Dialect } from '../dialects/dialect.js';
import { parseJsonText } from '../io/json-edit.js';
import { isHookpoolItem } from './owned-items.js';
import { callsHookpool } from './self-call.js';

/** hookpool's items in the settings file's hook lists, by the agent's event name; none when it is missing or unreadable. */
export async function hookpoolItemsByEvent(path: string): Promise<Record<string, unknown[]>> {
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

/** The command lines hookpool's entries run (an http entry runs none). */
export function commandsOf(item: unknown): string[] {
  if (!isPlainObject(item)) return [];
  if (Array.isArray(item.hooks)) return item.hooks.flatMap(commandsOf);
  const command = typeof item.command === 'string' ? item.command : typeof item.bash === 'string' ? item.bash : null;
  return command !== null && callsHookpool({ command }) ? [command] : [];
}

/** The URLs hookpool's http entries post to. */
export function urlsOf(item: unknown): string[] {
  if (!isPlainObject(item)) return [];
  if (Array.isArray(item.hooks)) return item.hooks.flatMap(urlsOf);
  return typeof item.url === 'string' && isHookpoolItem(item) ? [item.url] : [];
}

// An entry's matcher, as the agents read it: absent (or `*`) is every tool, anything else a regular expression over the whole name.
function matcherOf(item: unknown): string | null {
  const matcher = isPlainObject(item) ? item.matcher : undefined;
  return typeof matcher === 'string' && matcher !== '' && matcher !== '*' ? matcher : null;
}

/** Whether the entry lets the tool through. */
export function covers(item: unknown, tool: string): boolean {
  const matcher = matcherOf(item);
  if (matcher === null) return true;
  try {
    return new RegExp(`^(?:${matcher})$`).test(tool);
  } catch {
    return true; // a matcher doctor cannot read is not reported as a gap
  }
}

/** An entry for hooks that match every tool must let through any tool, the agent's MCP tools included. */
export function coversEveryTool(item: unknown, dialect: Dialect): boolean {
  return [...Object.keys(dialect.tools), 'mcp__any__tool'].every((tool) => covers(item, tool));
}

/** The entries' matchers, each once ("every tool" for one without). */
export function matchersOf(items: readonly unknown[]): string[] {
  return [...new Set(items.map((item) => matcherOf(item) ?? 'every tool'))];
}
