// Configuration that could not be loaded, kept as guards: on every event whose guards fail closed,
// a broken entry (or a whole broken file, whose hooks are unknown) runs as a hook that always fails.
// A guard with a typo then refuses, with its problem as the reason, instead of silently vanishing.
import { basename } from 'node:path';
import type { z } from 'zod';
import { EVENT_SPECS } from '../events/event-specs.js';
import type { brokenFileSchema, brokenHookEntrySchema } from './broken-schemas.js';
import { NO_HANDLER_FIELDS } from '../model/handler-fields.js';
import { COMMAND_HANDLER } from '../model/hook-handler.js';
import { DEFAULT_ENV_POLICY, DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_TIMEOUT_MS, FAIL_CLOSED_EVENTS, type HookDefinition } from '../model/hook-definition.js';

type BrokenEntry = z.output<typeof brokenHookEntrySchema>;
type BrokenFile = z.output<typeof brokenFileSchema>;

/** The failing hooks that stand for broken entries and files, on the events whose guards fail closed. */
export function brokenHookDefinitions(entries: readonly BrokenEntry[], files: readonly BrokenFile[]): HookDefinition[] {
  const fromEntries = entries
    .filter((entry) => entry.event !== undefined && EVENT_SPECS[entry.event].defaultOnError === 'closed')
    .map((entry) => ({
      ...failingHook(entry.event!, entry.matcher, `${basename(entry.source.file)}:${entry.source.jsonPath}`, `its entry ${entry.source.file} ${entry.source.jsonPath} could not be loaded: ${entry.reason}`),
      skill: entry.skill,
      agentType: entry.agentType,
    }));
  const fromFiles = files.flatMap((file) =>
    FAIL_CLOSED_EVENTS.map((event) => failingHook(event, undefined, `${basename(file.path)}@${event}`, `its file ${file.path} could not be loaded (${file.reason}), so its hooks are unknown`)));
  return [...fromEntries, ...fromFiles];
}

function failingHook(event: HookDefinition['event'], matcher: string | undefined, id: string, loadError: string): HookDefinition {
  return {
    id: `broken:${id}`,
    event,
    matcher,
    filter: undefined,
    handler: COMMAND_HANDLER,
    origin: 'config',
    command: undefined,
    args: undefined,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    background: false,
    enabled: true,
    // A broken entry always enforces: audit mode is a property of a hook that loaded.
    enforce: true,
    description: undefined,
    env: DEFAULT_ENV_POLICY,
    exitCodes: 'claude',
    sequential: false,
    priority: 0,
    killDescendants: true,
    maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
    cwd: undefined,
    sandbox: undefined,
    template: false,
    onError: 'closed',
    protocol: 'claude',
    source: undefined,
    loadError,
    ...NO_HANDLER_FIELDS,
  };
}
