// The Wundr shape (adapticai/wundr, orchestrator-daemon/src/hooks/hook-types.ts, `HooksConfig`):
// `{ enabled, defaultTimeoutMs, hooks: [{ id, name, event, type, priority, enabled,
// matcher: { toolName, sessionId, ... } (globs), timeoutMs, command, cwd, env }] }`.
import { z } from 'zod';
import { canRefuse } from '../../events/decision-rank.js';
import { WUNDR_RESULT_FIELDS } from '../../aggregate/read-wundr-output.js';
import { EVENT_SPECS, type EventName } from '../../events/event-specs.js';
import { NOTIFICATION_LEVELS, RISK_LEVELS } from '../../model/hook-definition.js';
import type { NativeHookInput } from '../native-schema.js';
import { HANDLER_KIND_SPECS } from '../../handlers/handler-kinds.js';
import { hasPlaceholder } from '../../compilers/template.js';
import { isPlainObject, parseEntry, problemAt, readHookList, type EntryLocation, type FormatResult } from './shared.js';
import type { FunctionHook } from '../../model/hook-handler.js';
import { commandSchema, eventNameSchema, globSchema, timeoutMsSchema } from '../field-schemas.js';

/** Wundr's own default when neither the hook nor the file gives a timeout. */
export const WUNDR_DEFAULT_TIMEOUT_MS = 10_000;

/** Keys only a Wundr hook has; one of them (or a matcher object) marks a hook list as Wundr. */
export const WUNDR_ONLY_HOOK_KEYS: ReadonlySet<string> = new Set(['type', 'name', 'timeoutMs', 'catchErrors', 'promptTemplate', 'agentConfig', 'model']);

// Wundr runs the hooks of its "modifying" events (those whose results it reads) one after another
// in priority order and feeds each result forward; hookpool's sequential mode is the same contract.
function isModifyingEvent(event: EventName): boolean {
  return WUNDR_RESULT_FIELDS[event] !== undefined;
}

const envelopeSchema = z.looseObject({
  enabled: z.boolean().default(true),
  defaultTimeoutMs: timeoutMsSchema.optional(),
  hooks: z.array(z.unknown()).default([]),
});

const hookTypeSchema = z.looseObject({ type: z.string().default('command') });

// Wundr's matcher (hook-engine.ts matchesFilter): globs on three metadata fields, and minimum
// levels compared in order. hookpool's `filter` holds each; a level Wundr does not know is a
// problem here (Wundr would silently let everything through).
const wundrMatcherSchema = z.looseObject(
  {
    toolName: globSchema.optional(),
    sessionId: globSchema.optional(),
    subagentId: globSchema.optional(),
    minRiskLevel: z.enum(RISK_LEVELS, { error: `expected one of ${RISK_LEVELS.join(', ')}` }).optional(),
    notificationLevel: z.enum(NOTIFICATION_LEVELS, { error: `expected one of ${NOTIFICATION_LEVELS.join(', ')}` }).optional(),
  },
  { error: 'expected a matcher object like {"toolName": "Bash*"}' },
);

// Wundr tags each hook with where it came from (hook-types.ts `source`); hookpool's `origin`.
const WUNDR_SOURCES = { 'built-in': 'builtin', config: 'config', plugin: 'plugin' } as const;
const wundrSourceSchema = z.enum(Object.keys(WUNDR_SOURCES) as ['built-in', 'config', 'plugin'], { error: 'expected "built-in", "config" or "plugin"' });

const wundrCommandHookSchema = z.looseObject({
  id: z.string().min(1, 'expected a non-empty id'),
  name: z.string().optional(),
  event: eventNameSchema,
  priority: z.number().int().optional(),
  enabled: z.boolean().optional(),
  matcher: wundrMatcherSchema.optional(),
  timeoutMs: timeoutMsSchema.optional(),
  command: commandSchema,
  cwd: z.string().optional(),
  env: z.record(z.string(), z.string()).optional(),
  catchErrors: z.boolean().optional(),
  source: wundrSourceSchema.optional(),
});

type WundrCommandHook = z.output<typeof wundrCommandHookSchema>;

