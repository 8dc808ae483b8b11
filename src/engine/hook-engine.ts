// The engine as the agent sees it (DESIGN.md, "Public API").
import type { FireResult } from '../aggregate/fire-result.js';
import type { FunctionHook, HookOrigin } from '../config/hook-handler.js';
import type { HookDefinition } from '../config/model.js';
import type { NativeHookInput } from '../config/native-schema.js';

/**
 * What `register()` takes: a native hook entry with its `event` (validated by the native schema;
 * `origin` defaults to `api`), or a function hook: `{ event, type: 'function', handler }`.
 */
export type RegisteredHook = NativeHookInput | (Omit<NativeHookInput, 'type' | 'handler'> & { type: 'function'; handler: FunctionHook; origin?: HookOrigin });

export interface HookEngine {
  /** Runs the hooks of an event; resolves with their merged answer. Never rejects for a hook's misbehaviour. */
  fire(event: string, payload?: Record<string, unknown>): Promise<FireResult>;
  /** Whether any enabled hook would run for the event (and subject, e.g. a tool name). Synchronous. */
  has(event: string, subject?: string): boolean;
  /** Waits for background hooks up to `closeTimeout`, kills what is left, stops the pool. */
  close(): Promise<void>;
  /**
   * Starts a skill's frontmatter hooks, as when the agent invokes the skill (the engine also
   * notices a PostToolUse of the Skill tool and a UserPromptExpansion naming it). They stay active
   * for the engine's lifetime, starting with the fire that invoked it.
   */
  activateSkill(name: string): void;
  /** The hooks, in config order then registration order. */
  readonly hooks: readonly HookDefinition[];
  /** How many hooks the engine holds, enabled or not. */
  readonly hookCount: number;
  /**
   * Adds a hook, from the next fire on; one with the same id is replaced (a warning is logged).
   * Throws ERR_HOOKPOOL_INVALID_CONFIG for an invalid entry, ERR_HOOKPOOL_CLOSED after close().
   */
  register(hook: RegisteredHook): HookDefinition;
  /** Removes a hook from the next fire on; false when no hook has that id. */
  unregister(id: string): boolean;
  /** Switches a hook on or off from the next fire on; false when no hook has that id. */
  setEnabled(id: string, on: boolean): boolean;
  /** The enabled hooks of an event (name or alias), in the order they start: priority, higher first, then config order. */
  hooksFor(event: string): HookDefinition[];
  /** Background hooks dropped because their queue was full. */
  readonly droppedBackgroundHooks: number;
}
