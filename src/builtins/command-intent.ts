// What a command rule of the security table (security-rules.ts) tests: not a spelling but an
// intent, read off the commands a Bash call runs (shell-script.ts). `rm` with a recursive flag
// however written, aimed at a folder whose loss is a disaster however the path is spelt; a
// downloader feeding a shell; a mode that gives others write access. Each test returns what
// breaks the rule (the command as written), for the deny reason; each family of tests has its
// own file (*-intent.ts, *-intents.ts).
import type { PathContext } from './security-paths.js';
import type { ShellCommand, ShellScan } from './shell-scan.js';

/** A command rule's test: what in the call breaks it (commands as written), or null. */
export type CommandIntent = (scan: ShellScan, context: PathContext) => string | null;

/** The first command of the call that `breaks` the rule, quoted as written; null when none does. */
export function firstBreaking(scan: ShellScan, breaks: (command: ShellCommand) => boolean): string | null {
  const command = scan.commands.find(breaks);
  return command === undefined ? null : `\`${command.text}\``;
}
