// What an engine is built from, each part already checked: the library's entry (create-engine.ts)
// hands over zod-checked hooks and every pool host; the CLI its cached definitions and a direct host.
import type { NativeHookInput } from '../config/native-schema.js';
import type { HookDefinition } from '../model/hook-definition.js';
import type { PoolHost, PoolHostOptions } from '../run/pool-host.js';
import type { EngineLogger } from './engine-logger.js';
import type { ResolvedEngineOptions } from './engine-options.js';
import type { ParseRegisteredHook } from './hook-registry.js';

/** What the host starter is given beside the options: each hook's environment, and where warnings go. */
export type HostContext = Omit<PoolHostOptions, 'maxConcurrentHooks' | 'threads' | 'spareProcesses'>;

/** An engine's parts, each already checked. */
export interface EngineParts {
  readonly options: ResolvedEngineOptions;
  readonly hooks: readonly HookDefinition[];
  readonly logger: EngineLogger;
  /** Starts the pool host, on the first hook that needs one. */
  readonly startHost: (options: ResolvedEngineOptions, context: HostContext) => PoolHost;
  /** Checks what register() is given; without it register() is not available (the CLI never registers). */
  readonly parseHook?: ParseRegisteredHook;
  /** Reads Wundr's hooks config for loadFromConfig() (wundr-registration.ts); absent where parseHook is. */
  readonly parseWundrConfig?: (config: unknown) => NativeHookInput[];
}
