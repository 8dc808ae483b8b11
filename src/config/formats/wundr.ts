// The Wundr shape (adapticai/wundr, orchestrator-daemon/src/hooks/hook-types.ts, `HooksConfig`):
// `{ enabled, defaultTimeoutMs, hooks: [{ id, name, event, type, priority, enabled,
// matcher: { toolName, sessionId, ... } (globs), timeoutMs, command, cwd, env }] }`.
import { z } from 'zod';
import { canRefuse } from '../../aggregate/decision-rank.js';
import { WUNDR_RESULT_FIELDS } from '../../aggregate/read-wundr-output.js';
import { EVENT_SPECS, type EventName } from '../../events/event-specs.js';
import { NOTIFICATION_LEVELS, RISK_LEVELS } from '../model.js';
import type { NativeHookInput } from '../native-schema.js';
import { EVALUATED_DEFAULT_TIMEOUT_MS } from '../remote-handler.js';
import { hasPlaceholder } from '../../run/template.js';
import { parseEntry, problemAt, readHookList, type FormatResult } from './shared.js';
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

/** Reads a Wundr hooks config; `enabled: false` at the top disables (but still lists) every hook. */
export function readWundrHooks(document: unknown, file: string): FormatResult {
  return readHookList(document, file, {
    format: 'wundr',
    envelope: envelopeSchema,
    entries: (envelope) => ({ path: ['hooks'], list: envelope.hooks }),
    convert(entry, at, envelope, problems) {
      const typed = parseEntry(hookTypeSchema, entry, at, problems);
      if (!typed) return undefined;
      const file = { enabled: envelope.enabled, defaultTimeoutMs: envelope.defaultTimeoutMs };
      if (typed.type === 'prompt' || typed.type === 'agent') {
        const hook = parseEntry(typed.type === 'prompt' ? wundrPromptHookSchema : wundrAgentHookSchema, entry, at, problems);
        return hook && toNativeEvaluatedHook(hook, file);
      }
      if (typed.type !== 'command') {
        problems.push(problemAt(at.file, [...at.path, 'type'], `unknown hook type "${typed.type}" (expected command, prompt or agent); this hook is not loaded`));
        return undefined;
      }
      const hook = parseEntry(wundrCommandHookSchema, entry, at, problems);
      return hook && toNativeHook(hook, file);
    },
  });
}

function toNativeHook(hook: WundrCommandHook, file: { enabled: boolean; defaultTimeoutMs: number | undefined }): NativeHookInput {
  return {
    id: hook.id,
    event: hook.event,
    filter: filterOf(hook.matcher),
    command: hook.command,
    timeout: hook.timeoutMs ?? file.defaultTimeoutMs ?? WUNDR_DEFAULT_TIMEOUT_MS,
    enabled: file.enabled ? hook.enabled : false,
    description: hook.name,
    env: hook.env ? { set: hook.env } : undefined,
    cwd: hook.cwd,
    // Wundr runs higher priorities first, as hookpool does.
    priority: hook.priority,
    sequential: isModifyingEvent(hook.event) ? true : undefined,
    template: hasPlaceholder(hook.command) ? true : undefined,
    onError: onErrorOf(hook),
    protocol: 'wundr',
  };
}

// Wundr's defaults: 30 s for a prompt hook, 60 s for an agent hook; an agent without a template
// is handed the metadata JSON ($ARGUMENTS) with its agentConfig.
function toNativeEvaluatedHook(hook: WundrEvaluatedHook, file: { enabled: boolean; defaultTimeoutMs: number | undefined }): NativeHookInput {
  const handler = hook.type === 'prompt'
    ? { type: 'prompt' as const, prompt: hook.promptTemplate, model: hook.model }
    : { type: 'agent' as const, prompt: hook.promptTemplate ?? '$ARGUMENTS', model: hook.model, agentConfig: hook.agentConfig };
  return {
    id: hook.id,
    event: hook.event,
    filter: filterOf(hook.matcher),
    ...handler,
    timeout: hook.timeoutMs ?? file.defaultTimeoutMs ?? EVALUATED_DEFAULT_TIMEOUT_MS[hook.type],
    enabled: file.enabled ? hook.enabled : false,
    description: hook.name,
    priority: hook.priority,
    sequential: isModifyingEvent(hook.event) ? true : undefined,
    onError: onErrorOf(hook),
    protocol: 'wundr',
  };
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
