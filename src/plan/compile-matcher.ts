import { HookpoolError } from '../errors.js';
import type { MatcherSyntax } from '../events/event-specs.js';

/** Tests a matcher subject (a tool name, a session source, ...). */
export type CompiledMatcher = (subject: string) => boolean;

const matchAll: CompiledMatcher = () => true;

// Claude Code: a matcher made only of these characters is an exact name or a list of names,
// split on the separators; FileChanged and StopFailure use the narrow set.
const NAME_LISTS: Readonly<Record<MatcherSyntax, { readonly chars: RegExp; readonly separators: RegExp }>> = {
  standard: { chars: /^[A-Za-z0-9_\- ,|]*$/, separators: /[|,]/ },
  narrow: { chars: /^[A-Za-z0-9_|]*$/, separators: /\|/ },
};

/**
 * Compiles a matcher once, by Claude Code's rules: `*`, `""` or none match everything; a plain
 * name list (`Edit|Write`, `Edit, Write`) matches exactly; anything else is an unanchored regex.
 * `syntax` is the event's (EventSpec.matcherSyntax): `narrow` keeps `-`, space and `,` on the regex path.
 * An invalid regex throws ERR_HOOKPOOL_INVALID_MATCHER, never silently becomes a literal.
 */
export function compileMatcher(matcher: string | undefined, syntax: MatcherSyntax = 'standard'): CompiledMatcher {
  if (matcher === undefined || matcher === '' || matcher === '*') return matchAll;
  const nameList = NAME_LISTS[syntax];
  if (nameList.chars.test(matcher)) {
    const names = new Set(matcher.split(nameList.separators).map((name) => name.trim()).filter(Boolean));
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

/** The exact names a matcher lists (`Edit|Write` → Edit, Write), or null when it matches everything or is a pattern. */
export function matcherNames(matcher: string | undefined, syntax: MatcherSyntax = 'standard'): string[] | null {
  if (matcher === undefined || matcher === '' || matcher === '*') return null;
  const nameList = NAME_LISTS[syntax];
  if (!nameList.chars.test(matcher)) return null;
  const names = [...new Set(matcher.split(nameList.separators).map((name) => name.trim()).filter(Boolean))];
  return names.length === 0 ? null : names;
}
