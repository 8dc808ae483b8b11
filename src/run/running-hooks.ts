// The hooks a host in this process is running, by registry slot and run id: what the thread host
// and the direct host share. A hook claims a slot before it starts; abortAll() escalates SIGTERM
// to SIGKILL on every started group and sweeps what left them; and when the process exits, or
// dies of a signal it has no handler for, signal-exit kills whatever still runs on the way out.
import { setTimeout as sleep } from 'node:timers/promises';
import { onExit } from 'signal-exit';
import { GroupRegistry } from './group-registry.js';
import { killEscapees, type HookRun } from './kill-escapees.js';
import { failedOutcome, type HookOutcome } from '../model/hook-outcome.js';
import { signalGroup, terminateGroupsSync } from './process-group.js';

// On exit: SIGTERM, then SIGKILL after this long (the process waits, blocked, that long at most).
const EXIT_KILL_GRACE_MS = 100;

/** A claimed slot: the task runs with it, and release() gives it back whatever happened. */
export interface RunSlot {
  readonly slot: number;
  readonly runId: string;
  release(): void;
}

export class RunningHooks {
  readonly registry: GroupRegistry;
  // Running slots and their run ids, unique to this host (`<host>.<n>`).
  private readonly running = new Map<number, string>();
  // pid and 52 random bits: unique among the hosts alive on this machine, without node:crypto's ~3 ms load.
  private readonly hostId = `${process.pid.toString(36)}-${Math.random().toString(36).slice(2)}`;
  private runs = 0;
  private readonly removeExitHook: () => void;

  constructor(maxConcurrentHooks: number) {
    this.registry = new GroupRegistry(maxConcurrentHooks);
    // Synchronous: on exit the event loop is gone. Nothing to do (the normal path) costs one size check.
    this.removeExitHook = onExit(() => {
      if (this.running.size === 0) return;
      const runsLeft = this.cancelRunning();
      terminateGroupsSync(runsLeft.map((run) => run.leaderPid).filter((pgid) => pgid > 0), EXIT_KILL_GRACE_MS);
      killEscapees(runsLeft);
    });
  }

  /** A slot for the hook, or the outcome of a hook that found none free. */
  claim(hookId: string): RunSlot | HookOutcome {
    const slot = this.registry.claim();
    if (slot < 0) return failedOutcome(hookId, 'aborted', 'no free slot: too many hooks running');
    const runId = `${this.hostId}.${++this.runs}`;
    this.running.set(slot, runId);
    return {
      slot,
      runId,
      release: () => {
        this.running.delete(slot);
        this.registry.release(slot);
      },
    };
  }

  /** Kills every running hook's group (SIGTERM, grace, SIGKILL) and sweeps what left it. */
  async abortAll(graceMs: number): Promise<void> {
    const started = this.cancelRunning().filter((run) => run.leaderPid > 0);
    for (const run of started) signalGroup(run.leaderPid, 'SIGTERM');
    if (started.length === 0) return;
    await sleep(graceMs);
    for (const run of started) signalGroup(run.leaderPid, 'SIGKILL');
    // Here too, not only when each run settles: the sandbox exits right after an abort.
    killEscapees(started);
  }

  /** Stops watching for the process's exit; call once the host is closed. */
  dispose(): void {
    this.removeExitHook();
  }

  /** The running hooks, each marked cancelled so that a worker about to spawn one kills it instead. */
  private cancelRunning(): HookRun[] {
    return [...this.running].map(([slot, runId]) => ({ leaderPid: this.registry.cancel(slot), runId }));
  }
}

/** True for the outcome claim() returns when no slot was free. */
export function isRunSlot(claimed: RunSlot | HookOutcome): claimed is RunSlot {
  return 'release' in claimed;
}
