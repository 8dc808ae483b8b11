// The native format (docs/configuration.md): one zod schema, also the source of schema.json.
import { z } from 'zod';
import { canRefuse } from '../events/decision-rank.js';
import { EVENT_SPECS } from '../events/event-specs.js';
import { compileCommandTemplate, hasPlaceholder } from '../compilers/template.js';
import { checkHandlerFields, handlerFieldsOf, handlerFieldsShape } from './handler-fields-schema.js';
import { checkHandlerKind, handlerKindShape, handlerOf } from './hook-handler-schema.js';
import { defaultTimeoutMsOf } from '../handlers/handler-kinds.js';
import { builtinsSchema } from './builtins-field.js';
import { commandSchema, envNameSchema, envValueSchema, eventNameSchema, globsSchema, matcherSchema, timeoutMsSchema } from './field-schemas.js';
import {
  CONFIG_FORMATS,
  DEFAULT_ENV_POLICY,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_TIMEOUT_MS,
  HOOK_PROTOCOLS,
  NOTIFICATION_LEVELS,
  RISK_LEVELS,
  type HookDefinition,
} from '../model/hook-definition.js';

const globsList = globsSchema.transform((value) => (typeof value === 'string' ? [value] : value));

export const envPolicySchema = z.strictObject({
  inherit: z.enum(['safe', 'all', 'none']).default('safe')
    .describe('safe: the agent environment minus secret-looking names; all: everything; none: PATH, HOME, USER, SHELL, LANG, TERM, TMPDIR only'),
  pass: z.array(envNameSchema).default([]).describe('variable names passed even when inherit would drop them'),
  set: z.record(envNameSchema, envValueSchema).default({}).describe('variables set for this hook'),
});

export const nativeHookSchema = z
  .strictObject({
    id: z.string().min(1).optional().describe('stable name for list, test, enable and disable'),
    event: eventNameSchema.describe('canonical event name (PreToolUse, ...) or a seed alias (tool.pre, pre-tool, ...)'),
    matcher: matcherSchema.optional().describe('"*", a name list like "Edit|Write", or a regular expression'),
    filter: z
      .strictObject({
        tool: globsList.optional(),
        path: globsList.optional(),
        sessionId: globsList.optional(),
        subagentId: globsList.optional(),
        minRiskLevel: z.enum(RISK_LEVELS).optional().describe("the payload's risk_level is at least this (a payload without one passes)"),
        minNotificationLevel: z.enum(NOTIFICATION_LEVELS).optional().describe("the payload's level is at least this (a payload without one passes)"),
      })
      .optional()
      .describe('extra conditions: globs on the tool name, the file path, the session id and the subagent id; minimum risk and notification levels'),
    command: commandSchema.optional().describe('run through sh -c'),
    args: z.array(z.string()).min(1).optional().describe('an argv, run without a shell'),
    timeout: timeoutMsSchema.max(86_400_000, 'at most 86400000 milliseconds (a day)').optional().describe(`milliseconds; default ${DEFAULT_TIMEOUT_MS}, or the event's default where it is shorter (SessionEnd: 1500)`),
    background: z.boolean().default(false).describe('fire does not wait for it'),
    enabled: z.boolean().default(true),
    enforce: z.boolean().default(true)
      .describe('false: audit mode; the hook runs and what it would have done is recorded and shown as "would block", but never applied (no refusal, rewrite or context, even when it fails)'),
    description: z.string().optional(),
    env: envPolicySchema.optional(),
    exitCodes: z.enum(['claude', 'any-nonzero-blocks']).default('claude'),
    sequential: z.boolean().default(false).describe("run after the hooks before it; its updatedInput feeds the next hook's tool_input"),
    priority: z.number().int().default(0).describe('higher runs first: the order hooks start in and sequential hooks run in'),
    killDescendants: z.boolean().default(true).describe('kill the process group when the hook settles'),
    maxOutputBytes: z.number().int().positive().default(DEFAULT_MAX_OUTPUT_BYTES).describe('cap for stdout and for stderr'),
    cwd: z.string().optional().describe("working directory, relative to the engine's cwd"),
    sandbox: z
      .strictObject({
        network: z.boolean().default(false).describe('keep network access'),
        writable: z.array(z.string()).default(['.']).describe("paths the hook may write, relative to its working directory"),
        readable: z.array(z.string()).default([]).describe('paths outside the project the hook may read (home, /run and /tmp are hidden)'),
      })
      .optional()
      .describe('run confined by bubblewrap (bwrap): read-only system, the project visible, home, /run and /tmp hidden, own PID namespace'),
    template: z.boolean().default(false).describe('expand {{path.to.field}} in command/args from the payload, shell-quoted (Wundr)'),
    onError: z.enum(['open', 'closed']).optional()
      .describe('a hook that gives no answer (timed out, could not start, crashed, exit 126/127): open lets the action proceed, closed refuses it; default closed on PreToolUse, PermissionRequest, UserPromptSubmit, PreModelSwitch, WorktreeCreate and WorktreeRemove, else open'),
    protocol: z.enum(HOOK_PROTOCOLS).default('claude')
      .describe("the hook protocol the hook speaks (its stdin, variables and answers): claude, or a seed design's: autohand, wundr, opta, openclaw"),
    ...handlerFieldsShape,
    ...handlerKindShape,
    source: z
      .strictObject({ file: z.string(), jsonPath: z.string(), format: z.enum(CONFIG_FORMATS) })
      .optional()
      .describe('where the hook was defined; set by loadHooksConfig'),
    trustedScripts: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 in hex')).optional()
      .describe('set by loadHooksConfig for a trusted project file: the SHA-256 of each project file the hook runs, as approved; each is checked again right before every run'),
  })
  .superRefine((hook, ctx) => {
    checkHandlerKind(hook, ctx);
    if (hook.template && hook.args !== undefined && hasPlaceholder(hook.args[0]!)) {
      ctx.addIssue({ code: 'custom', path: ['args', 0], message: 'the program cannot be a placeholder: the payload would choose what runs' });
    }
    if (hook.template && hook.command !== undefined) {
      try {
        compileCommandTemplate(hook.command);
      } catch (error) {
        ctx.addIssue({ code: 'custom', path: ['command'], message: (error as Error).message });
      }
    }
    checkHandlerFields(hook, ctx);
    if (hook.onError === 'closed' && !canRefuse(EVENT_SPECS[hook.event])) {
      ctx.addIssue({ code: 'custom', path: ['onError'], message: `"closed" has no effect on ${hook.event}, which cannot refuse anything (remove it, or use "open")` });
    }
  });

