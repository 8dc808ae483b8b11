// unbash, the Bash parser the security built-ins read commands with, imported on first use: only
// a guard that inspects a Bash command needs it, and its first import costs a worker a few tens of
// milliseconds. unbash is an ES module only, so the import is asynchronous (Node 20 before 20.19
// cannot require() one); a guard awaits it once per worker, then parses synchronously.
import type { ParsedScript, SyntaxNode } from 'unbash';

/** The two functions of unbash the built-ins use. */
export interface ShellParser {
  /** Never throws: a malformed command gives a partial tree and `errors`. */
  readonly parse: (source: string) => ParsedScript;
  /** Calls back once per direct child of a node (word parts and substitution scripts included). */
  readonly forEachChild: (node: SyntaxNode, callback: (child: SyntaxNode) => void) => void;
}

let parser: ShellParser | undefined;
let loading: Promise<ShellParser> | undefined;

/** The parser, imported on the first call; a failed import is tried anew by the next call. */
export function loadShellParser(): Promise<ShellParser> {
  if (parser !== undefined) return Promise.resolve(parser);
  loading ??= import('unbash').then(
    (unbash) => (parser = { parse: unbash.parse, forEachChild: unbash.forEachChild }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
