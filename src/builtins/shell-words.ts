// The value of one shell word as a guard can know it before the command runs: quotes removed,
// `~`, `$HOME`, `${HOME}` and variables the script itself set resolved, command substitutions
// whose output is plain (`$(echo rm)`, `$(which rm)`, `$(pwd)`) replaced by it, brace lists
// expanded. What only the running shell knows is a marker character, so a rule can tell a literal
// `*` from a glob and a known path from a guess.
import type { ParsedScript, Word, WordPart, DoubleQuotedChild } from 'unbash';

/** Text only known at run time (a variable, a substitution, arithmetic). */
export const UNKNOWN = '\u0000';
/** An unquoted `*` (or an extended glob): any characters. */
export const GLOB_ANY = '\u0001';
/** An unquoted `?`: one character. */
export const GLOB_ONE = '\u0002';
/** An unquoted bracket expression `[...]`: one character of a set. */
export const GLOB_SET = '\u0003';
// Whitespace from an unquoted expansion: the shell splits the word there.
const SPLIT = '\u0004';

const MARKERS = /[\u0000-\u0004]/;
const GLOBS = /[\u0001-\u0003]/;
// Brace lists expand to at most this many words; more are not followed.
const MAX_ALTERNATIVES = 32;

/** What a word's evaluation needs from the script around it. */
export interface WordScope {
  /** A variable's value when the script makes it known (HOME, PWD, assignments), else null. */
  lookup(name: string): string | null;
  /**
   * Walks a substitution's script (its commands run too) and returns what it prints when that is
   * known, else null.
   */
  substitute(script: ParsedScript | undefined, kind: 'command' | 'process'): string | null;
}

/** True when the value holds text only known at run time. */
export function isUnknown(value: string): boolean {
  return value.includes(UNKNOWN);
}

/** True when the value holds an unquoted glob. */
export function hasGlob(value: string): boolean {
  return GLOBS.test(value);
}

/**
 * A regular expression's source for a value holding glob markers: a glob marker matches what the
 * shell's glob would, every other character itself. `.` stands for one character: give the `s`
 * flag where a newline must match too.
 */
