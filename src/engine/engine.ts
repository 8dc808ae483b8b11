// The engine: filters and dispatches on the agent's main thread; everything slow happens in the
// pool. Built from hooks already checked and converted (create-engine.ts does that for the library
// with zod; the CLI hands over its cached definitions), with the pool host it is given: this
// module loads neither zod, nor pino, nor a pool it does not start.
import { homedir } from 'node:os';
import { aggregateFire } from '../aggregate/aggregate-fire.js';
import { isAudited } from '../aggregate/audit-mode.js';
import { emptyFireResult, type FireResult, type SkippedHook } from '../model/fire-result.js';
import { skippedWundrHooks } from './skipped-hooks.js';
import { maxBlocksFor, StopLoopGuard } from '../aggregate/stop-loop-guard.js';
import type { HookDefinition } from '../model/hook-definition.js';
import { HookpoolError } from '../errors.js';
import type { EventName, EventSpec } from '../events/event-specs.js';
import { agentSubjectOf, matcherSubjectOf } from '../events/matcher-subject.js';
import { closestEventName } from '../events/resolve-event.js';
import { chooseHooks, type PlannedHook } from '../plan/planner.js';
import { Dispatcher } from '../run/dispatcher.js';
import type { FireContext } from '../run/hook-env.js';
import { buildHookInput, type InputContext } from '../run/hook-input.js';
import { readOptaContextNames } from '../run/opta-context-names.js';
import type { HookOutcome } from '../model/hook-outcome.js';
import type { PoolHost, PoolHostOptions } from '../run/pool-host.js';
import type { EngineLogger } from './engine-logger.js';
import type { ResolvedEngineOptions } from './engine-options.js';
import { logFireResult, reportHookSettled } from './fire-log.js';
import { prepareInput } from './hook-task.js';
import { quietFireResult } from './quiet-fire.js';
import { TaskFactory } from './task-factory.js';
import { BackgroundHooks } from './background-hooks.js';
import { ForegroundHooks } from './foreground-hooks.js';
import type { HookEngine, RegisteredHook, WundrHooksConfig } from './hook-engine.js';
import type { NativeHookInput } from '../config/native-schema.js';
import { openEnvFiles } from './env-files.js';
import { createCallHost } from '../run/remote/call-host.js';
import { ActivePlans } from './hook-activation.js';
import type { EngineTask } from './hook-task.js';
import { HookRegistry, type ParseRegisteredHook } from './hook-registry.js';
import { needsPool } from './needs-pool.js';
import { notify, type RunObservers } from './observers.js';
import { EngineTelemetry } from '../telemetry/engine-telemetry.js';

/** What the host starter is given beside the options: each hook's environment, and where warnings go. */
export type HostContext = Omit<PoolHostOptions, 'maxConcurrentHooks' | 'threads' | 'spareProcesses'>;

/** An engine's parts, each already checked. */
export interface EngineParts {
  readonly options: ResolvedEngineOptions;
  readonly hooks: readonly HookDefinition[];
  readonly logger: EngineLogger;
  /** Starts the pool host, on the first hook that needs one. */
  readonly startHost: (options: ResolvedEngineOptions, context: HostContext) => PoolHost;
  /** Checks what register() is given; without it register() is not available (the CLI never registers). */
  readonly parseHook?: ParseRegisteredHook;
  /** Reads Wundr's hooks config for loadFromConfig() (wundr-registration.ts); absent where parseHook is. */
  readonly parseWundrConfig?: (config: unknown) => NativeHookInput[];
}

// One settled promise per event, shared by every fire that runs no hook: nothing is allocated.
// Made on an event's first such fire (a one-shot `hookpool run` fires one event).
const NOOP_RESULTS = new Map<EventName, Promise<FireResult>>();

function noopResult(event: EventName): Promise<FireResult> {
  let result = NOOP_RESULTS.get(event);
  if (result === undefined) NOOP_RESULTS.set(event, (result = Promise.resolve(emptyFireResult(event) as FireResult)));
  return result;
}

const CLOSED_BEFORE_START = 'the engine closed before the hook started';
const CLOSED_WHILE_RUNNING = 'the engine closed before the hook answered';

const EMPTY_PAYLOAD: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

