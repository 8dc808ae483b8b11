// Why every hook is off, when it is: the user's global switch or a Claude Code settings file.
import type { CliConfig } from './load-project.js';

/** The reason, or null when hooks are not all off. */
export function describeAllHooksOff(config: Pick<CliConfig, 'loaded' | 'allHooksOffByUser'>): string | null {
  if (config.allHooksOffByUser) return 'hookpool disable --all turned every hook off (hookpool enable --all turns them back on)';
  if (config.loaded.disableAllHooks) return 'a Claude Code settings file sets "disableAllHooks": true';
  return null;
}
