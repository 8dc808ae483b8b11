import { HookpoolError } from '../errors.js';

/** Tests a matcher subject (a tool name, a session source, ...). */
export type CompiledMatcher = (subject: string) => boolean;

const matchAll: CompiledMatcher = () => true;

// Claude Code: a matcher made only of these characters is an exact name or a list of names.
const NAME_LIST = /^[A-Za-z0-9_\- ,|]*$/;

/**
 * Compiles a matcher once, by Claude Code's rules: `*`, `""` or none match everything; a plain
 * name list (`Edit|Write`, `Edit, Write`) matches exactly; anything else is an unanchored regex.
 * An invalid regex throws ERR_HOOKPOOL_INVALID_MATCHER, never silently becomes a literal.
 */
export function compileMatcher(matcher: string | undefined): CompiledMatcher {
  if (matcher === undefined || matcher === '' || matcher === '*') return matchAll;
  if (NAME_LIST.test(matcher)) {
    const names = new Set(matcher.split(/[|,]/).map((name) => name.trim()).filter(Boolean));
    if (names.size === 0) return matchAll;
    return (subject) => names.has(subject);
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(matcher);
  } catch (error) {
    throw new HookpoolError('ERR_HOOKPOOL_INVALID_MATCHER', `invalid matcher regex ${JSON.stringify(matcher)}: ${(error as Error).message} (fix the regular expression, or use a name list like "Edit|Write")`);
  }
  return (subject) => pattern.test(subject);
}
