// OpenClaw runs its Claude-style hooks only when the agent's environment has
// OPENCLAW_CLAUDE_HOOKS exactly "1" (config.ts isClaudeHooksEnabled); hookpool follows the same switch.
import type { BrokenHookEntry } from '../model/hook-definition.js';
import type { NativeHookInput } from './native-schema.js';

/** The variable and the one value that turn OpenClaw's hooks on. */
export const OPENCLAW_FLAG = { name: 'OPENCLAW_CLAUDE_HOOKS', on: '1' } as const;

/** What the configuration files gave: the hooks that loaded and the entries that could not. */
export interface LoadedEntries {
  readonly hooks: readonly NativeHookInput[];
  readonly brokenHooks: readonly BrokenHookEntry[];
}

/**
 * What may take effect: OpenClaw's hooks, and its entries that could not load (which would refuse
 * guard events), only when the flag is on. Each file whose OpenClaw hooks are left out gets one
 * problem line, so `validate` and `list` say why they do not run.
 */
export function applyOpenclawFlag(entries: LoadedEntries, env: NodeJS.ProcessEnv, problems: string[]): { hooks: NativeHookInput[]; brokenHooks: BrokenHookEntry[] } {
  if (env[OPENCLAW_FLAG.name] === OPENCLAW_FLAG.on) return { hooks: [...entries.hooks], brokenHooks: [...entries.brokenHooks] };
  const leftOut = new Map<string, number>();
  const hooks = entries.hooks.filter((hook) => {
    if (hook.source?.format !== 'openclaw') return true;
    leftOut.set(hook.source.file, (leftOut.get(hook.source.file) ?? 0) + 1);
    return false;
  });
  for (const [file, count] of leftOut) {
    problems.push(`${file}: hooks.claude: ${count} OpenClaw hook(s) not loaded: ${OPENCLAW_FLAG.name} is not "${OPENCLAW_FLAG.on}" in the agent's environment (OpenClaw runs them only then)`);
  }
  return { hooks, brokenHooks: entries.brokenHooks.filter((entry) => entry.source.format !== 'openclaw') };
}
