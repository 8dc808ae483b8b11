// Hooks that are loaded but not always active: a skill's frontmatter hooks wait until the skill
// is invoked, and a `once` hook is gone after its first successful run. The plans hold only the
// active hooks and are rebuilt when that changes (rare: the hot path is one Map lookup as before).
import type { HookDefinition } from '../model/hook-definition.js';
import { invokedSkill } from '../events/skill-invocations.js';
import type { PathAnchors } from '../plan/permission-rule.js';
import { planEvents, type EventPlan } from '../plan/planner.js';

export class ActivePlans {
  private plans: Map<string, EventPlan>;
  private readonly invokedSkills = new Set<string>();
  private readonly spent = new Set<number>();
  /** Skills whose hooks still wait to be invoked. */
  private readonly waiting = new Set<string>();
  private hooks: readonly (HookDefinition | undefined)[] = [];

  /** `allOff`: plan no hook at all (Claude Code's `disableAllHooks`). */
  constructor(
    hooks: readonly (HookDefinition | undefined)[],
    private readonly anchors: PathAnchors,
    private readonly allOff = false,
  ) {
    this.plans = this.update(hooks);
  }

  /** Plans a changed set of hooks (by position; undefined where one was removed). */
  update(hooks: readonly (HookDefinition | undefined)[]): Map<string, EventPlan> {
    this.hooks = hooks;
    for (const hook of hooks) if (hook?.skill !== undefined && !this.invokedSkills.has(hook.skill)) this.waiting.add(hook.skill);
    return (this.plans = this.planActive());
  }

  /**
   * The plan a fire of `event` runs: `plan` itself, unless this fire invokes a skill whose hooks
   * were waiting, which then take part in it already.
   */
  afterInvocations(event: string, plan: EventPlan, payload: Record<string, unknown>): EventPlan {
    if (this.waiting.size === 0) return plan;
    const skill = invokedSkill(plan.spec.name, payload);
    return skill !== undefined && this.invokeSkill(skill) ? this.plans.get(event)! : plan;
  }

  /** The plan of an event, as it stands. */
  get(event: string): EventPlan | undefined {
    return this.plans.get(event);
  }

  /** Marks a skill invoked; true when that activated hooks. */
  invokeSkill(name: string): boolean {
    this.invokedSkills.add(name);
    if (!this.waiting.delete(name)) return false;
    this.plans = this.planActive();
    return true;
  }

  /** A `once` hook ran successfully; true the first time, when it is removed. */
  spend(configIndex: number): boolean {
    if (this.spent.has(configIndex)) return false;
    this.spent.add(configIndex);
    this.plans = this.planActive();
    return true;
  }

  // Inactive hooks are left out in place, so every hook keeps its position (it indexes per-hook state).
  private planActive(): Map<string, EventPlan> {
    const active = this.hooks.map((hook, index) => (hook !== undefined && this.isActive(hook, index) ? hook : undefined));
    return planEvents(active, this.anchors);
  }

  private isActive(hook: HookDefinition, index: number): boolean {
    if (this.allOff || this.spent.has(index)) return false;
    return hook.skill === undefined || this.invokedSkills.has(hook.skill);
  }
}
