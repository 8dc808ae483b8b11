// Hook entries that call hookpool itself: the lines an agent's settings file gets from
// `hookpool init --agent claude`. Run through hookpool, they would start hookpool inside hookpool
// and run every hook twice, so the CLI recognises and skips them.
import { basename } from 'node:path';
import { parse } from 'shell-quote';

/** Programs that are hookpool: the CLI and the resident server's client. */
const HOOKPOOL_PROGRAMS: ReadonlySet<string> = new Set(['hookpool', 'hookpool-client']);
const SCRIPT_SUFFIX = /\.(?:c?js|mjs|sh)$/;
// The unbundled CLI started through node from a checkout or an install: `node .../dist/src/cli/main.js run`
// (the bundled executables, hookpool.cjs and hookpool-client.cjs, are recognised by their names).
const CLI_ENTRY = /(?:^|\/)dist\/src\/cli\/main\.js$/;

/** True when the hook's command runs `hookpool run`, `npx hookpool run` or `hookpool-client`. */
export function callsHookpool(hook: { readonly command?: string | undefined; readonly args?: readonly string[] | undefined }): boolean {
  const words = hook.args ?? parse(hook.command ?? '', (name) => `$${name}`).filter((entry): entry is string => typeof entry === 'string');
  return words.some((word, index) => {
    const program = basename(word).replace(SCRIPT_SUFFIX, '');
    if (program === 'hookpool-client') return true;
    const runsVerb = words[index + 1] === 'run';
    return runsVerb && (HOOKPOOL_PROGRAMS.has(program) || CLI_ENTRY.test(word));
  });
}
