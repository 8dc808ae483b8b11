// Hooks the fire does not wait for (`async`, `background`, `asyncRewake`): started beside the
// fire, and once settled, their answer is delivered to the observers and their CLAUDE_ENV_FILE
// read and released. close() waits for that last step too, so nothing is left behind.
import type { EngineLogger } from './engine-logger.js';
import type { EventSpec } from '../events/event-specs.js';
import type { PlannedHook } from '../plan/planner.js';
import type { Dispatcher } from '../run/dispatcher.js';
import { failedOutcome, type HookOutcome } from '../model/hook-outcome.js';
import { readBackgroundAnswer } from './background-answer.js';
import { isAudited } from '../aggregate/audit-mode.js';
import type { ResolvedEngineOptions } from './engine-options.js';
import type { EngineTask } from './hook-task.js';
import { MAX_ENV_FILE_BYTES, type EnvFiles } from './env-files.js';
import { notify, type RunObservers } from './observers.js';

type Observers = Pick<ResolvedEngineOptions, 'onAsyncAnswer' | 'onRewake' | 'pool'>;

export class BackgroundHooks {
  private readonly finishing = new Set<Promise<void>>();

  constructor(
    private readonly dispatcher: Dispatcher<EngineTask>,
    private readonly observers: Observers,
    private readonly logger: EngineLogger,
  ) {}

  /** Starts one background hook, reported to `run` as it starts and settles; `settled` is the engine's bookkeeping of every outcome. */
  start(spec: EventSpec, planned: PlannedHook, task: EngineTask | string, envFiles: EnvFiles<PlannedHook> | undefined, settled: (outcome: HookOutcome) => HookOutcome, run: RunObservers): void {
    envFiles?.hold();
    const { hook } = planned;
    const finish = (outcome: HookOutcome) => this.track(this.finish(spec, planned, settled(outcome), envFiles, run));
    if (typeof task === 'string') return finish(failedOutcome(hook.id, 'spawn_failed', task));
    run.hookStarted({ event: spec.name, hookId: hook.id, background: true, statusMessage: hook.statusMessage ?? null });
    this.dispatcher.runBackground(this.asBackground(task), finish);
  }

  // A hook process the fire does not wait for is marked so (no spare process: a spawn costs less
  // CPU than a spare's hand-over, and throughput is what counts there), and runs below the
  // agent's priority (pool.niceness).
  private asBackground(task: EngineTask): EngineTask {
    if (task.kind !== undefined && task.kind !== 'spawn') return task;
    const { niceness } = this.observers.pool;
    return Object.assign({}, task, niceness === 0 ? { background: true } : { background: true, niceness });
  }

  /** The text these hooks wrote to their env files (in this order), null when none; then releases the files. */
  async readEnvFiles(spec: EventSpec, files: EnvFiles<PlannedHook>, hooks: readonly PlannedHook[]): Promise<string | null> {
    try {
      const { text, cut } = await files.read(hooks);
      for (const path of cut) this.logger.warn({ event: spec.name }, `${path} (CLAUDE_ENV_FILE) holds more than ${MAX_ENV_FILE_BYTES} bytes: only the first are returned`);
      return text;
    } catch (error) {
      this.logger.warn({ event: spec.name }, `cannot read CLAUDE_ENV_FILE: ${(error as Error).message}`);
      return null;
    } finally {
      await files.release();
    }
  }

  /** Resolves when every settled background hook has been delivered and its files removed. */
  async cleanedUp(): Promise<void> {
    while (this.finishing.size > 0) await Promise.all([...this.finishing]);
  }

  private track(finishing: Promise<void>): void {
    this.finishing.add(finishing);
    void finishing.finally(() => this.finishing.delete(finishing));
  }

  private async finish(spec: EventSpec, planned: PlannedHook, outcome: HookOutcome, envFiles: EnvFiles<PlannedHook> | undefined, run: RunObservers): Promise<void> {
    const { hook } = planned;
    try {
      // A background hook never blocks: in audit mode it is recorded as not blocking.
      run.hookSettled({ event: spec.name, background: true, outcome, refused: false, ...(isAudited(hook) ? { wouldBlock: false } : {}) });
      await this.deliver(spec, planned, outcome, envFiles);
    } catch (error) {
      this.logger.error({ err: error, event: spec.name, hook: hook.id }, 'delivering a background hook\'s answer failed');
    }
  }

  private async deliver(spec: EventSpec, planned: PlannedHook, outcome: HookOutcome, envFiles: EnvFiles<PlannedHook> | undefined): Promise<void> {
    const { hook } = planned;
    const { onAsyncAnswer, onRewake } = this.observers;
    if (onAsyncAnswer === undefined && onRewake === undefined && hook.rewake === undefined && envFiles === undefined) return;
    const environmentExports = envFiles === undefined ? null : await this.readEnvFiles(spec, envFiles, [planned]);
    const answer = readBackgroundAnswer(spec, hook, outcome, environmentExports);
    if (isAudited(hook)) {
      // Audit mode: nothing reaches the agent, not even a wake-up; the log says what would have.
      const would = answer.kind === 'rewake' ? `wake the agent: ${answer.rewake.message}` : answer.answer === null ? null : 'answer the agent\'s next turn';
      if (would !== null) this.logger.info({ event: spec.name, hook: hook.id }, `background hook "${hook.id}" is in audit mode: it would ${would}; not applied`);
      return;
    }
    if (answer.kind === 'rewake') {
      if (onRewake === undefined) this.logger.warn({ event: spec.name, hook: hook.id }, `asyncRewake hook "${hook.id}" exited 2 to wake the agent, and no onRewake observer is set: ${answer.rewake.message}`);
      else notify(onRewake, answer.rewake, this.logger, 'onRewake');
      return;
    }
    if (answer.ignored !== null) this.logger.info({ event: spec.name, hook: hook.id }, answer.ignored);
    if (answer.answer !== null) notify(onAsyncAnswer, answer.answer, this.logger, 'onAsyncAnswer');
  }
}