// Wundr's prompt and agent hooks (hook-types.ts): the fields of a command hook but the command,
// a `promptTemplate` with {{metadata.x}} placeholders, an agent's `agentConfig`, and a `model`.
const { command: _command, cwd: _cwd, env: _env, ...wundrHookFields } = wundrCommandHookSchema.shape;
const wundrPromptHookSchema = z.looseObject({ ...wundrHookFields, type: z.literal('prompt'), promptTemplate: z.string().min(1, 'expected a non-empty prompt template'), model: z.string().min(1).optional() });
const wundrAgentHookSchema = z.looseObject({
  ...wundrHookFields,
  type: z.literal('agent'),
  promptTemplate: z.string().min(1).optional(),
  agentConfig: z.record(z.string(), z.unknown(), { error: 'expected an agentConfig object' }).optional(),
  model: z.string().min(1).optional(),
});
type WundrEvaluatedHook = z.output<typeof wundrPromptHookSchema> | z.output<typeof wundrAgentHookSchema>;
const wundrCommonSchema = z.looseObject(wundrHookFields);
type WundrCommon = z.output<typeof wundrCommonSchema>;

// hookpool's additions to Wundr's shape: a module hook (run in the pool's workers), and, from
// register() only, Wundr's programmatic `handler` (any type, as its own example writes
// `type: 'command'` with a handler). Both get Wundr's metadata and answer Wundr's result object.
const wundrModuleHookSchema = z.looseObject({
  ...wundrHookFields,
  type: z.literal('module'),
  module: z.string().min(1, 'expected the module file'),
  export: z.string().min(1).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  cwd: z.string().optional(),
  env: z.record(z.string(), z.string()).optional(),
});
const wundrFunctionHookSchema = z.looseObject({
  ...wundrHookFields,
  handler: z.custom<FunctionHook>((value) => typeof value === 'function', { message: 'expected a function (metadata) => result' }),
});

/** The file-wide settings a Wundr entry falls back on. */
export interface WundrDefaults {
  readonly enabled: boolean;
  readonly defaultTimeoutMs: number | undefined;
}

/** Reads a Wundr hooks config; `enabled: false` at the top disables (but still lists) every hook. */
export function readWundrHooks(document: unknown, file: string): FormatResult {
  return readHookList(document, file, {
    format: 'wundr',
    envelope: envelopeSchema,
    entries: (envelope) => ({ path: ['hooks'], list: envelope.hooks }),
    convert(entry, at, envelope, problems) {
      if (isPlainObject(entry) && entry.handler !== undefined) {
        problems.push(problemAt(at.file, [...at.path, 'handler'], 'a handler function is given to register() or loadFromConfig(), not read from a file (a file holds command, module, prompt or agent hooks); this hook is not loaded'));
        return undefined;
      }
      return convertWundrEntry(entry, at, { enabled: envelope.enabled, defaultTimeoutMs: envelope.defaultTimeoutMs }, problems);
    },
  });
}

/** One Wundr hook entry (a file's, or one given to register()) as a native hook; undefined, its problems recorded, when it cannot load. */
export function convertWundrEntry(entry: unknown, at: EntryLocation, file: WundrDefaults, problems: string[]): NativeHookInput | undefined {
  if (isPlainObject(entry) && entry.handler !== undefined) {
    const hook = parseEntry(wundrFunctionHookSchema, entry, at, problems);
    return hook && toNativeFunctionHook(hook, file);
  }
  const typed = parseEntry(hookTypeSchema, entry, at, problems);
  if (!typed) return undefined;
  if (typed.type === 'prompt' || typed.type === 'agent') {
    const hook = parseEntry(typed.type === 'prompt' ? wundrPromptHookSchema : wundrAgentHookSchema, entry, at, problems);
    return hook && toNativeEvaluatedHook(hook, file);
  }
  if (typed.type === 'module') {
    const hook = parseEntry(wundrModuleHookSchema, entry, at, problems);
    return hook && toNativeModuleHook(hook, file);
  }
  if (typed.type !== 'command') {
    problems.push(problemAt(at.file, [...at.path, 'type'], `unknown hook type "${typed.type}" (expected command, prompt, agent or module); this hook is not loaded`));
    return undefined;
  }
  const hook = parseEntry(wundrCommandHookSchema, entry, at, problems);
  return hook && toNativeHook(hook, file);
}

