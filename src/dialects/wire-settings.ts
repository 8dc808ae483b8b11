// `hookpool init --agent gemini|cursor|copilot|codex`: adds one hookpool entry per event to that
// agent's settings file (agent-settings.ts), keeping everything else in the file byte for byte.
// An event whose list already calls hookpool is left alone, so running init twice changes nothing.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseJsonOrThrow } from '../config/parse-json.js';
import { isPlainObject } from '../config/formats/shared.js';
import { HookpoolError } from '../errors.js';
import { appendJsonItem } from '../io/json-edit/array-items.js';
import { setJsonField } from '../io/json-edit/set-json-field.js';
import { callsHookpool } from '../project/self-call.js';
import type { AgentSettings } from './agent-settings.js';
import { writeConfigFile } from '../io/json-edit/config-file-io.js';

export interface WiredAgentSettings {
  readonly path: string;
  /** The agent's events that got a hookpool entry now. */
  readonly added: readonly string[];
  /** The agent's events that already called hookpool. */
  readonly kept: readonly string[];
}

/** Writes the entries for `events` (the agent's names, each with its slowest hook's timeout in ms). */
export async function wireAgentSettings(cwd: string, settings: AgentSettings, events: ReadonlyMap<string, number>): Promise<WiredAgentSettings> {
  const path = join(cwd, settings.file);
  const where = settings.file;
  let text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw new HookpoolError('ERR_HOOKPOOL_CONFIG_READ', `${where}: cannot be read (${error.message})`);
  });
  if (text === null) {
    const hooks = Object.fromEntries([...events].map(([event, slowestHookMs]) => [event, [settings.item(event, slowestHookMs)]]));
    await writeConfigFile(path, `${JSON.stringify({ ...settings.emptyDocument, hooks }, null, 2)}\n`, where);
    return { path, added: [...events.keys()], kept: [] };
  }
  let document = readDocument(text, where);
  const added: string[] = [];
  const kept: string[] = [];
  for (const [event, slowestHookMs] of events) {
    const item = settings.item(event, slowestHookMs);
    const hooks = document.hooks;
    const current = isPlainObject(hooks) ? hooks[event] : undefined;
    if (Array.isArray(current) && current.some(itemCallsHookpool)) {
      kept.push(event);
      continue;
    }
    if (Array.isArray(current)) text = appendJsonItem(text, ['hooks', event], item, `${where} hooks.${event}`);
    else if (isPlainObject(hooks)) text = setJsonField(text, ['hooks'], event, [item], `${where} hooks`);
    else text = setJsonField(text, [], 'hooks', { [event]: [item] }, where);
    document = readDocument(text, where);
    added.push(event);
  }
  if (added.length > 0) await writeConfigFile(path, text, where);
  return { path, added, kept };
}

/** True when a settings item (an entry, or a matcher group of entries) runs hookpool. */
export function itemCallsHookpool(item: unknown): boolean {
  if (!isPlainObject(item)) return false;
  if (Array.isArray(item.hooks)) return item.hooks.some(itemCallsHookpool);
  return [item.command, item.bash].some((command) => typeof command === 'string' && callsHookpool({ command }));
}

function readDocument(text: string, where: string): Record<string, unknown> {
  const value = parseJsonOrThrow(text, where);
  if (!isPlainObject(value)) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', `${where}: expected a JSON object`);
  return value;
}
