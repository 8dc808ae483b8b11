// When a resident server stops on its own: after `idleMs` without a request, when the process
// that started it (its agent) is gone, or on a termination signal. Each calls `stop` once.
import { isRunning } from '../project/server/process-state.js';

/** The default --idle-timeout: 30 minutes. */
export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
// How often the parent pid is checked: a dead agent's server goes within about this long.
const PARENT_POLL_MS = 500;
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

export interface Lifetime {
  /** A request started (true) or ended (false); the idle clock runs while none is in flight. */
  activity(busy: boolean): void;
  /** Clears the timers and signal handlers. */
  dispose(): void;
}

export interface LifetimeOptions {
  readonly idleMs: number;
  /** A process whose death stops the server (`--parent-pid`). */
  readonly parentPid?: number | undefined;
  readonly stop: (reason: string) => void;
}

/** Arms the idle timer, the parent watch and the signal handlers; each calls `stop` with its reason. */
export function createLifetime(options: LifetimeOptions): Lifetime {
  let inFlight = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let disposed = false;
  const armIdle = () => {
    clearTimeout(idleTimer);
    // A request that settles while the server stops must not keep the stopped process alive.
    if (disposed) return;
    idleTimer = setTimeout(() => options.stop(`idle for ${options.idleMs} ms`), options.idleMs);
  };
  armIdle();
  const parentTimer = options.parentPid === undefined ? undefined : setInterval(() => {
    if (!isRunning(options.parentPid as number)) options.stop(`parent process ${options.parentPid} is gone`);
  }, PARENT_POLL_MS);
  const onSignal = (signal: NodeJS.Signals) => options.stop(signal);
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  return {
    activity(busy) {
      inFlight += busy ? 1 : -1;
      if (inFlight > 0) clearTimeout(idleTimer);
      else armIdle();
    },
    dispose() {
      disposed = true;
      clearTimeout(idleTimer);
      clearInterval(parentTimer);
      for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
    },
  };
}