/** What every Wundr hook carries the same way, whatever runs it. */
function commonFields(hook: WundrCommon, file: WundrDefaults) {
  return {
    id: hook.id,
    event: hook.event,
    filter: filterOf(hook.matcher),
    enabled: file.enabled ? hook.enabled : false,
    description: hook.name,
    // Wundr runs higher priorities first, as hookpool does.
    priority: hook.priority,
    sequential: isModifyingEvent(hook.event) ? true : undefined,
    onError: onErrorOf(hook),
    origin: hook.source === undefined ? undefined : WUNDR_SOURCES[hook.source],
    protocol: 'wundr' as const,
  };
}

function toNativeFunctionHook(hook: z.output<typeof wundrFunctionHookSchema>, file: WundrDefaults): NativeHookInput {
  return { ...commonFields(hook, file), type: 'function', handler: hook.handler, timeout: hook.timeoutMs ?? file.defaultTimeoutMs ?? WUNDR_DEFAULT_TIMEOUT_MS };
}

function toNativeModuleHook(hook: z.output<typeof wundrModuleHookSchema>, file: WundrDefaults): NativeHookInput {
  return {
    ...commonFields(hook, file),
    type: 'module',
    module: hook.module,
    export: hook.export,
    options: hook.options,
    timeout: hook.timeoutMs ?? file.defaultTimeoutMs ?? WUNDR_DEFAULT_TIMEOUT_MS,
    env: hook.env ? { set: hook.env } : undefined,
    cwd: hook.cwd,
  };
}

function toNativeHook(hook: WundrCommandHook, file: WundrDefaults): NativeHookInput {
  return {
    ...commonFields(hook, file),
    command: hook.command,
    timeout: hook.timeoutMs ?? file.defaultTimeoutMs ?? WUNDR_DEFAULT_TIMEOUT_MS,
    env: hook.env ? { set: hook.env } : undefined,
    cwd: hook.cwd,
    template: hasPlaceholder(hook.command) ? true : undefined,
  };
}

// Wundr's defaults: 30 s for a prompt hook, 60 s for an agent hook; an agent without a template
// is handed the metadata JSON ($ARGUMENTS) with its agentConfig.
function toNativeEvaluatedHook(hook: WundrEvaluatedHook, file: WundrDefaults): NativeHookInput {
  const handler = hook.type === 'prompt'
    ? { type: 'prompt' as const, prompt: hook.promptTemplate, model: hook.model }
    : { type: 'agent' as const, prompt: hook.promptTemplate ?? '$ARGUMENTS', model: hook.model, agentConfig: hook.agentConfig };
  return { ...commonFields(hook, file), ...handler, timeout: hook.timeoutMs ?? file.defaultTimeoutMs ?? HANDLER_KIND_SPECS[hook.type].defaultTimeoutMs };
}

function filterOf(matcher: WundrCommandHook['matcher']): NativeHookInput['filter'] {
  if (matcher === undefined) return undefined;
  const filter = {
    tool: matcher.toolName,
    sessionId: matcher.sessionId,
    subagentId: matcher.subagentId,
    minRiskLevel: matcher.minRiskLevel,
    minNotificationLevel: matcher.notificationLevel,
  };
  return Object.values(filter).some((value) => value !== undefined) ? filter : undefined;
}

// Wundr's `catchErrors` defaults to true: a failing hook is logged and the event goes on, which is
// hookpool's `open` (reported in FireResult.failures and the log, and named by doctor/validate).
// `catchErrors: false` makes the failure stop the event: hookpool's `closed`, which only means
// something where the event can be refused.
export function onErrorOf(hook: { catchErrors?: boolean | undefined; event: EventName }): 'open' | 'closed' | undefined {
  if (hook.catchErrors !== false) return hook.catchErrors === true || canRefuse(EVENT_SPECS[hook.event]) ? 'open' : undefined;
  return canRefuse(EVENT_SPECS[hook.event]) ? 'closed' : undefined;
}