export const nativeFileSchema = z.looseObject({
  $schema: z.string().optional(),
  enabled: z.boolean().default(true),
  hooks: z.array(nativeHookSchema).default([]),
  builtins: builtinsSchema,
});

export type NativeHookInput = z.input<typeof nativeHookSchema>;

/** A parsed native hook, in the internal model (the id is settled later, by `assignHookIds`). */
export function toHookDefinition(hook: z.output<typeof nativeHookSchema>): Omit<HookDefinition, 'id'> & { id: string | undefined } {
  return {
    id: hook.id,
    event: hook.event,
    matcher: hook.matcher,
    filter: hook.filter,
    handler: handlerOf(hook, hook.source?.file),
    origin: hook.origin,
    command: hook.command,
    args: hook.args,
    // hookpool's 10 s (a prompt's 30 s, an agent's 60 s) unless the event's default is shorter (SessionEnd's 1.5 s).
    timeoutMs: hook.timeout ?? Math.min(defaultTimeoutMsOf(hook.type) ?? DEFAULT_TIMEOUT_MS, EVENT_SPECS[hook.event].defaultTimeoutMs),
    background: hook.background || hook.asyncRewake,
    enabled: hook.enabled,
    enforce: hook.enforce,
    description: hook.description,
    env: hook.env ?? DEFAULT_ENV_POLICY,
    exitCodes: hook.exitCodes,
    sequential: hook.sequential,
    priority: hook.priority,
    killDescendants: hook.killDescendants,
    maxOutputBytes: hook.maxOutputBytes,
    cwd: hook.cwd,
    sandbox: hook.sandbox,
    template: hook.template,
    onError: hook.onError ?? EVENT_SPECS[hook.event].defaultOnError,
    protocol: hook.protocol,
    source: hook.source,
    ...(hook.trustedScripts === undefined ? {} : { trustedScripts: hook.trustedScripts }),
    loadError: undefined,
    ...handlerFieldsOf(hook),
  };
}
