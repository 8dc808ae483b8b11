// Pieces every format reader shares: per-entry validation that turns zod issues into problem
// lines, and the final native check. The field schemas themselves are in ../field-schemas.ts.
import { z } from 'zod';
import { canonicalEventName } from '../../events/resolve-event.js';
import { compileMatcher } from '../../compilers/compile-matcher.js';
import { matcherLanguageOfFormat, type MatcherLanguage } from '../../compilers/matcher-language.js';
import { formatIssues, formatJsonPath, oneLine } from '../format-issues.js';
import type { BrokenHookEntry, ConfigFormat, HookSource } from '../../model/hook-definition.js';
import { nativeHookSchema, type NativeHookInput } from '../native-schema.js';

/** What one format reader gives back: native hooks (each with its source), entries that could not load, and problem lines. */
export interface FormatResult {
  readonly hooks: NativeHookInput[];
  readonly broken: BrokenHookEntry[];
  readonly problems: string[];
  /**
   * Why the document as a whole is not a hooks document of its format (`null`, `[]`, `{"hooks":
   * null}`): whatever it was meant to hold is unknown, so the file counts as one that could not
   * be loaded. Undefined when the document's shape was read.
   */
  readonly unreadable?: string;
}

/** Where an entry sits, for its problem lines. */
export interface EntryLocation {
  readonly file: string;
  readonly path: readonly PropertyKey[];
}

/** A format whose hooks are a list of entries inside an envelope object. */
export interface HookListFormat<T extends z.ZodType> {
  readonly format: ConfigFormat;
  readonly envelope: T;
  /** The entries and their JSON path, e.g. `hooks` or `hooks.hooks`. */
  readonly entries: (envelope: z.output<T>) => { readonly path: readonly PropertyKey[]; readonly list: readonly unknown[] };
  /** One entry as a native hook (or several, one per event it runs on), or undefined (its problems recorded) to skip it. */
  readonly convert: (entry: unknown, at: EntryLocation, envelope: z.output<T>, problems: string[]) => NativeHookInput | readonly NativeHookInput[] | undefined;
}

/**
 * Reads a hook list: the envelope is validated, each entry converted by the format and then,
 * with its source attached, checked against the native schema. A bad entry is a problem and is
 * skipped; the rest loads.
 */
export function readHookList<T extends z.ZodType>(document: unknown, file: string, format: HookListFormat<T>): FormatResult {
  const problems: string[] = [];
  const envelope = parseEntry(format.envelope, document, { file, path: [] }, problems);
  if (envelope === undefined) return { hooks: [], broken: [], problems, unreadable: withoutFile(file, problems) };
  const { path: listPath, list } = format.entries(envelope);
  const hooks: NativeHookInput[] = [];
  const broken: BrokenHookEntry[] = [];
  list.forEach((entry, index) => {
    const path = [...listPath, index];
    const source: HookSource = { file, jsonPath: formatJsonPath(path), format: format.format };
    const before = problems.length;
    const converted = format.convert(entry, { file, path }, envelope, problems);
    const candidates = converted === undefined ? [] : Array.isArray(converted) ? converted : [converted as NativeHookInput];
    const finished = candidates.map((candidate) => finishHook(candidate, source, problems));
    if (finished.length > 0 && finished.every((hook) => hook !== undefined)) hooks.push(...(finished as NativeHookInput[]));
    else broken.push(...brokenEntry(entry, source, problems.slice(before)));
  });
  return { hooks, broken, problems };
}

/**
 * An entry that did not load, as a BrokenHookEntry when it was meant to run on a known event
 * (its own event and matcher, as far as they are valid). Disabled entries and entries with no
 * known event leave only their problem lines.
 */
export function brokenEntry(entry: unknown, source: HookSource, problems: readonly string[], known: { event?: string; matcher?: unknown } = {}): BrokenHookEntry[] {
  const fields = isPlainObject(entry) ? entry : {};
  if (fields.enabled === false) return [];
  const eventName = known.event ?? fields.event;
  const event = typeof eventName === 'string' ? canonicalEventName(eventName) : undefined;
  if (event === undefined) return [];
  const matcher = known.matcher ?? fields.matcher;
  const reason = withoutFile(source.file, problems);
  return [{ event, matcher: isValidMatcher(matcher, matcherLanguageOfFormat(source.format, event)) ? normalizeMatcher(matcher) : undefined, source, reason }];
}

function isValidMatcher(matcher: unknown, language: MatcherLanguage): matcher is string {
  if (typeof matcher !== 'string') return false;
  try {
    compileMatcher(matcher, language);
    return true;
  } catch {
    return false;
  }
}

/** Validates one entry; on failure adds one problem line per issue and returns undefined. */
export function parseEntry<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: EntryLocation,
  problems: string[],
): z.output<T> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  problems.push(...formatIssues(result.error, where.file, where.path.length > 0 ? formatJsonPath(where.path) : ''));
  return undefined;
}

/** Problem lines of one file as one reason, without the file's name in front of each. */
export function withoutFile(file: string, problems: readonly string[]): string {
  return problems.map((line) => (line.startsWith(`${file}: `) ? line.slice(file.length + 2) : line)).join('; ');
}

/** A problem line for one JSON path: `<file>: <json.path>: <message>`. */
export function problemAt(file: string, path: readonly PropertyKey[], message: string): string {
  return oneLine(`${file}: ${formatJsonPath(path)}: ${message}`);
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
