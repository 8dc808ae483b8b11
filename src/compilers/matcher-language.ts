// Which rules a hook's matcher follows. Claude Code's (and so hookpool's own files'): a plain name
// list matches names exactly, anything else is an unanchored regex. Autohand's and Opta's files:
// every matcher is an unanchored regex, as their HookManagers test it (`new RegExp(matcher).test`),
// so `run_` matches `run_command`.
import type { ConfigFormat, HookSource } from '../model/hook-definition.js';
import { EVENT_SPECS, type EventName, type MatcherSyntax } from '../events/event-specs.js';

/** An event's matcher syntax, or `regex`: the whole matcher is a regular expression. */
export type MatcherLanguage = MatcherSyntax | 'regex';

const REGEX_FORMATS: ReadonlySet<ConfigFormat> = new Set(['autohand', 'opta']);

/** The matcher language of a format's files on an event. */
export function matcherLanguageOfFormat(format: ConfigFormat, event: EventName): MatcherLanguage {
  return REGEX_FORMATS.has(format) ? 'regex' : EVENT_SPECS[event].matcherSyntax;
}

/** The matcher language of a hook: its file's format's, Claude Code's for hooks from no file. */
export function matcherLanguageOf(hook: { readonly event: EventName; readonly source?: HookSource | undefined }): MatcherLanguage {
  return hook.source === undefined ? EVENT_SPECS[hook.event].matcherSyntax : matcherLanguageOfFormat(hook.source.format, hook.event);
}
