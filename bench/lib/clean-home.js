// Every contender runs in a clean shell environment: a fresh, empty HOME and no BASH_ENV or ENV.
// Otherwise a peer's shell reads the user's startup files: bash started with its stdin on a
// socket (node's stdio pipes are socketpairs) takes itself for an rsh session and sources
// ~/.bashrc, which once made the Gemini contender cost 24 ms per hook instead of 5.6 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What RESULTS.md says about it. */
export const CLEAN_HOME_TEXT = 'Every contender runs with a fresh, empty HOME and without BASH_ENV or ENV, so no shell reads the user\'s startup files (~/.bashrc).';

const SHELL_STARTUP_VARIABLES = ['BASH_ENV', 'ENV'];

/** Points this process (and so every contender it starts) at an empty HOME; returns the undo. */
export function useCleanHome() {
  const home = mkdtempSync(join(tmpdir(), 'hookpool-bench-home-'));
  const saved = Object.fromEntries(['HOME', ...SHELL_STARTUP_VARIABLES].map((name) => [name, process.env[name]]));
  process.env.HOME = home;
  for (const name of SHELL_STARTUP_VARIABLES) delete process.env[name];
  return () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(home, { recursive: true, force: true });
  };
}
