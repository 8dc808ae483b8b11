// Field schemas shared by the native format and every seed format reader, with messages that
// say what is allowed.
import { z } from 'zod';
import type { EventName } from '../events/event-specs.js';
import { canonicalEventName, closestEventName } from '../events/resolve-event.js';
import { compileMatcher } from '../compilers/compile-matcher.js';

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

/** A glob, and globs as one string or a list. */
export const globSchema = z.string().min(1, 'expected a non-empty glob (use "**" for everything)');
export const globsSchema = z.union([globSchema, z.array(globSchema)], { error: 'expected a glob string or a list of globs' });

/** A matcher string that compiles by Claude Code's rules; an invalid regex is an issue here. */
export const matcherSchema = z.string({ error: 'expected a matcher string: "*", a name list like "Edit|Write", or a regular expression' }).superRefine((value, ctx) => {
  try {
    compileMatcher(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

/** A matcher that is a regular expression as a whole (Autohand's and Opta's files); an invalid one is an issue here. */
export const regexMatcherSchema = z.string({ error: 'expected a matcher string: a regular expression such as "^(run_command|write_file)$"' }).superRefine((value, ctx) => {
  try {
    compileMatcher(value, 'regex');
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

/**
 * An environment variable name as the OS can hold it: not empty, no `=` (which would let
 * `"PATH=x"` set PATH itself) and no NUL byte (which no environment string can carry).
 */
export const envNameSchema = z
  .string({ error: 'expected a variable name' })
  .regex(/^[^=\0]+$/, 'expected a variable name: not empty, without "=" or NUL bytes');

/** An environment variable value: anything but a NUL byte. */
export const envValueSchema = z.string({ error: 'expected a string value' }).refine((value) => !value.includes('\0'), 'a value cannot hold a NUL byte');
