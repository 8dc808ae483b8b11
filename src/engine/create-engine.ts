// The library's entry to the engine: createHookEngine checks its options and hooks with zod,
// then builds the engine (engine.ts) with the agent's logger and every pool host.
import { brokenHookDefinitions } from '../config/broken-hooks.js';
import { parseNativeHooks } from '../config/parse-native.js';
import { Engine } from './engine.js';
import { createEngineLogger } from './engine-logger.js';
import { parseEngineOptions, type HookEngineOptions } from './engine-options.js';
import type { HookEngine } from './hook-engine.js';
import { parseRegisteredHook } from './parse-registered-hook.js';
import { startPoolHost } from './pool-hosts.js';
import { wundrConfigToNative } from './wundr-registration.js';

export type { HookEngine, RegisteredHook, WundrHookEntry, WundrHooksConfig } from './hook-engine.js';

/**
 * Creates a hook engine. Throws ERR_HOOKPOOL_INVALID_CONFIG / ERR_HOOKPOOL_INVALID_OPTIONS on bad input.
 * @example
 * const engine = createHookEngine({ hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: './check.sh' }] });
 * const result = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
 */
export function createHookEngine(options: HookEngineOptions = {}): HookEngine {
  const resolved = parseEngineOptions(options);
  return new Engine({
    options: resolved,
    hooks: [...parseNativeHooks(resolved.hooks), ...brokenHookDefinitions(resolved.brokenHooks, resolved.brokenFiles)],
    logger: createEngineLogger(resolved.logger),
    startHost: startPoolHost,
    parseHook: parseRegisteredHook,
    parseWundrConfig: wundrConfigToNative,
  });
}
