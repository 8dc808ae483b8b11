// The simple commands a Bash tool call runs, for `if` rules (Claude Code's "Bash if matching").
// Not a shell parser: a scan finds what shell-quote cannot (unquoted newlines, `$(...)` and
// backtick substitutions, whose bodies are commands too), then shell-quote tokenizes each piece
// and its control operators split it into subcommands. A variable or a substitution becomes
// DYNAMIC inside its word, so a command name that is not known in advance can be recognised.
import type { ParseEntry } from 'shell-quote';
import { parseShellWords } from './lazy-packages.js';

/** Marks, inside a word, text the shell only knows when it runs ($VAR, $(...), `...`). */
export const DYNAMIC = '\u0000';

/** The subcommands of a command line, each as its words. */
export interface ParsedCommand {
  readonly subcommands: readonly (readonly string[])[];
  /** Some word holds a variable or a substitution. */
  readonly dynamic: boolean;
}

// Deeper nesting than this is not analysed: the caller treats it as not understood.
const MAX_DEPTH = 8;

const SEPARATORS: ReadonlySet<string> = new Set(['&&', '||', ';', ';;', '|', '|&', '&', '(', ')', '<(', '>(']);
const REDIRECTS: ReadonlySet<string> = new Set(['>', '>>', '<', '>&', '<&', '<<', '<<<', '>|', '&>', '&>>']);

/** The subcommands of `command`, or null when it cannot be taken apart (unbalanced quotes or substitutions, too deep). */
export function parseCommandLine(command: string): ParsedCommand | null {
  try {
    const subcommands: string[][] = [];
    const state = { dynamic: false };
    return collect(command, 0, subcommands, state) ? { subcommands, dynamic: state.dynamic } : null;
  } catch {
    return null;
  }
}

function collect(command: string, depth: number, into: string[][], state: { dynamic: boolean }): boolean {
  if (depth > MAX_DEPTH) return false;
  const scanned = extractSubstitutions(command);
  if (scanned === null) return false;
  if (scanned.bodies.length > 0 || scanned.text.includes('$')) state.dynamic = true;
  for (const body of scanned.bodies) if (!collect(body, depth + 1, into, state)) return false;
  const entries = parseShellWords(scanned.text, () => DYNAMIC);
  let words: string[] = [];
  const finish = () => {
    if (words.length > 0) into.push(words);
    words = [];
  };
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]!;
    if (typeof entry === 'string') {
      words.push(entry);
    } else if ('op' in entry) {
      if (entry.op === 'glob') words.push((entry as { pattern: string }).pattern);
      else if (SEPARATORS.has(entry.op)) finish();
      else if (REDIRECTS.has(entry.op)) index = dropRedirect(words, entries, index);
    }
    // comments are not words
  }
  finish();
  return true;
}

// `2>&1`, `> out`: the target is not a word of the command, nor is a file descriptor before it.
function dropRedirect(words: string[], entries: readonly ParseEntry[], index: number): number {
  if (words.length > 1 && /^\d+$/.test(words[words.length - 1]!)) words.pop();
  return typeof entries[index + 1] === 'string' ? index + 1 : index;
}

interface Scanned {
  /** The command with each substitution replaced by a variable and unquoted newlines by `;`. */
  readonly text: string;
  /** The commands inside `$(...)` and backticks. */
  readonly bodies: string[];
}

/*
 * One pass over the text, tracking quotes: single quotes hide everything, double quotes hide
 * newlines but not substitutions. `$(` opens a body that ends at its matching `)` (parentheses
 * inside it nest); a backtick body ends at the next unescaped backtick. Null when a quote or a
 * body is never closed.
 */
function extractSubstitutions(command: string): Scanned | null {
  const bodies: string[] = [];
  let text = '';
  let quote: '' | "'" | '"' = '';
  for (let at = 0; at < command.length; at++) {
    const char = command[at]!;
    if (quote === "'") {
      if (char === "'") quote = '';
      text += char;
    } else if (char === '\\') {
      text += command.slice(at, at + 2);
      at++;
    } else if (char === '$' && command[at + 1] === '(') {
      const end = closingParen(command, at + 2);
      if (end < 0) return null;
      bodies.push(command.slice(at + 2, end));
      text += '${__hookpool_substitution}';
      at = end;
    } else if (char === '`') {
      const end = closingBacktick(command, at + 1);
      if (end < 0) return null;
      bodies.push(command.slice(at + 1, end).replace(/\\`/g, '`'));
      text += '${__hookpool_substitution}';
      at = end;
    } else {
      if (quote === '' && (char === "'" || char === '"')) quote = char;
      else if (quote === '"' && char === '"') quote = '';
      text += quote === '' && char === '\n' ? ';' : char;
    }
  }
  return quote === '' ? { text, bodies } : null;
}

function closingParen(command: string, from: number): number {
  let depth = 1;
  let quote: '' | "'" | '"' = '';
  for (let at = from; at < command.length; at++) {
    const char = command[at]!;
    if (quote === "'") {
      if (char === "'") quote = '';
    } else if (char === '\\') {
      at++;
    } else if (quote === '"') {
      if (char === '"') quote = '';
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '(') {
      depth++;
    } else if (char === ')' && --depth === 0) {
      return at;
    }
  }
  return -1;
}

function closingBacktick(command: string, from: number): number {
  for (let at = from; at < command.length; at++) {
    if (command[at] === '\\') at++;
    else if (command[at] === '`') return at;
  }
  return -1;
}
