// picomatch and shell-quote, required on first use: only hooks with glob filters or `if` rules
// need them, and requiring each costs a short `hookpool run` 2-5 ms (the run engine's bundle
// would otherwise compile them on every run, scripts/bundle-cli.js).
import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';
import type * as ShellQuote from 'shell-quote';

const require = createRequire(import.meta.url);

/** picomatch's default export. */
export function picomatch(...args: Parameters<typeof Picomatch>): ReturnType<typeof Picomatch> {
  return (require('picomatch') as typeof Picomatch)(...args);
}

/** shell-quote's parse, with a variable's value (or a placeholder object) from `env`. */
export function parseShellWords(command: string, env: (name: string) => string | object | undefined): ShellQuote.ParseEntry[] {
  return (require('shell-quote') as typeof ShellQuote).parse(command, env);
}
