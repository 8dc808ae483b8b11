// A fire once its hooks are planned: the hooks its payload chooses run (background ones started
// beside it, foreground ones awaited) and their answers merge into the fire's, with audit mode,
// CLAUDE_ENV_FILE exports, the chain's last rewrite and the stop-loop guard applied. Every run's
// outcome passes through settled() (a `once` hook is spent, its status line goes along).
import { aggregateFire } from '../aggregate/aggregate-fire.js';
import { isAudited } from '../aggregate/audit-mode.js';
import { maxBlocksFor, StopLoopGuard } from '../aggregate/stop-loop-guard.js';
import { HookpoolError } from '../errors.js';
import type { EventSpec } from '../events/event-specs.js';
import { emptyFireResult, type FireResult } from '../model/fire-result.js';
import type { HookOutcome } from '../model/hook-outcome.js';
import { chooseHooks, type PlannedHook } from '../plan/planner.js';
import type { Dispatcher } from '../run/dispatcher.js';
import type { FireContext } from '../run/hook-env.js';
import { buildHookInput, type InputContext } from '../run/hook-input.js';
import { readOptaContextNames } from '../run/opta-context-names.js';
import type { EngineTelemetry } from '../telemetry/engine-telemetry.js';
import { BackgroundHooks } from './background-hooks.js';
import type { EngineLogger } from './engine-logger.js';
import type { ResolvedEngineOptions } from './engine-options.js';
import { openEnvFiles } from './env-files.js';
import { logFireResult, reportHookSettled } from './fire-log.js';
import { ForegroundHooks } from './foreground-hooks.js';
import type { ActivePlans } from './hook-activation.js';
import { prepareInput, type EngineTask } from './hook-task.js';
import { noopResult } from './noop-fire-result.js';
import { notify, type RunObservers } from './observers.js';
import { quietFireResult } from './quiet-fire.js';
import { skippedWundrHooks, withSkipped } from './skipped-hooks.js';
import type { TaskFactory } from './task-factory.js';

/** What the runner shares with its engine. */
export interface FireRunnerParts {
  readonly options: ResolvedEngineOptions;
  readonly logger: EngineLogger;
  readonly plans: ActivePlans;
  readonly tasks: TaskFactory;
  readonly dispatcher: Dispatcher<EngineTask>;
  /** Spans and metrics; undefined when turned off or @opentelemetry/api is not installed. */
  readonly telemetry: EngineTelemetry | undefined;
  readonly projectDir: string;
}

export class FireRunner {
  /** The hooks a fire does not wait for; the engine's close() waits for their cleanup. */
  readonly background: BackgroundHooks;
  private readonly foreground: ForegroundHooks;
  private readonly options: ResolvedEngineOptions;
  private readonly logger: EngineLogger;
  private readonly plans: ActivePlans;
  private readonly tasks: TaskFactory;
  private readonly telemetry: EngineTelemetry | undefined;
  private readonly stopLoops: StopLoopGuard;
  private readonly inputContext: InputContext;
  private readonly fireContext: FireContext;
  /** The agent's observers of every hook run (and the log). */
  private readonly observers: RunObservers;
  private closed = false;

  constructor({ options, logger, plans, tasks, dispatcher, telemetry, projectDir }: FireRunnerParts) {
    this.options = options;
    this.logger = logger;
    this.plans = plans;
    this.tasks = tasks;
    this.telemetry = telemetry;
    this.stopLoops = new StopLoopGuard({ maxConsecutiveBlocks: options.maxStopBlocks });
    this.inputContext = {
      sessionId: options.sessionId,
      cwd: options.cwd,
      transcriptPath: options.transcriptPath,
      permissionMode: options.permissionMode,
    };
    this.fireContext = { sessionId: options.sessionId, cwd: options.cwd, projectDir, model: options.model };
    this.observers = {
      hookStarted: (started) => notify(options.onHookStarted, started, this.logger, 'onHookStarted'),
      hookSettled: (settled) => reportHookSettled(this.logger, options.onHookSettled, settled),
    };
    this.foreground = new ForegroundHooks({
      dispatcher,
      tasks,
      prepareStep: (spec, input) => prepareInput(spec, input, this.fireContext, options.maxPayloadBytes),
      settled: (spec, planned, outcome) => this.settled(spec, planned, outcome),
    });
    this.background = new BackgroundHooks(dispatcher, options, logger);
  }

  /** The engine is closing: a fire that has not started its hooks yet is refused. */
  close(): void {
    this.closed = true;
  }

