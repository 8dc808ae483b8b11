// The fork-bomb rule's test: a shell function that runs itself in a pipe or in the background and
// is called (`:(){ :|:& };:`, whatever its name), or a fork loop in inline perl, python or ruby.
import { INTERPRETERS } from './code-runners.js';
import { firstBreaking, type CommandIntent } from './command-intent.js';

const FORK_LOOP = /\bfork\s*(?:\(\s*\))?\s*while\s*fork\b|\bwhile\s*\(?\s*(?:1|true|True)\s*\)?\s*[:{;]?\s*(?:do\s+)?[^\n]{0,40}\bfork\b|\bloop\s*(?:do|\{)\s*fork\b/;

/** A function that calls itself in a pipe or in the background, and is called (`:(){ :|:& };:`); or an interpreter's fork loop. */
export const forkBomb: CommandIntent = (scan) => {
  for (const [name, body] of scan.functions) {
    if (!body.some((command) => command.program === name && (command.piped || command.background))) continue;
    const call = scan.commands.find((command) => command.program === name && command.inFunction !== name);
    if (call !== undefined) return `function ${name} calls itself in a pipe or in the background, and \`${call.text}\` starts it`;
  }
  return firstBreaking(scan, (command) => INTERPRETERS.test(command.program) && command.args.some((word) => FORK_LOOP.test(word.value)));
};
