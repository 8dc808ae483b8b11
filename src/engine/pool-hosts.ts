// Where an engine's hooks run: the pool host its `host` option names.
import { createDirectHost } from '../run/direct-host.js';
import type { PoolHost } from '../run/pool-host.js';
import { createProcessHost } from '../run/process-host.js';
import { createThreadHost } from '../run/thread-host.js';
import type { HostContext } from './engine-parts.js';
import type { ResolvedEngineOptions } from './engine-options.js';

const HOSTS = { process: createProcessHost, thread: createThreadHost, direct: createDirectHost } as const;

/** Starts the pool host the options name. */
export function startPoolHost(options: ResolvedEngineOptions, host: HostContext): PoolHost {
  const { maxConcurrentHooks, threads, spareProcesses } = options.pool;
  return HOSTS[options.host]({ maxConcurrentHooks, threads, spareProcesses, ...host });
}
