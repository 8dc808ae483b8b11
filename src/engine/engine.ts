// The engine: filters and dispatches on the agent's main thread; everything slow happens in the
// pool. Built from hooks already checked and converted (engine-parts.ts), with the pool host it is
// given: this module loads neither zod, nor pino, nor a pool it does not start. This file is the
// engine's face: its hooks (registered, queried), a fire's checks and its no-op answer, close();
// a fire that runs hooks goes on in fire-runner.ts, and its tasks run where task-hosts.ts says.
import { homedir } from 'node:os';
import { emptyFireResult, type FireResult } from '../model/fire-result.js';
import type { HookDefinition } from '../model/hook-definition.js';
import { HookpoolError } from '../errors.js';
import { agentSubjectOf, matcherSubjectOf } from '../events/matcher-subject.js';
import { closestEventName } from '../events/resolve-event.js';
import { Dispatcher } from '../run/dispatcher.js';
import { EngineTelemetry } from '../telemetry/engine-telemetry.js';
import type { ResolvedEngineOptions } from './engine-options.js';
import type { EngineParts } from './engine-parts.js';
import { FireRunner } from './fire-runner.js';
import { ActivePlans } from './hook-activation.js';
import type { HookEngine, RegisteredHook, WundrHooksConfig } from './hook-engine.js';
import { HookRegistry } from './hook-registry.js';
import type { EngineTask } from './hook-task.js';
import { needsPool } from './needs-pool.js';
import { noopResult } from './noop-fire-result.js';
import { skippedWundrHooks, withSkipped } from './skipped-hooks.js';
import { TaskFactory } from './task-factory.js';
import { TaskHosts } from './task-hosts.js';

const CLOSED_BEFORE_START = 'the engine closed before the hook started';

const EMPTY_PAYLOAD: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

export class Engine implements HookEngine {
  private readonly plans: ActivePlans;
  private readonly options: ResolvedEngineOptions;
  private readonly parseWundrConfig: EngineParts['parseWundrConfig'];
  private readonly dispatcher: Dispatcher<EngineTask>;
  private readonly registry: HookRegistry;
  private readonly hosts: TaskHosts;
  private readonly runner: FireRunner;
  private closing: Promise<void> | undefined;

  constructor({ options, hooks, logger, startHost, parseHook, parseWundrConfig }: EngineParts) {
    this.options = options;
    this.parseWundrConfig = parseWundrConfig;
    for (const problem of options.problems ?? []) logger.warn(problem);
    for (const hook of hooks) logger.debug({ hook: hook.id, event: hook.event, matcher: hook.matcher, env: hook.env.set }, 'hook configured');
    const agentEnv = options.env ?? process.env;
    const home = agentEnv.HOME ?? homedir();
    const projectDir = options.projectDir ?? options.cwd;
    this.plans = new ActivePlans(hooks, { projectDir, home }, options.disableAllHooks === true);
    const tasks = new TaskFactory(hooks, { options, agentEnv, projectDir, logger });
    this.registry = new HookRegistry(hooks, {
      added: (hook, index) => tasks.add(hook, index),
      changed: (slots) => this.plans.update(slots),
    }, logger, parseHook);
    const telemetry = options.telemetry === false ? undefined : EngineTelemetry.create({
      contents: options.telemetry.contents,
      traceparent: agentEnv.TRACEPARENT,
      tracestate: agentEnv.TRACESTATE,
    });
    this.hosts = new TaskHosts(options, startHost, tasks, logger);
    this.dispatcher = new Dispatcher<EngineTask>((task) => this.hosts.run(task), {
      ...options.pool,
      onDrop: (task, firstOfBurst) => {
        telemetry?.dropped(task.hookId);
        if (firstOfBurst) logger.warn({ hook: task.hookId }, `background queue full: dropping the oldest waiting hooks (first: "${task.hookId}")`);
      },
    });
    this.runner = new FireRunner({ options, logger, plans: this.plans, tasks, dispatcher: this.dispatcher, telemetry, projectDir });
    if (!options.disableAllHooks && hooks.some(needsPool)) this.hosts.warm(); // warm the workers before the first fire
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
    return this.runner.run(spec, payload, plan, subject, wundrHooks);
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

  private async shutdown(): Promise<void> {
    // A fire still opening its env files must not start hooks under a closing pool.
    this.runner.close();
    const { closeTimeout, pool } = this.options;
    if (!(await this.dispatcher.whenIdle(closeTimeout))) {
      // From here a chain's later steps are aborted too, instead of reaching a closing pool.
      this.dispatcher.close(CLOSED_BEFORE_START);
      await this.hosts.abortAll(pool.killGraceMs);
      await this.dispatcher.whenIdle(pool.killGraceMs + pool.pipeGraceMs + 2_000);
    }
    this.dispatcher.close(CLOSED_BEFORE_START);
    await this.hosts.close();
    await this.runner.background.cleanedUp();
  }
}

function unknownEvent(event: string): HookpoolError {
  return new HookpoolError('ERR_HOOKPOOL_UNKNOWN_EVENT', `unknown event "${event}" (did you mean "${closestEventName(event)}"?)`);
}
