// Claude Code settings (PROTOCOL.md, "Settings shape"): `hooks` keyed by event, each a list of
// `{ matcher, hooks: [{ type: "command", command, timeout (seconds) }] }`. (A `hooks.claude`
// section inside another tool's settings is OpenClaw's, read by ./openclaw.ts.)
import { z } from 'zod';
import { canonicalEventName } from '../../events/resolve-event.js';
import { formatJsonPath } from '../format-issues.js';
import type { NativeHookInput } from '../native-schema.js';
import { brokenEntry, finishHook, isPlainObject, normalizeMatcher, parseEntry, problemAt, withoutFile, type FormatResult } from './shared.js';
import { describeUnknownEvent, matcherSchema } from '../field-schemas.js';
import { COMMAND_FIELDS, commandHandlerSchema, convertHandler, noteIgnoredFields, type ClaudeHooksContext } from './claude-handler.js';
import { onErrorFromFailClosed, onErrorFromOnFailure } from './claude-on-failure.js';
import { CLAUDE_REMOTE_TYPES, readRemoteHandler } from './claude-remote-handler.js';
import type { RemoteKind } from '../../model/remote-handler.js';
import { EVENT_SPECS, type EventName } from '../../events/event-specs.js';

const settingsSchema = z.looseObject({
  hooks: z.record(z.string(), z.unknown(), { error: 'expected an object keyed by event name, e.g. {"PreToolUse": [...]}' }).optional(),
});

const eventGroupsSchema = z.array(z.unknown(), { error: 'expected an array of {"matcher", "hooks"} entries' });

const matcherGroupSchema = z.looseObject(
  {
    matcher: matcherSchema.optional(),
    hooks: z.array(z.unknown(), { error: 'expected an array of hooks like [{"type": "command", "command": "..."}]' }),
  },
  { error: 'expected {"matcher": "...", "hooks": [...]}' },
);

const handlerTypeSchema = z.looseObject(
  { type: z.string({ error: 'expected "type": "command"' }) },
  { error: 'expected a hook like {"type": "command", "command": "..."}' },
);

/**
 * Reads the Claude hooks of a settings document (its top-level `hooks`); a plugin's hooks file or
 * a skill's or subagent's frontmatter when `context` says so.
 */
export function readClaudeHooks(document: unknown, file: string, context: ClaudeHooksContext = {}): FormatResult {
  const result: FormatResult = { hooks: [], broken: [], problems: [] };
  const settings = parseEntry(settingsSchema, document, { file, path: [] }, result.problems);
  if (settings === undefined) return { ...result, unreadable: withoutFile(file, result.problems) };
  if (!settings.hooks) return result;
  const byEvent = settings.hooks;
  const base = ['hooks'];
  for (const [eventKey, groups] of Object.entries(byEvent)) {
    const event = canonicalEventName(eventKey);
    if (!event) {
      result.problems.push(problemAt(file, [...base, eventKey], `${describeUnknownEvent(eventKey)}; its hooks are skipped`));
      continue;
    }
    readEventGroups(groups, { file, event: context.renameEvent?.(event) ?? event, path: [...base, eventKey], context }, result);
  }
  if (context.skill === undefined && context.agentType === undefined) return result;
  // A broken skill or subagent hook guards only where its hooks would run.
  return { ...result, broken: result.broken.map((entry) => ({ ...entry, skill: context.skill, agentType: context.agentType })) };
}

interface EventPlace {
  readonly file: string;
  readonly event: EventName;
  readonly path: readonly PropertyKey[];
  readonly context: ClaudeHooksContext;
}

// Whatever does not load is recorded as broken where it stood: a whole group (its handlers
// unknown) or one handler (under its group's matcher).
function readEventGroups(groups: unknown, place: EventPlace, result: FormatResult): void {
  const { problems } = result;
  const failing = (path: readonly PropertyKey[], before: number, matcher?: unknown) =>
    result.broken.push(...brokenEntry(undefined, { file: place.file, jsonPath: formatJsonPath(path), format: 'claude' }, problems.slice(before), { event: place.event, matcher }));
  let before = problems.length;
  const list = parseEntry(eventGroupsSchema, groups, { file: place.file, path: place.path }, problems);
  if (!list) failing(place.path, before);
  list?.forEach((groupValue, groupIndex) => {
    const groupPath = [...place.path, groupIndex];
    before = problems.length;
    const group = parseEntry(matcherGroupSchema, groupValue, { file: place.file, path: groupPath }, problems);
    if (!group) return failing(groupPath, before, isPlainObject(groupValue) ? groupValue.matcher : undefined);
    group.hooks.forEach((handler, handlerIndex) => {
      const handlerPath = [...groupPath, 'hooks', handlerIndex];
      before = problems.length;
      const hook = readHandler(handler, { ...place, path: handlerPath }, group.matcher, problems);
      if (hook) result.hooks.push(hook);
      else failing(handlerPath, before, group.matcher);
    });
  });
}

function readHandler(value: unknown, place: EventPlace, matcher: string | undefined, problems: string[]): NativeHookInput | undefined {
  const where = { file: place.file, path: place.path };
  const typed = parseEntry(handlerTypeSchema, value, where, problems);
  if (!typed) return undefined;
  if (CLAUDE_REMOTE_TYPES.has(typed.type)) return readRemoteHook(typed, typed.type as RemoteKind, place, matcher, problems);
  if (typed.type !== 'command') {
    problems.push(problemAt(place.file, [...place.path, 'type'], `unknown hook type "${typed.type}" (expected command, http, prompt, agent or mcp_tool); this hook is not loaded`));
    return undefined;
  }
  noteIgnoredFields(typed, COMMAND_FIELDS, place, problems);
  const handler = parseEntry(commandHandlerSchema, value, where, problems);
  if (!handler) return undefined;
  const fields = convertHandler(handler, place, place.context, problems);
  if (!fields) return undefined;
  const timeoutSeconds = handler.timeout ?? EVENT_SPECS[place.event].defaultTimeoutMs / 1000;
  const candidate: NativeHookInput = {
    ...fields,
    event: place.event,
    matcher: normalizeMatcher(matcher),
    timeout: Math.max(1, Math.round(timeoutSeconds * 1000)),
    onError: handler.onError ?? onErrorFromOnFailure(handler.onFailure) ?? onErrorFromFailClosed(handler.failClosed),
  };
  return finishHook(candidate, { file: place.file, jsonPath: formatJsonPath(place.path), format: 'claude' }, problems);
}

function readRemoteHook(value: Record<string, unknown>, type: RemoteKind, place: EventPlace, matcher: string | undefined, problems: string[]): NativeHookInput | undefined {
  const fields = readRemoteHandler(value, type, place, problems);
  if (!fields) return undefined;
  const { skill, agentType } = place.context;
  const candidate: NativeHookInput = { ...fields, event: place.event, matcher: normalizeMatcher(matcher), skill, agentType };
  return finishHook(candidate, { file: place.file, jsonPath: formatJsonPath(place.path), format: 'claude' }, problems);
}
