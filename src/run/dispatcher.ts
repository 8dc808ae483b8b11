// Decides when each hook run starts: a cap on hooks running at once, foreground fires ahead of
// background ones, and a bounded background queue that drops its oldest entry when full.
import { failedOutcome, type HookOutcome } from '../model/hook-outcome.js';

/** What the dispatcher needs of a task: whose it is. */
export interface DispatchedTask {
  readonly hookId: string;
}

export interface DispatcherOptions {
  maxConcurrentHooks: number;
  backgroundConcurrency: number;
  backgroundQueueSize: number;
  /** A background hook was dropped because the queue was full; `firstOfBurst` once per burst. */
  onDrop: (task: DispatchedTask, firstOfBurst: boolean) => void;
}

interface Job<Task> {
  task: Task;
  settle: (outcome: HookOutcome) => void;
}

export class Dispatcher<Task extends DispatchedTask> {
  private running = 0;
  private backgroundRunning = 0;
  private readonly foreground: Job<Task>[] = [];
  private readonly background: Job<Task>[] = [];
  private readonly idleWaiters: (() => void)[] = [];
  private burstDropping = false;
  private holds = 0;
  private closedReason: string | undefined;
  dropped = 0;

  constructor(
    /** Runs one task to its outcome; never rejects. */
    private readonly runTask: (task: Task) => Promise<HookOutcome>,
    private readonly options: DispatcherOptions,
  ) {}

  /** Runs a hook the fire waits for. */
  runForeground(task: Task): Promise<HookOutcome> {
    if (this.closedReason !== undefined) return Promise.resolve(failedOutcome(task.hookId, 'aborted', this.closedReason));
    return new Promise((settle) => {
      this.foreground.push({ task, settle });
      this.pump();
    });
  }

  /** Queues a hook the fire does not wait for; `settle` gets its outcome (aborted when dropped). */
  runBackground(task: Task, settle: (outcome: HookOutcome) => void): void {
    if (this.closedReason !== undefined) {
      settle(failedOutcome(task.hookId, 'aborted', this.closedReason));
      return;
    }
    if (this.background.length >= this.options.backgroundQueueSize) {
      const oldest = this.background.shift()!;
      this.dropped++;
      this.options.onDrop(oldest.task, !this.burstDropping);
      this.burstDropping = true;
      oldest.settle(failedOutcome(oldest.task.hookId, 'aborted', 'dropped: the background queue was full'));
    }
    this.background.push({ task, settle });
    this.pump();
  }

  get pending(): number {
    return this.running + this.holds + this.foreground.length + this.background.length;
  }

  /**
   * Counts work of several steps (a sequential chain) as pending between its steps, so that
   * whenIdle does not resolve in the gap and close() waits for the steps still to come.
   * Returns the release.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      this.notifyIfIdle();
    };
  }

  /** Resolves when nothing is running or queued, or after `timeoutMs`; true when idle. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.pending === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idleWaiters.splice(this.idleWaiters.indexOf(onIdle), 1);
        resolve(false);
      }, timeoutMs);
      const onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.idleWaiters.push(onIdle);
    });
  }

  /** Settles every queued hook as aborted without running it, and every hook submitted from now on. */
  close(reason: string): void {
    this.closedReason = reason;
    for (const job of [...this.foreground.splice(0), ...this.background.splice(0)]) {
      job.settle(failedOutcome(job.task.hookId, 'aborted', reason));
    }
    this.notifyIfIdle();
  }

  private pump(): void {
    while (this.running < this.options.maxConcurrentHooks) {
      if (this.foreground.length > 0) {
        this.start(this.foreground.shift()!, false);
      } else if (this.background.length > 0 && this.backgroundRunning < this.options.backgroundConcurrency) {
        this.start(this.background.shift()!, true);
      } else {
        break;
      }
    }
    if (this.background.length === 0) this.burstDropping = false;
  }

  private start(job: Job<Task>, background: boolean): void {
    this.running++;
    if (background) this.backgroundRunning++;
    void this.runTask(job.task)
      .then((outcome) => {
        this.running--;
        if (background) this.backgroundRunning--;
        job.settle(outcome);
        this.pump();
        this.notifyIfIdle();
      });
  }

  private notifyIfIdle(): void {
    if (this.pending !== 0) return;
    for (const waiter of this.idleWaiters.splice(0)) waiter();
  }
}
