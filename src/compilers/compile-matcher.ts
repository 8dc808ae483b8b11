import { HookpoolError } from '../errors.js';
import type { MatcherSyntax } from '../events/event-specs.js';
import type { MatcherLanguage } from './matcher-language.js';

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
 * `syntax` is the event's (EventSpec.matcherSyntax): `narrow` keeps `-`, space and `,` on the regex
 * path; `regex` (Autohand's and Opta's files) makes every matcher but `""` an unanchored regex.
 * An invalid regex throws ERR_HOOKPOOL_INVALID_MATCHER, never silently becomes a literal.
 */
export function compileMatcher(matcher: string | undefined, syntax: MatcherLanguage = 'standard'): CompiledMatcher {
  if (matcher === undefined || matcher === '') return matchAll;
  if (syntax === 'regex') return compileRegex(matcher, 'a regular expression, e.g. "^(run_command|write_file)$"');
  if (matcher === '*') return matchAll;
  const nameList = NAME_LISTS[syntax];
  if (nameList.chars.test(matcher)) {
    const names = new Set(matcher.split(nameList.separators).map((name) => name.trim()).filter(Boolean));
    if (names.size === 0) return matchAll;
    return (subject) => names.has(subject);
  }
  return compileRegex(matcher, 'a name list like "Edit|Write"');
}

function compileRegex(matcher: string, otherwise: string): CompiledMatcher {
  let pattern: RegExp;
  try {
    pattern = new RegExp(matcher);
  } catch (error) {
    throw new HookpoolError('ERR_HOOKPOOL_INVALID_MATCHER', `invalid matcher regex ${JSON.stringify(matcher)}: ${(error as Error).message} (fix the regular expression, or use ${otherwise})`);
  }
  return (subject) => pattern.test(subject);
}

/** The exact names a matcher lists (`Edit|Write` → Edit, Write), or null when it matches everything or is a pattern. */
export function matcherNames(matcher: string | undefined, syntax: MatcherLanguage = 'standard'): string[] | null {
  if (matcher === undefined || matcher === '' || matcher === '*' || syntax === 'regex') return null;
  const nameList = NAME_LISTS[syntax];
  if (!nameList.chars.test(matcher)) return null;
  const names = [...new Set(matcher.split(nameList.separators).map((name) => name.trim()).filter(Boolean))];
  return names.length === 0 ? null : names;
}
