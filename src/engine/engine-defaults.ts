// The engine options' defaults, in one place: the zod schema (engine-options.ts) fills them in for
// the library, and withDefaults() for options hookpool's own code builds (the CLI), without zod.
import type { ResolvedEngineOptions } from './engine-options.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from './payload-limit.js';

export const POOL_DEFAULTS = {
  threads: 2,
  maxConcurrentHooks: 64,
  backgroundConcurrency: 8,
  backgroundQueueSize: 1000,
  niceness: 10,
  spareProcesses: 4,
  killGraceMs: 100,
  pipeGraceMs: 100,
} as const;

export const ENGINE_DEFAULTS = {
  closeTimeout: 5000,
  host: 'process',
  maxPayloadBytes: DEFAULT_MAX_PAYLOAD_BYTES,
  maxStopBlocks: 8,
  telemetry: { contents: false },
} as const;

/** Options of hookpool's own making (nothing in them unchecked from a user), completed with the defaults. */
export type OwnEngineOptions = Omit<Partial<ResolvedEngineOptions>, 'pool'> & { readonly cwd: string; readonly pool?: Partial<ResolvedEngineOptions['pool']> };

export function withDefaults(options: OwnEngineOptions): ResolvedEngineOptions {
  return {
    hooks: [],
    passEnv: [],
    evaluators: {},
    brokenFiles: [],
    brokenHooks: [],
    ...ENGINE_DEFAULTS,
    ...options,
    // The global Web Crypto: node:crypto is not loaded unless a session id is missing.
    sessionId: options.sessionId ?? globalThis.crypto.randomUUID(),
    pool: { ...POOL_DEFAULTS, ...options.pool },
  };
}
