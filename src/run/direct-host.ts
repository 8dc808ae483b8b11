// No pool at all: each hook is spawned from the calling thread by the very module the workers
// run (workers/run-hook-process.ts), with the same timeouts, caps and process-group kills. For a
// one-shot command (`hookpool run`), which would otherwise boot a worker thread to run one or two
// hooks; an agent's engine keeps its main thread free with the thread or process host. Hooks
// still running when the process exits or dies of a signal are killed on the way out.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { onExit } from 'signal-exit';
import { runHookProcess } from '../../workers/run-hook-process.js';
import { GroupRegistry } from './group-registry.js';
import { killEscapees, RUN_ID_VARIABLE, type HookRun } from './kill-escapees.js';
import { failedOutcome, type HookOutcome } from './outcome.js';
import type { HookTask, PoolHost, PoolHostOptions } from './pool-host.js';
import { signalGroup, terminateGroupsSync } from './process-group.js';

// On exit: SIGTERM, then SIGKILL after this long (the process waits, blocked, that long at most).
const EXIT_KILL_GRACE_MS = 100;

export function createDirectHost(options: PoolHostOptions): PoolHost {
  const registry = new GroupRegistry(options.maxConcurrentHooks);
  const running = new Map<number, string>();
  const inFlight = new Set<Promise<HookOutcome>>();
  const hostId = randomUUID();
  let runs = 0;

  const cancelRunning = (): HookRun[] => [...running].map(([slot, runId]) => ({ leaderPid: registry.cancel(slot), runId }));

  const removeExitHook = onExit(() => {
    if (running.size === 0) return;
    const runsLeft = cancelRunning();
    terminateGroupsSync(runsLeft.map((run) => run.leaderPid).filter((pgid) => pgid > 0), EXIT_KILL_GRACE_MS);
    killEscapees(runsLeft);
  });

  async function runOne(task: HookTask): Promise<HookOutcome> {
    const slot = registry.claim();
    if (slot < 0) return failedOutcome(task.hookId, 'aborted', 'no free slot: too many hooks running');
    const runId = `${hostId}.${++runs}`;
    running.set(slot, runId);
    try {
      const env = { ...options.baseEnvByHook[task.envKey], ...task.env, [RUN_ID_VARIABLE]: runId };
      return await runHookProcess({ ...task, env, slot, runId }, registry);
    } catch (error) {
      return failedOutcome(task.hookId, 'crashed', `hook runner error: ${(error as Error).message}`);
    } finally {
      running.delete(slot);
      registry.release(slot);
    }
  }

  return {
    run(task: HookTask): Promise<HookOutcome> {
      const outcome = runOne(task);
      inFlight.add(outcome);
      void outcome.finally(() => inFlight.delete(outcome));
      return outcome;
    },
    async abortAll(graceMs: number): Promise<void> {
      const started = cancelRunning().filter((run) => run.leaderPid > 0);
      for (const run of started) signalGroup(run.leaderPid, 'SIGTERM');
      if (started.length === 0) return;
      await sleep(graceMs);
      for (const run of started) signalGroup(run.leaderPid, 'SIGKILL');
      killEscapees(started);
    },
    // The engine closes once its fires settled (or were aborted); a run still going is awaited.
    async close(): Promise<void> {
      await Promise.all(inFlight);
      removeExitHook();
    },
  };
}