export class Engine implements HookEngine {
  private readonly plans: ActivePlans;
  private readonly tasks: TaskFactory;
  private readonly foreground: ForegroundHooks;
  private readonly background: BackgroundHooks;
  private readonly logger: EngineLogger;
  private readonly options: ResolvedEngineOptions;
  private readonly startHost: EngineParts['startHost'];
  private readonly parseWundrConfig: EngineParts['parseWundrConfig'];
  private readonly dispatcher: Dispatcher<EngineTask>;
  private readonly registry: HookRegistry;
  private readonly calls = createCallHost();
  private readonly stopLoops: StopLoopGuard;
  private readonly inputContext: InputContext;
  private readonly fireContext: FireContext;
  /** The agent's observers of every hook run (and the log). */
  private readonly observers: RunObservers;
  /** Spans and metrics; undefined when turned off or @opentelemetry/api is not installed. */
  private readonly telemetry: EngineTelemetry | undefined;
  private host: PoolHost | undefined;
  private closing: Promise<void> | undefined;

  constructor({ options, hooks, logger, startHost, parseHook, parseWundrConfig }: EngineParts) {
    this.options = options;
    this.parseWundrConfig = parseWundrConfig;
    this.logger = logger;
    this.startHost = startHost;
    for (const problem of options.problems ?? []) this.logger.warn(problem);
    for (const hook of hooks) this.logger.debug({ hook: hook.id, event: hook.event, matcher: hook.matcher, env: hook.env.set }, 'hook configured');
    const agentEnv = options.env ?? process.env;
    const home = agentEnv.HOME ?? homedir();
    const projectDir = options.projectDir ?? options.cwd;
    this.plans = new ActivePlans(hooks, { projectDir, home }, options.disableAllHooks === true);
    this.stopLoops = new StopLoopGuard({ maxConsecutiveBlocks: options.maxStopBlocks });
    this.tasks = new TaskFactory(hooks, { options, agentEnv, projectDir, logger: this.logger });
    this.registry = new HookRegistry(hooks, {
      added: (hook, index) => this.tasks.add(hook, index),
      changed: (slots) => this.plans.update(slots),
    }, this.logger, parseHook);
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
    this.telemetry = options.telemetry === false ? undefined : EngineTelemetry.create({
      contents: options.telemetry.contents,
      traceparent: agentEnv.TRACEPARENT,
      tracestate: agentEnv.TRACESTATE,
    });
    this.dispatcher = new Dispatcher<EngineTask>((task) => this.runTask(task), {
      ...options.pool,
      onDrop: (task, firstOfBurst) => {
        this.telemetry?.dropped(task.hookId);
        if (firstOfBurst) this.logger.warn({ hook: task.hookId }, `background queue full: dropping the oldest waiting hooks (first: "${task.hookId}")`);
      },
    });
    this.foreground = new ForegroundHooks({
      dispatcher: this.dispatcher,
      tasks: this.tasks,
      prepareStep: (spec, input) => prepareInput(spec, input, this.fireContext, options.maxPayloadBytes),
      settled: (spec, planned, outcome) => this.settled(spec, planned, outcome),
    });
    this.background = new BackgroundHooks(this.dispatcher, options, this.logger);
    if (!options.disableAllHooks && hooks.some(needsPool)) this.poolHost(); // warm the workers before the first fire
  }

  // Where each task kind runs: the agent's thread for its own functions and calls, the pool for the rest.
  private runTask(task: EngineTask): Promise<HookOutcome> {
    if (task.kind === 'call') return this.calls.run(task);
    return this.poolHost().run(task);
  }

  get hooks(): readonly HookDefinition[] {
    return this.registry.hooks;
  }

  get hookCount(): number {
    return this.registry.count;
  }

  register(hook: RegisteredHook): HookDefinition {
    if (this.closing !== undefined) throw new HookpoolError('ERR_HOOKPOOL_CLOSED', 'register() after close()');
    return this.registry.register(hook);
  }

  unregister(id: string): boolean {
    return this.registry.unregister(id);
  }

  setEnabled(id: string, on: boolean): boolean {
    return this.registry.setEnabled(id, on);
  }

  hooksFor(event: string): HookDefinition[] {
    const plan = this.plans.get(event);
    if (plan === undefined) throw unknownEvent(event);
    return this.registry.hooksFor(plan.spec);
  }

  getForEvent(event: string): HookDefinition[] {
    return this.hooksFor(event);
  }

