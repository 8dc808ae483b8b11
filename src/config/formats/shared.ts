// Pieces every format reader shares: event and matcher checks with their messages, per-entry
// validation that turns zod issues into problem lines, and the final native check.
import { z } from 'zod';
import type { EventName } from '../../events/event-specs.js';
import { canonicalEventName, closestEventName } from '../../events/resolve-event.js';
import { compileMatcher } from '../../plan/compile-matcher.js';
import { formatIssues, formatJsonPath } from '../format-issues.js';
import type { HookSource } from '../model.js';
import { nativeHookSchema, type NativeHookInput } from '../native-schema.js';

/** What one format reader gives back: native hooks (each with its source) and problem lines. */
export interface FormatResult {
  readonly hooks: NativeHookInput[];
  readonly problems: string[];
}

/** `unknown event "PreToolUs" (did you mean "PreToolUse"?)` */
export function describeUnknownEvent(name: string): string {
  return `unknown event "${name}" (did you mean "${closestEventName(name)}"?)`;
}

/** A canonical event name or alias, resolved to the canonical name. */
export const eventNameSchema = z.string({ error: 'expected an event name like "PreToolUse"' }).transform((name, ctx): EventName => {
  const canonical = canonicalEventName(name);
  if (canonical) return canonical;
  ctx.addIssue({ code: 'custom', message: describeUnknownEvent(name) });
  return z.NEVER;
});

/** A shell command, as every seed format has one. */
export const commandSchema = z.string({ error: 'expected a shell command string' }).min(1, 'expected a non-empty shell command');

/** A timeout in milliseconds (every seed format but Claude's). */
export const timeoutMsSchema = z
  .number({ error: 'expected a number of milliseconds' })
  .int('expected a whole number of milliseconds')
  .positive('expected a positive number of milliseconds');

/** Globs as one string or a list. */
export const globsSchema = z.union([z.string(), z.array(z.string())], { error: 'expected a glob string or a list of globs' });

/** A matcher string that compiles by Claude Code's rules; an invalid regex is an issue here. */
export const matcherSchema = z.string({ error: 'expected a matcher string: "*", a name list like "Edit|Write", or a regular expression' }).superRefine((value, ctx) => {
  try {
    compileMatcher(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `${(error as Error).message} (fix the regular expression, or use a name list like "Edit|Write")` });
  }
});

/** Validates one entry; on failure adds one problem line per issue and returns undefined. */
export function parseEntry<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: { file: string; path: readonly PropertyKey[] },
  problems: string[],
): z.output<T> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  problems.push(...formatIssues(result.error, where.file, where.path.length > 0 ? formatJsonPath(where.path) : ''));
  return undefined;
}

/** A problem line for one JSON path: `<file>: <json.path>: <message>`. */
export function problemAt(file: string, path: readonly PropertyKey[], message: string): string {
  return `${file}: ${formatJsonPath(path)}: ${message}`;
}

// "" means "match everything" in every format; dropping it lets equal hooks share one identity.
export function normalizeMatcher(matcher: string | undefined): string | undefined {
  return matcher === undefined || matcher === '' ? undefined : matcher;
}

/**
 * Attaches the source and checks the converted hook against the native schema, so a reader
 * can never hand the engine something it would refuse. Returns undefined (with problems) if not.
 */
export function finishHook(candidate: NativeHookInput, source: HookSource, problems: string[]): NativeHookInput | undefined {
  const hook: NativeHookInput = { ...dropUndefined(candidate), source };
  const result = nativeHookSchema.safeParse(hook);
  if (result.success) return hook;
  problems.push(...formatIssues(result.error, source.file, source.jsonPath));
  return undefined;
}

// Converters build objects with optional fields left undefined; the output keeps only real ones.
function dropUndefined<T extends object>(value: T): T {
  const entries = Object.entries(value)
    .filter(([, field]) => field !== undefined)
    .map(([key, field]) => [key, isPlainObject(field) ? dropUndefined(field) : field]);
  return Object.fromEntries(entries) as T;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
