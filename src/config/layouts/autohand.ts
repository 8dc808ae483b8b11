// The Autohand shape (autohandai/code-cli, docs/hooks.md): `{"hooks": {"enabled": true, "hooks": [
// { event, command, description, enabled, timeout (ms), async, matcher, filter: {tool, path} } ]}}`.
import { z } from 'zod';
import { canonicalEventName } from '../../events/resolve-event.js';
import { normalizeMatcher, parseEntry, readHookList, type FormatResult } from './shared.js';
import { commandSchema, eventNameSchema, globsSchema, regexMatcherSchema, timeoutMsSchema } from '../field-schemas.js';

/** Autohand's own default when a hook gives no `timeout`. */
export const AUTOHAND_DEFAULT_TIMEOUT_MS = 5_000;

const envelopeSchema = z.looseObject({
  hooks: z.looseObject({
    enabled: z.boolean().default(true),
    hooks: z.array(z.unknown()).default([]),
  }),
});

const autohandHookSchema = z.looseObject({
  event: eventNameSchema,
  command: commandSchema,
  description: z.string().optional(),
  enabled: z.boolean().optional(),
  timeout: timeoutMsSchema.optional(),
  async: z.boolean().optional(),
  matcher: regexMatcherSchema.optional(),
  filter: z
    .looseObject({
      tool: globsSchema.optional(),
      path: globsSchema.optional(),
    })
    .optional(),
});

/** True for `{"hooks": {"hooks": [...]}}`, the Autohand envelope. */
export function isAutohandShape(hooks: unknown): boolean {
  return typeof hooks === 'object' && hooks !== null && Array.isArray((hooks as { hooks?: unknown }).hooks);
}

/**
 * Reads an Autohand config; `hooks.enabled: false` disables (but still lists) every hook. A
 * `post-tool` entry becomes two hooks, on PostToolUse and PostToolUseFailure, as Autohand runs it
 * after failed tools too.
 */
export function readAutohandHooks(document: unknown, file: string): FormatResult {
  return readHookList(document, file, {
    format: 'autohand',
    envelope: envelopeSchema,
    entries: (envelope) => ({ path: ['hooks', 'hooks'], list: envelope.hooks.hooks }),
    convert(entry, at, envelope, problems) {
      const hook = parseEntry(autohandHookSchema, entry, at, problems);
      if (!hook) return undefined;
      const native = {
        event: hook.event,
        matcher: normalizeMatcher(hook.matcher),
        filter: hook.filter ? { tool: hook.filter.tool, path: hook.filter.path } : undefined,
        command: hook.command,
        timeout: hook.timeout ?? AUTOHAND_DEFAULT_TIMEOUT_MS,
        background: hook.async,
        // Autohand runs the hooks that are not async one at a time, in config order.
        sequential: hook.async === true ? undefined : true,
        enabled: envelope.hooks.enabled ? hook.enabled : false,
        description: hook.description,
        // Autohand: "hook failures do not crash the agent; errors are logged but execution
        // continues". A failing guard lets the action through, reported (doctor and validate name it).
        onError: 'open' as const,
        protocol: 'autohand' as const,
      };
      // Autohand fires post-tool after every tool call, failed ones too (HOOK_SUCCESS=false).
      return canonicalEventName(hook.event) === 'PostToolUse' ? [native, { ...native, event: 'PostToolUseFailure' }] : native;
    },
  });
}