export function globPatternSource(value: string): string {
  return [...value].map((char) => (char === GLOB_ANY ? '.*' : char === GLOB_ONE || char === GLOB_SET ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
}

/** The value as a person would read it: markers shown as `$?`, `*`, `?`, `[…]`. */
export function displayValue(value: string): string {
  if (!MARKERS.test(value)) return value;
  return value.replaceAll(UNKNOWN, '$?').replaceAll(GLOB_ANY, '*').replaceAll(GLOB_ONE, '?').replaceAll(GLOB_SET, '[…]').replaceAll(SPLIT, ' ');
}

/** A value read again as shell text (a `bash -c` word): globs as written, unknown text kept unknown. */
export function scriptText(value: string): string {
  if (!MARKERS.test(value)) return value;
  return value.replaceAll(GLOB_ANY, '*').replaceAll(GLOB_ONE, '?').replaceAll(GLOB_SET, '?').replaceAll(SPLIT, ' ');
}

/**
 * The words a shell word becomes: usually one; a brace list (`/{bin,etc}`) or an unquoted
 * expansion holding spaces (`$CMD` with CMD="rm -rf /") gives several.
 */
export function evaluateWord(word: Word, scope: WordScope): string[] {
  const parts = word.parts;
  let values: string[];
  if (parts === undefined || parts.length === 0) {
    values = [tilde(word.text, word.value, scope)];
  } else {
    values = [''];
    parts.forEach((part, index) => {
      const options = partValues(part, scope, index === 0);
      const next: string[] = [];
      for (const prefix of values) for (const option of options) if (next.length < MAX_ALTERNATIVES) next.push(prefix + option);
      values = next;
    });
  }
  return values.flatMap((value) => (value.includes(SPLIT) ? value.split(SPLIT).filter((field) => field !== '') : [value]));
}

/** One word, its alternatives joined by a space (an assignment's value, a here-string). */
export function evaluateText(word: Word, scope: WordScope): string {
  return evaluateWord(word, scope).join(' ');
}

/** A here-document body: its expansions resolved where known, never split. */
export function evaluateHereDoc(parts: readonly WordPart[], scope: WordScope): string {
  return parts.map((part) => (part.type === 'Literal' ? part.value : expansionValue(part, scope))).join('');
}

function partValues(part: WordPart, scope: WordScope, first: boolean): string[] {
  switch (part.type) {
    case 'Literal':
      return [first ? tilde(part.text, part.value, scope) : part.value];
    case 'Glob':
      return [part.kind === 'star' ? GLOB_ANY : part.kind === 'question' ? GLOB_ONE : GLOB_SET];
    case 'ExtendedGlob':
      return [GLOB_ANY];
    case 'SingleQuoted':
    case 'AnsiCQuoted':
      return [part.value];
    case 'DoubleQuoted':
    case 'LocaleString':
      return [part.parts.map((child) => quotedValue(child, scope)).join('')];
    case 'BraceExpansion':
      return braceAlternatives(part.text, scope);
    case 'ProcessSubstitution':
      scope.substitute(part.script, 'process');
      return [UNKNOWN];
    default:
      return [splitUnquoted(expansionValue(part, scope))];
  }
}

function quotedValue(part: DoubleQuotedChild, scope: WordScope): string {
  return part.type === 'Literal' ? part.value : expansionValue(part, scope);
}

// $NAME, ${NAME...}, $(...), `...`, $((...)): known, or UNKNOWN.
function expansionValue(part: WordPart, scope: WordScope): string {
  switch (part.type) {
    case 'SimpleExpansion':
      return scope.lookup(part.text.slice(1)) ?? UNKNOWN;
    case 'ParameterExpansion': {
      if (part.prefix !== undefined || part.index !== undefined) return UNKNOWN;
      const value = scope.lookup(part.parameter);
      const operation = part.operation;
      if (operation === undefined) return value ?? UNKNOWN;
      if (value === null || isUnknown(value)) return UNKNOWN;
      // ${X:-default} is X when X is known and set.
      if (operation.type === 'Default') return value !== '' && /^:?[-=]$/.test(operation.operator) ? value : UNKNOWN;
      // ${HOME%/*}, ${X#prefix}: a pattern taken off a known value.
      if (operation.type === 'Remove') return removePattern(value, evaluateText(operation.operand, scope), operation.operator) ?? UNKNOWN;
      // ${HOME:0:1}: a slice at literal offsets.
      if (operation.type === 'Slice') return sliceValue(value, evaluateText(operation.offset, scope), operation.length === undefined ? null : evaluateText(operation.length, scope)) ?? UNKNOWN;
      return UNKNOWN;
    }
    case 'CommandExpansion':
      return scope.substitute(part.script, 'command')?.replace(/\n+$/, '') ?? UNKNOWN;
    case 'ArithmeticExpansion':
      return UNKNOWN;
    default:
      return UNKNOWN;
  }
}

// `#`/`##` take the shortest/longest matching prefix off, `%`/`%%` the shortest/longest suffix.
function removePattern(value: string, pattern: string, operator: string): string | null {
  if (isUnknown(pattern)) return null;
  // A value may hold newlines, which the shell's * and ? match.
  const glob = new RegExp(`^${globPatternSource(pattern)}$`, 's');
  const lengths = [...Array(value.length + 1).keys()];
  const order = operator.length === 2 ? lengths.reverse() : lengths;
  for (const length of order) {
    if (operator.startsWith('#') && glob.test(value.slice(0, length))) return value.slice(length);
    if (operator.startsWith('%') && glob.test(value.slice(value.length - length))) return value.slice(0, value.length - length);
  }
  return value;
}

function sliceValue(value: string, offset: string, length: string | null): string | null {
  if (!/^\s*\d+\s*$/.test(offset) || (length !== null && !/^\s*\d+\s*$/.test(length))) return null;
  const start = Number(offset);
  return length === null ? value.slice(start) : value.slice(start, start + Number(length));
}

// The shell splits an unquoted expansion's value at whitespace.
function splitUnquoted(value: string): string {
  return value.replace(/[ \t\n]+/g, SPLIT);
}

// `~` and `~/x` are HOME, `~+` the working folder; `~user` is known only for the user whose home
// HOME is. Only an unquoted `~` at the start of a word expands (`\~` and `"~"` do not).
function tilde(text: string, value: string, scope: WordScope): string {
  if (!text.startsWith('~')) return value;
  const slash = value.indexOf('/');
  const name = slash < 0 ? value.slice(1) : value.slice(1, slash);
  const rest = slash < 0 ? '' : value.slice(slash);
  const home = scope.lookup('HOME');
  let base: string | null;
  if (name === '') base = home;
  else if (name === '+') base = scope.lookup('PWD');
  else if (name === '-') base = null;
  else if (home !== null && home.split('/').pop() === name) base = home;
  else if (name === 'root') base = '/root';
  else if (/^[a-z_][a-z0-9_-]*\$?$/i.test(name)) base = null;
  else return value;
  return (base ?? UNKNOWN) + rest;
}

// `{a,b}` and `{a,{b,c}}`: every alternative; a sequence (`{1..3}`) or a list holding quotes or
// expansions is not expanded (its text stays, which names no path a rule looks for).
function braceAlternatives(text: string, scope: WordScope): string[] {
  if (/["'$`\\]/.test(text)) return [UNKNOWN];
  const expanded = expandBraces(text);
  return expanded.length === 0 ? [text] : expanded.map((option) => (option.startsWith('~') ? tilde(option, option, scope) : option));
}

/** Brace expansion of a literal text; an empty list when the text holds no comma list. */
export function expandBraces(text: string): string[] {
  const open = text.indexOf('{');
  if (open < 0) return [];
  let depth = 0;
  const commas: number[] = [];
  let close = -1;
  for (let at = open; at < text.length; at++) {
    const char = text[at];
    if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      close = at;
      break;
    } else if (char === ',' && depth === 1) commas.push(at);
  }
  if (close < 0 || commas.length === 0) return [];
  const head = text.slice(0, open);
  const tail = text.slice(close + 1);
  const bounds = [open, ...commas, close];
  const results: string[] = [];
  for (let index = 0; index + 1 < bounds.length; index++) {
    const inner = text.slice(bounds[index]! + 1, bounds[index + 1]);
    const combined = `${head}${inner}${tail}`;
    const further = expandBraces(combined);
    for (const option of further.length > 0 ? further : [combined]) if (results.length < MAX_ALTERNATIVES) results.push(option);
  }
  return results;
}