  // The fire's telemetry starts here, in the caller's context (its active span is the fire's parent).
  // Async so that a payload it refuses rejects the fire; its body up to the first await still runs in the caller's context.
  async run(spec: EventSpec, agentPayload: Record<string, unknown>, plan: readonly PlannedHook[], subject: string | null, wundrHooks: readonly PlannedHook[]): Promise<FireResult> {
    const { sessionId, cwd } = this.options;
    const payload = readOptaContextNames(spec.name, agentPayload);
    const chosen = chooseHooks(plan, payload, sessionId, cwd);
    const telemetry = chosen.length === 0 ? undefined : this.telemetry?.startFire(spec, chosen, subject, payload, sessionId);
    if (telemetry === undefined) return this.runChosen(spec, payload, plan, chosen, subject, wundrHooks, this.observers);
    return telemetry.track(this.runChosen(spec, payload, plan, chosen, subject, wundrHooks, telemetry.observe(this.observers)));
  }

  private async runChosen(spec: EventSpec, payload: Record<string, unknown>, plan: readonly PlannedHook[], chosen: readonly PlannedHook[], subject: string | null, wundrHooks: readonly PlannedHook[], observers: RunObservers): Promise<FireResult> {
    const { sessionId } = this.options;
    const skipped = skippedWundrHooks(spec, wundrHooks, plan, chosen, subject);
    const input = buildHookInput(spec, payload, this.inputContext);
    const session = typeof input.session_id === 'string' ? input.session_id : sessionId;
    if (spec.stopHookActive && input.stop_hook_active === undefined) {
      input.stop_hook_active = this.stopLoops.isActive(session, spec.name);
    }
    const prepared = prepareInput(spec, input, this.fireContext, this.options.maxPayloadBytes);
    const envFiles = spec.getsEnvFile && chosen.length > 0 ? await openEnvFiles(spec.name, chosen, this.logger) : undefined;
    if (this.closed) {
      await envFiles?.release();
      throw new HookpoolError('ERR_HOOKPOOL_CLOSED', `fire("${spec.name}") after close()`);
    }
    for (const planned of chosen) {
      if (!planned.hook.background) continue;
      this.background.start(spec, planned, this.tasks.taskFor(planned, prepared, envFiles?.pathOf(planned)), envFiles, (outcome) => this.settled(spec, planned, outcome), observers);
    }
    const foreground = chosen.filter((planned) => !planned.hook.background);
    if (foreground.length === 0) {
      await envFiles?.release();
      return skipped.length === 0 ? noopResult(spec.name) : withSkipped(emptyFireResult(spec.name), skipped);
    }

    const { ran, outcomes, finalToolInput } = await this.foreground.run(spec, foreground, prepared, envFiles, observers);
    const hooks = ran.map((planned) => planned.hook);
    const merged = quietFireResult(spec, hooks, outcomes) ?? aggregateFire(spec, hooks, outcomes, { subject });
    // A hook in audit mode is reported once the merge says whether it would have blocked (the others as they settled).
    outcomes.forEach((outcome, index) => isAudited(hooks[index]!) && observers.hookSettled({ event: spec.name, background: false, outcome, refused: false, wouldBlock: wouldBlock(merged, outcome.id) }));
    // An audited hook's exports are not applied either.
    if (envFiles !== undefined) merged.environmentExports = await this.background.readEnvFiles(spec, envFiles, ran.filter((planned) => !isAudited(planned.hook)));
    // A chain's last rewrite is the chain's answer; it wins over parallel hooks' rewrites.
    if (finalToolInput !== null) merged.updatedInput = finalToolInput;
    logFireResult(this.logger, spec, merged);
    const maxConsecutiveBlocks = maxBlocksFor(hooks.map((hook) => hook.protocol), this.options.maxStopBlocks);
    const guarded = this.stopLoops.apply(session, merged, { maxConsecutiveBlocks });
    if (guarded.warning) this.logger.warn({ event: spec.name }, guarded.warning);
    return withSkipped(guarded.result, skipped);
  }

  // Every run ends here: a `once` hook that succeeded is gone for the next fires, and the outcome carries the status line shown while it ran.
  private settled(spec: EventSpec, { hook, configIndex }: PlannedHook, outcome: HookOutcome): HookOutcome {
    if (hook.once && outcome.status === 'ok' && this.plans.spend(configIndex)) {
      this.logger.debug({ event: spec.name, hook: hook.id }, 'once hook ran successfully: removed');
    }
    return hook.statusMessage === undefined ? outcome : { ...outcome, statusMessage: hook.statusMessage };
  }
}

// Whether the audited hook of this outcome would have blocked (FireResult.audited).
function wouldBlock(result: FireResult, id: string): boolean {
  return result.audited?.some((audited) => audited.id === id && audited.wouldBlock) ?? false;
}