  loadFromConfig(config: WundrHooksConfig): HookDefinition[] {
    if (this.closing !== undefined) throw new HookpoolError('ERR_HOOKPOOL_CLOSED', 'loadFromConfig() after close()');
    if (this.parseWundrConfig === undefined) throw new Error('loadFromConfig(): this engine was built without the configuration schemas');
    return this.parseWundrConfig(config).map((entry) => this.registry.register(entry));
  }

  hasHooks(event: string, subject?: string): boolean {
    return this.has(event, subject);
  }

  getHookCount(event?: string): number {
    return event === undefined ? this.hookCount : this.hooksFor(event).length;
  }

  dispose(): Promise<void> {
    return this.close();
  }

  get droppedBackgroundHooks(): number {
    return this.dispatcher.dropped;
  }

  fire(event: string, payload: Record<string, unknown> = EMPTY_PAYLOAD): Promise<FireResult> {
    const known = this.plans.get(event);
    if (known === undefined) return Promise.reject(unknownEvent(event));
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      return Promise.reject(new HookpoolError('ERR_HOOKPOOL_INVALID_PAYLOAD', `fire("${event}"): the payload must be a JSON object`));
    }
    // Before the no-op path, which must not answer as if the engine were still open.
    if (this.closing !== undefined) return Promise.reject(new HookpoolError('ERR_HOOKPOOL_CLOSED', `fire("${known.spec.name}") after close()`));
    const eventPlan = this.plans.afterInvocations(event, known, payload);
    const { spec } = eventPlan;
    if (!eventPlan.hasHooks) return noopResult(spec.name);
    const subject = matcherSubjectOf(spec, payload);
    const plan = eventPlan.plan(subject, agentSubjectOf(spec, payload));
    const { wundrHooks } = eventPlan;
    if (plan.length === 0) return wundrHooks.length === 0 ? noopResult(spec.name) : Promise.resolve(withSkipped(emptyFireResult(spec.name), skippedWundrHooks(spec, wundrHooks, plan, plan, subject)));
    return this.run(spec, payload, plan, subject, wundrHooks);
  }

  has(event: string, subject?: string): boolean {
    const eventPlan = this.plans.get(event);
    if (eventPlan === undefined || !eventPlan.hasHooks) return false;
    return subject === undefined || eventPlan.plan(subject).length > 0;
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  activateSkill(name: string): void {
    this.plans.invokeSkill(name);
  }

  // The fire's telemetry starts here, in the caller's context (its active span is the fire's parent).
  // Async so that a payload it refuses rejects the fire; its body up to the first await still runs in the caller's context.
  private async run(spec: EventSpec, agentPayload: Record<string, unknown>, plan: readonly PlannedHook[], subject: string | null, wundrHooks: readonly PlannedHook[]): Promise<FireResult> {
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
    if (this.closing) {
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

  private poolHost(): PoolHost {
    this.host ??= this.startHost(this.options, {
      baseEnvByHook: this.tasks.environmentsForHost(),
      moduleRealms: this.tasks.moduleRealmsForHost(),
      onWarning: (message) => this.logger.warn(message),
    });
    return this.host;
  }

  private async shutdown(): Promise<void> {
    const { closeTimeout, pool } = this.options;
    if (!(await this.dispatcher.whenIdle(closeTimeout))) {
      // From here a chain's later steps are aborted too, instead of reaching a closing pool.
      this.dispatcher.close(CLOSED_BEFORE_START);
      this.calls.abortAll(CLOSED_WHILE_RUNNING);
      await this.host?.abortAll(pool.killGraceMs);
      await this.dispatcher.whenIdle(pool.killGraceMs + pool.pipeGraceMs + 2_000);
    }
    this.dispatcher.close(CLOSED_BEFORE_START);
    await this.host?.close();
    await this.background.cleanedUp();
  }
}

// Whether the audited hook of this outcome would have blocked (FireResult.audited).
function wouldBlock(result: FireResult, id: string): boolean {
  return result.audited?.some((audited) => audited.id === id && audited.wouldBlock) ?? false;
}

// Only a fire that left Wundr hooks out carries the field.
function withSkipped(result: Readonly<FireResult>, skipped: SkippedHook[]): FireResult {
  return (skipped.length === 0 ? result : { ...result, skipped }) as FireResult;
}

function unknownEvent(event: string): HookpoolError {
  return new HookpoolError('ERR_HOOKPOOL_UNKNOWN_EVENT', `unknown event "${event}" (did you mean "${closestEventName(event)}"?)`);
}
