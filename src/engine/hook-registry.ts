// The engine's hooks as a registry (Wundr's API): hooks are added, replaced, removed and switched
// on or off while the engine runs, each change taking effect from the next fire. Every hook keeps
// the position it was given (per-hook state is kept by position), so a removed hook leaves a
// hole and a replaced one a hole plus a new position at the end.
import type { EngineLogger } from './engine-logger.js';
import type { HookDefinition } from '../model/hook-definition.js';
import { nameHook } from '../config/normalize-hooks.js';
import { HookpoolError } from '../errors.js';
import type { EventSpec } from '../events/event-specs.js';
import { byPriority } from '../plan/planner.js';

/** The hooks by position; undefined where one was removed. */
export type HookSlots = readonly (HookDefinition | undefined)[];

/** A registered entry checked and converted (by the native schema), its id still to be settled. */
export type ParseRegisteredHook = (entry: object, label: string) => Omit<HookDefinition, 'id'> & { id: string | undefined };

export interface HookRegistryEvents {
  /** A hook took a new position (added, or replaced by a new definition). */
  readonly added: (hook: HookDefinition, index: number) => void;
  /** The set of hooks changed: plan again. */
  readonly changed: (slots: HookSlots) => void;
}

export class HookRegistry {
  private readonly slots: (HookDefinition | undefined)[];

  constructor(
    hooks: readonly HookDefinition[],
    private readonly events: HookRegistryEvents,
    private readonly logger: EngineLogger,
    // Absent in the CLI's engine, built from checked definitions without zod (it never registers).
    private readonly parse: ParseRegisteredHook | undefined,
  ) {
    this.slots = [...hooks];
  }

  /** The hooks, in the order they were given (configuration order, then registration order). */
  get hooks(): HookDefinition[] {
    return this.slots.filter((hook): hook is HookDefinition => hook !== undefined);
  }

  get count(): number {
    return this.hooks.length;
  }

  get all(): HookSlots {
    return this.slots;
  }

  /**
   * Validates a native hook entry (with its `event`; `type: "function"` with a `handler` too) and
   * adds it; a hook with the same id is replaced, with a warning (Wundr's rule). Throws
   * ERR_HOOKPOOL_INVALID_CONFIG, one line per problem.
   */
  register(entry: unknown): HookDefinition {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', 'register(): expected a hook object like { event, command } or { event, type: "function", handler }');
    }
    if (this.parse === undefined) throw new Error('register(): this engine was built without the native schema');
    const label = typeof (entry as { id?: unknown }).id === 'string' ? `register("${(entry as { id: string }).id}")` : 'register()';
    const unnamed = this.parse(entry, label);
    const earlier = unnamed.id === undefined ? -1 : this.indexOf(unnamed.id);
    const hook: HookDefinition = { ...unnamed, id: unnamed.id ?? nameHook(unnamed, new Set(this.hooks.map((known) => known.id))) };
    if (earlier >= 0) {
      this.logger.warn({ hook: hook.id }, `register(): a hook with id "${hook.id}" exists; the new one replaces it`);
      this.slots[earlier] = undefined;
    }
    this.slots.push(hook);
    this.events.added(hook, this.slots.length - 1);
    this.events.changed(this.slots);
    return hook;
  }

  /** Removes a hook; false when no hook has that id. */
  unregister(id: string): boolean {
    const index = this.indexOf(id);
    if (index < 0) return false;
    this.slots[index] = undefined;
    this.events.changed(this.slots);
    return true;
  }

  /** Switches a hook on or off; false when no hook has that id. */
  setEnabled(id: string, on: boolean): boolean {
    const index = this.indexOf(id);
    if (index < 0) return false;
    const hook = this.slots[index]!;
    if (hook.enabled === on) return true;
    this.slots[index] = { ...hook, enabled: on };
    this.events.changed(this.slots);
    return true;
  }

  /** The enabled hooks of an event, in the order they start: priority (higher first), then position. */
  hooksFor(spec: EventSpec): HookDefinition[] {
    const positioned = this.slots.flatMap((hook, configIndex) => (hook !== undefined && hook.enabled && hook.event === spec.name ? [{ hook, configIndex }] : []));
    return positioned.sort(byPriority).map(({ hook }) => hook);
  }

  private indexOf(id: string): number {
    return this.slots.findIndex((hook) => hook?.id === id);
  }
}
