// `hookpool init --agent claude`: adds one hookpool entry per event to .claude/settings.json,
// keeping everything else in the file as it was. An event that already calls hookpool is left alone.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventName } from '../../events/event-specs.js';
import { parseJsonOrThrow } from '../../config/parse-json.js';
import { isPlainObject } from '../../config/formats/shared.js';
import { HookpoolError } from '../../errors.js';
import { appendJsonItem } from '../../io/json-edit/array-items.js';
import { setJsonField } from '../../io/json-edit/set-json-field.js';
import { callsHookpool } from '../../project/self-call.js';
import { claudeMatcherGroup, type ClaudeTransport } from './settings-entries.js';
import { writeConfigFile } from '../../io/json-edit/config-file-io.js';

export interface WiredSettings {
  readonly path: string;
  /** Events that got a hookpool entry now. */
  readonly added: readonly EventName[];
  /** Events that already called hookpool. */
  readonly kept: readonly EventName[];
}

/** Writes the entries; `slowestHookMs` says, per event, how long its slowest configured hook may take. */
export async function wireClaudeSettings(cwd: string, events: ReadonlyMap<EventName, number>, transport: ClaudeTransport): Promise<WiredSettings> {
  const path = join(cwd, '.claude', 'settings.json');
  const where = '.claude/settings.json';
  let text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw new HookpoolError('ERR_HOOKPOOL_CONFIG_READ', `${where}: cannot be read (${error.message})`);
  });
  // A new file is written whole; an existing one is edited entry by entry.
  if (text === null) {
    const hooks = Object.fromEntries([...events].map(([event, slowestHookMs]) => [event, [claudeMatcherGroup(event, { transport, slowestHookMs, projectDir: cwd })]]));
    await writeConfigFile(path, `${JSON.stringify({ hooks }, null, 2)}\n`, where);
    return { path, added: [...events.keys()], kept: [] };
  }
  let settings = readSettings(text, where);
  const added: EventName[] = [];
  const kept: EventName[] = [];
  for (const [event, slowestHookMs] of events) {
    const group = claudeMatcherGroup(event, { transport, slowestHookMs, projectDir: cwd });
    const hooks = settings.hooks;
    const current = isPlainObject(hooks) ? hooks[event] : undefined;
    if (Array.isArray(current) && current.some(groupCallsHookpool)) {
      kept.push(event);
      continue;
    }
    if (Array.isArray(current)) text = appendJsonItem(text, ['hooks', event], group, `${where} hooks.${event}`);
    else if (isPlainObject(hooks)) text = setJsonField(text, ['hooks'], event, [group], `${where} hooks`);
    else text = setJsonField(text, [], 'hooks', { [event]: [group] }, where);
    settings = readSettings(text, where);
    added.push(event);
  }
  if (added.length > 0) await writeConfigFile(path, text, where);
  return { path, added, kept };
}

function readSettings(text: string, where: string): Record<string, unknown> {
  const value = parseJsonOrThrow(text, where);
  if (!isPlainObject(value)) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', `${where}: expected a JSON object`);
  return value;
}

// A matcher group whose command or http entry already reaches hookpool.
function groupCallsHookpool(group: unknown): boolean {
  if (!isPlainObject(group) || !Array.isArray(group.hooks)) return false;
  return group.hooks.some((entry) => isPlainObject(entry) && ((typeof entry.command === 'string' && callsHookpool({ command: entry.command })) || (typeof entry.url === 'string' && entry.url.includes('127.0.0.1'))));
}
