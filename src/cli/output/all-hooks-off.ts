// Why every hook is off, when it is: the user's global switch or a Claude Code settings file.
import type { LoadedHooksConfig } from '../../config/loaded-config.js';

/** The reason, or null when hooks are not all off. */
export function describeAllHooksOff(loaded: Pick<LoadedHooksConfig, 'disableAllHooks' | 'allHooksOffByUser'>): string | null {
  if (loaded.allHooksOffByUser === true) return 'hookpool disable --all turned every hook off (hookpool enable --all turns them back on)';
  if (loaded.disableAllHooks) return 'a Claude Code settings file sets "disableAllHooks": true';
  return null;
}
