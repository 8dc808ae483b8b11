// The Opta shape (agencymatthewg-beep/opta, src/hooks/manager.ts; `.opta/config.json`): a `hooks`
// array of `{ event, command, matcher, timeout (ms), background }` with dotted event names.
// Opta cancels a `tool.pre` tool call on any non-zero exit, which is hookpool's
// `exitCodes: "any-nonzero-blocks"`. A hook that times out or cannot start is a failure, which on
// tool.pre refuses the call (hookpool's rule; the plans do not say).
import { z } from 'zod';
import { OPTA_EVENT_NAMES as OPTA_NAME_OF } from '../../run/hook-protocols/opta.js';
import { normalizeMatcher, parseEntry, readHookList, type FormatResult } from './shared.js';
import { commandSchema, eventNameSchema, regexMatcherSchema, timeoutMsSchema } from '../field-schemas.js';

/** Opta's own event names; a hook list that uses them (and nothing beyond Opta's keys) is Opta. */
export const OPTA_EVENT_NAMES: ReadonlySet<string> = new Set(Object.values(OPTA_NAME_OF));

/** Opta's own default when a hook gives no `timeout`. */
export const OPTA_DEFAULT_TIMEOUT_MS = 10_000;

/** The range of Opta's schema for `timeout` (`z.number().min(100).max(60000)`), in milliseconds. */
export const OPTA_TIMEOUT_RANGE_MS = { min: 100, max: 60_000 } as const;

/** Every key an Opta hook may have. */
export const OPTA_HOOK_KEYS: ReadonlySet<string> = new Set(['event', 'command', 'matcher', 'timeout', 'background']);

const envelopeSchema = z.looseObject({ hooks: z.array(z.unknown()).default([]) });

const optaHookSchema = z.looseObject({
  event: eventNameSchema,
  command: commandSchema,
  matcher: regexMatcherSchema.optional(),
  timeout: timeoutMsSchema
    .min(OPTA_TIMEOUT_RANGE_MS.min, `expected ${OPTA_TIMEOUT_RANGE_MS.min} to ${OPTA_TIMEOUT_RANGE_MS.max} milliseconds (Opta's range)`)
    .max(OPTA_TIMEOUT_RANGE_MS.max, `expected ${OPTA_TIMEOUT_RANGE_MS.min} to ${OPTA_TIMEOUT_RANGE_MS.max} milliseconds (Opta's range)`)
    .optional(),
  background: z.boolean().optional(),
});

/** Reads an Opta config's `hooks` array. */
export function readOptaHooks(document: unknown, file: string): FormatResult {
  return readHookList(document, file, {
    format: 'opta',
    envelope: envelopeSchema,
    entries: (envelope) => ({ path: ['hooks'], list: envelope.hooks }),
    convert(entry, at, _envelope, problems) {
      const hook = parseEntry(optaHookSchema, entry, at, problems);
      if (!hook) return undefined;
      return {
        event: hook.event,
        matcher: normalizeMatcher(hook.matcher),
        command: hook.command,
        timeout: hook.timeout ?? OPTA_DEFAULT_TIMEOUT_MS,
        background: hook.background,
        exitCodes: 'any-nonzero-blocks',
        protocol: 'opta',
      };
    },
  });
}
