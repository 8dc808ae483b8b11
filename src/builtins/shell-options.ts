// Command-line options read the way GNU getopt reads them, so that every spelling of a flag is the
// same flag: `-rf`, `-fr`, `-r -f`, `-Rf`, `--recursive --force`, and the unambiguous
// abbreviations getopt_long accepts (`--rec`, `--no-pres`).

/** What a program's options look like. */
export interface OptionSpec {
  /** Short options that take a value: `-u root` or `-uroot`. */
  readonly shortValue?: string;
  /** Long options, each with whether it takes a value (`--user root`, `--user=root`). */
  readonly long?: Readonly<Record<string, 'flag' | 'value'>>;
  /** Options may follow operands (`rm / -rf`), as GNU tools allow; false for wrappers, whose options end at the command. */
  readonly permute?: boolean;
  /** A word `-N` (digits) is an option (`nice -10`, `kill -9`). */
  readonly numericFlags?: boolean;
}

/** The options and operands of one command line. */
export interface ParsedOptions {
  /** Short flags and short options seen (each letter of `-rf`). */
  readonly short: ReadonlySet<string>;
  /** Long options seen, by full name (abbreviations resolved); unknown long options by their own name. */
  readonly long: ReadonlySet<string>;
  /** Values of options that take one: `u` -> ['root'], `user` -> [...]. */
  readonly values: ReadonlyMap<string, readonly string[]>;
  /** Words that are not options, in order. */
  readonly operands: readonly string[];
  /** Index in the input of the first operand (for wrappers: where the command starts), or the length. */
  readonly firstOperand: number;
}

/** Reads `words` (a command's arguments, not its name) by `spec`. */
export function parseOptions(words: readonly string[], spec: OptionSpec = {}): ParsedOptions {
  const short = new Set<string>();
  const long = new Set<string>();
  const values = new Map<string, string[]>();
  const operands: string[] = [];
  let firstOperand = words.length;
  const add = (name: string, value: string) => values.set(name, [...(values.get(name) ?? []), value]);
  let index = 0;
  for (; index < words.length; index++) {
    const word = words[index]!;
    if (word === '--') {
      if (firstOperand === words.length) firstOperand = index + 1;
      operands.push(...words.slice(index + 1));
      break;
    }
    if (word.startsWith('--') && word.length > 2) {
      const equals = word.indexOf('=');
      const given = word.slice(2, equals < 0 ? undefined : equals);
      const name = resolveLong(given, spec.long);
      long.add(name);
      if (equals >= 0) add(name, word.slice(equals + 1));
      else if (spec.long?.[name] === 'value' && index + 1 < words.length) add(name, words[++index]!);
      continue;
    }
    if (word.startsWith('-') && word.length > 1 && !(spec.numericFlags !== true && /^-\d/.test(word) && !/[a-zA-Z]/.test(word))) {
      for (let at = 1; at < word.length; at++) {
        const letter = word[at]!;
        short.add(letter);
        if (spec.shortValue?.includes(letter)) {
          const attached = word.slice(at + 1);
          if (attached !== '') add(letter, attached);
          else if (index + 1 < words.length) add(letter, words[++index]!);
          break;
        }
      }
      continue;
    }
    if (firstOperand === words.length) firstOperand = index;
    if (spec.permute !== true) {
      operands.push(...words.slice(index));
      break;
    }
    operands.push(word);
  }
  return { short, long, values, operands, firstOperand };
}

// getopt_long: an exact name, or the one long option the text abbreviates.
function resolveLong(given: string, known: OptionSpec['long']): string {
  if (known === undefined || given in known) return given;
  const candidates = Object.keys(known).filter((name) => name.startsWith(given));
  return candidates.length === 1 ? candidates[0]! : given;
}
