// The hooks a fire waits for: parallel ones all at once, sequential ones as a chain beside them,
// their outcomes returned in config order with the chain's final rewrite of the tool input. A
// chain step after a `continue: false` never runs, and has no outcome.
import type { EventSpec } from '../events/event-specs.js';
import type { PlannedHook } from '../plan/planner.js';
import type { Dispatcher } from '../run/dispatcher.js';
import { failedOutcome, type HookOutcome } from '../model/hook-outcome.js';
import type { EnvFiles } from './env-files.js';
import type { EngineTask, PreparedInput } from './hook-task.js';
import type { RunObservers } from './observers.js';
import { isAudited } from '../aggregate/audit-mode.js';
import { isRefusal } from '../events/decision-rank.js';
import { readHookAnswer, type AnswerRules } from '../aggregate/read-hook-protocol-output.js';
import { runChain } from './run-chain.js';
import type { TaskFactory } from './task-factory.js';

export interface ForegroundRun {
  /** The hooks that ran, in the order they were given (config order). */
  readonly ran: readonly PlannedHook[];
  /** One outcome per hook that ran, in the order of `ran`. */
  readonly outcomes: HookOutcome[];
  /** The tool input after the chain's last rewrite; null when no sequential hook changed it. */
  readonly finalToolInput: Record<string, unknown> | null;
}

export interface ForegroundHooksOptions {
  readonly dispatcher: Dispatcher<EngineTask>;
  readonly tasks: TaskFactory;
  /** The input a chain step gets once an earlier step rewrote the tool input. */
  readonly prepareStep: (spec: EventSpec, input: Record<string, unknown>) => PreparedInput;
  /** The engine's bookkeeping of every outcome (once, statusMessage). */
  readonly settled: (spec: EventSpec, planned: PlannedHook, outcome: HookOutcome) => HookOutcome;
}

export class ForegroundHooks {
  constructor(private readonly options: ForegroundHooksOptions) {}

  /** Runs the fire's foreground hooks; each is reported to `observers` as it starts and as it settles. */
  async run(spec: EventSpec, hooks: readonly PlannedHook[], prepared: PreparedInput, envFiles: EnvFiles<PlannedHook> | undefined, observers: RunObservers): Promise<ForegroundRun> {
    const envPathOf = (planned: PlannedHook) => envFiles?.pathOf(planned);
    const runOne = (planned: PlannedHook, input: PreparedInput) => this.runOne(spec, planned, input, envPathOf(planned), observers);
    // The common fire, one hook that is not part of a chain: no grouping, no chain bookkeeping.
    const only = hooks.length === 1 ? hooks[0] : undefined;
    if (only !== undefined && !only.hook.sequential) {
      return { ran: hooks, outcomes: [await runOne(only, prepared)], finalToolInput: null };
    }
    const parallel = hooks.filter((planned) => !planned.hook.sequential);
    const [parallelOutcomes, chain] = await Promise.all([
      Promise.all(parallel.map((planned) => runOne(planned, prepared))),
      this.runSequential(spec, hooks.filter((planned) => planned.hook.sequential), prepared, runOne),
    ]);
    const outcomeOf = new Map(parallel.map((planned, index) => [planned, parallelOutcomes[index]!]));
    for (const [planned, outcome] of chain.outcomes) outcomeOf.set(planned, outcome);
    const ran = outcomeOf.size === hooks.length ? hooks : hooks.filter((planned) => outcomeOf.has(planned));
    return { ran, outcomes: ran.map((planned) => outcomeOf.get(planned)!), finalToolInput: chain.finalToolInput };
  }

  /** A chain counts as pending work from its first step to its last, so close() never sees it idle in between. */
  private async runSequential(spec: EventSpec, chain: readonly PlannedHook[], prepared: PreparedInput, runOne: (planned: PlannedHook, input: PreparedInput) => Promise<HookOutcome>) {
    const release = chain.length > 1 ? this.options.dispatcher.hold() : undefined;
    try {
      return await runChain(spec, chain, prepared.input, (planned, stepInput) =>
        runOne(planned, stepInput === prepared.input ? prepared : this.options.prepareStep(spec, stepInput)));
    } finally {
      release?.();
    }
  }

  private runOne(spec: EventSpec, planned: PlannedHook, prepared: PreparedInput, envPath: string | undefined, observers: RunObservers): Promise<HookOutcome> {
    const { tasks, dispatcher } = this.options;
    const task = tasks.taskFor(planned, prepared, envPath);
    if (typeof task === 'string') return Promise.resolve(this.settle(spec, planned, failedOutcome(planned.hook.id, 'spawn_failed', task), observers));
    observers.hookStarted({ event: spec.name, hookId: planned.hook.id, background: false, statusMessage: planned.hook.statusMessage ?? null });
    return dispatcher.runForeground(task).then((outcome) => this.settle(spec, planned, outcome, observers));
  }

  private settle(spec: EventSpec, planned: PlannedHook, outcome: HookOutcome, observers: RunObservers): HookOutcome {
    const settled = this.options.settled(spec, planned, outcome);
    // One in audit mode is reported after the merge, with whether it would have blocked (fire-runner.ts).
    // Whether it refused on its own (deny or block, not a failure refusing under onError "closed"): history shows it as blocked.
    if (!isAudited(planned.hook)) observers.hookSettled({ event: spec.name, background: false, outcome: settled, refused: refusedOnItsOwn(spec, settled, planned.hook) });
    return settled;
  }
}

// A hook that exited 0 with no output refused nothing: its answer is read only when it could say something.
function refusedOnItsOwn(spec: EventSpec, outcome: HookOutcome, rules: AnswerRules): boolean {
  if (outcome.status === 'ok' && outcome.stdout === '') return false;
  const verdict = readHookAnswer(spec, outcome, rules);
  return verdict.failure === null && isRefusal(verdict.decision);
}
