// A Bash or PowerShell `if` specifier, e.g. `Bash(git push *)`, tested against a command line by
// Claude Code's rules for `if` (hooks reference, "Bash if matching"; permissions, "Wildcard
// patterns"): the hook runs when ANY subcommand matches, substitutions included, and whenever
// the command cannot be known well enough to say no.
import { parseCommandLine } from './bash-subcommands.js';
import { commandViews, hasDynamicName, innerCommand } from './command-views.js';

/** Tests a command line. */
export type CommandTest = (command: string) => boolean;

// `sh -c "..."` inside `sh -c "..."`: this deep is read, deeper runs the hook.
const MAX_INNER_DEPTH = 3;

/**
 * Compiles a specifier once: `*` matches any characters (spaces too), a trailing ` *` (or `:*`)
 * also matches nothing after a word boundary (`ls *` matches `ls` and `ls -la`, not `lsof`),
 * and a specifier without `*` matches exactly.
 */
export function compileCommandPattern(specifier: string, options: { ignoreCase: boolean }): CommandTest {
  const { pattern, regex, namesMoreThanCommand } = preparePattern(specifier, options);
  const leadingWord = options.ignoreCase ? firstLiteralWord(pattern).toLowerCase() : firstLiteralWord(pattern);
  return (command) => {
    if (regex.test(command.trim())) return true;
    if (leadingWord !== '' && PLAIN.test(command) && !(options.ignoreCase ? command.toLowerCase() : command).includes(leadingWord)) return false;
    return anySubcommandMatches(command, regex, namesMoreThanCommand, 0);
  };
}

/** The same test without the fast no, for checking that the shortcut never changes an answer. */
export function compileCommandPatternWithoutShortcut(specifier: string, options: { ignoreCase: boolean }): CommandTest {
  const { regex, namesMoreThanCommand } = preparePattern(specifier, options);
  return (command) => regex.test(command.trim()) || anySubcommandMatches(command, regex, namesMoreThanCommand, 0);
}

function preparePattern(specifier: string, options: { ignoreCase: boolean }) {
  const pattern = specifier.endsWith(':*') ? `${specifier.slice(0, -2)} *` : specifier;
  // A pattern that names more than the command (`git push *`) cannot be ruled out when a word
  // is only known at run time: Claude Code runs the hook on any $(), backticks or $VAR then.
  const wordCount = pattern.trim().split(/\s+/).filter((word, index, all) => !(word === '*' && index === all.length - 1)).length;
  return { pattern, regex: patternRegex(pattern, options.ignoreCase), namesMoreThanCommand: wordCount > 1 };
}

/*
 * A fast no: every reading of a subcommand is made of the command's own words, so when the
 * pattern starts with a literal word the command does not contain anywhere, nothing can match,
 * unless quoting, escapes or expansions are involved ($, backquote, quotes, backslash), where the
 * full analysis decides. Measured: `ls -la` against Bash(rm *) went from 12 µs to well under 1.
 */
const PLAIN = /^[^$`'"\\]*$/;

function firstLiteralWord(pattern: string): string {
  return /^[^\s*]*/.exec(pattern.trimStart())![0];
}

function anySubcommandMatches(command: string, regex: RegExp, namesMoreThanCommand: boolean, depth: number): boolean {
  const parsed = parseCommandLine(command);
  if (parsed === null || depth > MAX_INNER_DEPTH) return true;
  if (namesMoreThanCommand && parsed.dynamic) return true;
  for (const words of parsed.subcommands) {
    for (const view of commandViews(words)) {
      if (hasDynamicName(view) || regex.test(view.join(' '))) return true;
      const inner = innerCommand(view);
      if (inner !== null && anySubcommandMatches(inner, regex, namesMoreThanCommand, depth + 1)) return true;
    }
  }
  return false;
}

function patternRegex(pattern: string, ignoreCase: boolean): RegExp {
  const openEnded = pattern.endsWith(' *');
  const body = openEnded ? pattern.slice(0, -2) : pattern;
  const source = body.split('*').map(escapeRegex).join('.*');
  return new RegExp(`^${source}${openEnded ? '(?: .*)?' : ''}$`, ignoreCase ? 'is' : 's');
}

/** Escapes every character a RegExp treats specially. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
