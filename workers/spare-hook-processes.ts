// Hook processes started ahead of time: a foreground hook fired often gets a spare (workers/spare-hand-over.ts),
// a `/bin/sh` already running in the hook's own process group, cwd and fixed environment, so
// that its next fire only writes the fire's variables and stdin to it instead of spawning. A
// hook gets a spare once it fired twice within REPEAT_WINDOW_MS, its next one after each use;
// spares are bounded in number, retire after IDLE_RETIRE_MS unused, and are killed by close().
// Background hooks get none: a spare saves a fire's wait, not CPU (its shell reads the hand-over
// line a byte at a time), and nobody waits on a background hook; their throughput is CPU-bound.
// They carry the sandbox's marker like every hook process, so a dead sandbox's spares are found.
import { spawn, type ChildProcess } from 'node:child_process';
import type { SpawnTask } from '../src/model/hook-outcome.js';
import { isDeadState, lastCreatedPid, readProcStat } from '../src/run/proc-stat.js';
import { signalGroup } from '../src/run/process-group.js';
import { lowerPriority } from './hook-priority.js';
import { HAND_OVER_FD, handOverLine, SPARE_ARGV, SPARE_SHELL } from './spare-hand-over.js';

type Env = Readonly<Record<string, string>>;

/** A hook that fires again within this window after a fire gets a spare. */
export const REPEAT_WINDOW_MS = 30_000;
/** A spare not used for this long is stopped. */
export const IDLE_RETIRE_MS = 60_000;

interface Spare {
  child: ChildProcess;
  /** The base environment it was started with (the same object the task's run would use). */
  baseEnv: Env | undefined;
  retire: NodeJS.Timeout;
}

/** A spare released to run a hook. */
export interface HandedOver {
  child: ChildProcess;
  /** The last pid created before the hand-over, when known. */
  createdAfter: number | undefined;
}

/** One run, as a spare sees it. */
export interface SpareRun {
  task: SpawnTask;
  /** What to run: the task's argv, or what a sandboxed hook's became right before its start. */
  argv: readonly string[];
  /** The hook's fixed environment (with the sandbox's marker): what a spare for it is started with. */
  baseEnv: Env | undefined;
  /** The fire's variables and run id, handed over. */
  overlay: Env;
}

export class SpareHookProcesses {
  private readonly spares = new Map<string, Spare>();
  /** When each hook last fired, by spare key; bounded, oldest forgotten first. */
  private readonly lastFired = new Map<string, number>();
  /** The fire before that, for the hooks that fired twice. */
  private readonly previousFire = new Map<string, number>();
  private closed = false;

  constructor(private readonly maxSpares: number) {}

  /** How many spares wait now. */
  get size(): number {
    return this.spares.size;
  }

  /** The pids of the waiting spares (for tests and `ps`). */
  get pids(): number[] {
    return [...this.spares.values()].map((spare) => spare.child.pid!);
  }

  /**
   * The hook's spare, already running `run.task` with its fire's variables (stdin is the
   * caller's to write), and the last pid created before its hand-over (what the hook starts
   * comes after it); undefined when none waits or it cannot run this task as a spawn would: the
   * caller spawns then.
   */
  take(run: SpareRun): HandedOver | undefined {
    if (this.maxSpares === 0 || run.task.background) return undefined;
    const key = keyOf(run.task);
    this.noteFire(key);
    const spare = this.spares.get(key);
    if (spare === undefined) return undefined;
    const line = handOverLine(run.task.file, run.argv, run.overlay);
    // A run no spare can take spawns; the spare waits for the next one.
    if (line === undefined) return undefined;
    this.forget(key, spare);
    if (spare.baseEnv !== run.baseEnv || !isWaiting(spare.child)) {
      stop(spare.child);
      return undefined;
    }
    const createdAfter = lastCreatedPid();
    const control = spare.child.stdio[HAND_OVER_FD] as NodeJS.WritableStream;
    control.end(line);
    return { child: spare.child, createdAfter };
  }

  /** After a run: starts the hook's next spare when it fires often and none waits. */
  refill(run: SpareRun): void {
    if (this.closed || this.maxSpares === 0 || run.task.background) return;
    const key = keyOf(run.task);
    const last = this.lastFired.get(key);
    const previous = this.previousFire.get(key);
    if (this.spares.has(key) || this.spares.size >= this.maxSpares) return;
    if (last === undefined || previous === undefined || last - previous > REPEAT_WINDOW_MS) return;
    // After the outcome is on its way: a spawn blocks this thread for a moment.
    setImmediate(() => {
      if (!this.closed && !this.spares.has(key) && this.spares.size < this.maxSpares) this.start(key, run);
    });
  }

  /** Stops every spare (SIGKILL to its group: it runs nothing of a hook yet); none starts after. */
  close(): void {
    this.closed = true;
    for (const [key, spare] of this.spares) {
      this.forget(key, spare);
      stop(spare.child);
    }
  }

  private noteFire(key: string): void {
    const last = this.lastFired.get(key);
    if (last !== undefined) this.previousFire.set(key, last);
    this.lastFired.delete(key); // re-inserted last: the map's order is the order of last fires
    this.lastFired.set(key, Date.now());
    if (this.lastFired.size > MAX_REMEMBERED_HOOKS) {
      const oldest = this.lastFired.keys().next().value!;
      this.lastFired.delete(oldest);
      this.previousFire.delete(oldest);
    }
  }

  private start(key: string, run: SpareRun): void {
    const { task, baseEnv } = run;
    let child: ChildProcess;
    try {
      child = spawn(SPARE_SHELL, SPARE_ARGV, { cwd: task.cwd, env: baseEnv ?? {}, detached: true, stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
    } catch {
      return; // the next fire spawns, and reports what is wrong
    }
    child.on('error', () => {}); // no pid (the next fire's spawn says why), or a failed kill
    if (child.pid === undefined) return;
    for (const stream of child.stdio) stream?.on('error', () => {});
    if (task.niceness !== undefined) lowerPriority(child.pid, task.niceness);
    const spare: Spare = {
      child,
      baseEnv,
      retire: setTimeout(() => {
        this.forget(key, spare);
        stop(child);
      }, IDLE_RETIRE_MS).unref(),
    };
    // Killed from outside, or its cwd vanished: the next fire spawns.
    child.once('exit', () => this.forget(key, spare));
    this.spares.set(key, spare);
  }

  private forget(key: string, spare: Spare): void {
    clearTimeout(spare.retire);
    if (this.spares.get(key) === spare) this.spares.delete(key);
  }
}

// Far more hooks than any configuration has; only bounds the memory of which fired when.
const MAX_REMEMBERED_HOOKS = 1024;

// Spares are interchangeable only for the same fixed environment, cwd and priority.
function keyOf(task: SpawnTask): string {
  return `${task.envKey}\0${task.cwd}\0${task.niceness ?? 0}`;
}

// A spare whose exit event has not come yet may have died a moment ago (killed, OOM): the
// kernel's word costs ~20 µs and keeps a fire from settling as the spare's death.
function isWaiting(child: ChildProcess): boolean {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return false;
  const stat = readProcStat(child.pid);
  return stat === undefined ? process.platform !== 'linux' : !isDeadState(stat.state);
}

function stop(child: ChildProcess): void {
  if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
  for (const stream of child.stdio) stream?.destroy();
}
