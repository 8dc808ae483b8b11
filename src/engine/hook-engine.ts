// The engine as the agent sees it (docs/library.md).
import type { FireResult } from '../model/fire-result.js';
import type { FunctionHook, HookOrigin } from '../model/hook-handler.js';
import type { HookDefinition } from '../model/hook-definition.js';
import type { NativeHookInput } from '../config/native-schema.js';

/**
 * What `register()` takes: a native hook entry with its `event` (validated by the native schema;
 * `origin` defaults to `api`), or a function hook: `{ event, type: 'function', handler }`.
 */
export type RegisteredHook = NativeHookInput | (Omit<NativeHookInput, 'type' | 'handler'> & { type: 'function'; handler: FunctionHook; origin?: HookOrigin }) | WundrHookEntry;

/**
 * A hook in Wundr's own shape (its HookRegistry.register): it gets Wundr's metadata (camelCase)
 * and answers Wundr's result object, `{ block, blockReason, toolInput }` and the like.
 */
export interface WundrHookEntry {
  id: string;
  event: string;
  type?: 'command' | 'prompt' | 'agent' | 'module';
  name?: string;
  priority?: number;
  enabled?: boolean;
  /** Where it came from: hookpool's `origin` (`built-in` is `builtin`). */
  source?: 'built-in' | 'config' | 'plugin';
  matcher?: { toolName?: string; sessionId?: string; subagentId?: string; minRiskLevel?: 'low' | 'medium' | 'high' | 'critical'; notificationLevel?: 'info' | 'warn' | 'error' };
  timeoutMs?: number;
  /** Default true: a failure is logged and the event goes on; false: it refuses a guard event. */
  catchErrors?: boolean;
  command?: string;
  cwd?: string;
  env?: Record<string, string>;
  promptTemplate?: string;
  agentConfig?: Record<string, unknown>;
  model?: string;
  module?: string;
  export?: string;
  options?: Record<string, unknown>;
  /** Run on the agent's thread with the event's metadata; returns Wundr's result object (or nothing). */
  handler?: (metadata: Record<string, unknown>, context: { event: string; hookId: string; signal: AbortSignal }) => unknown;
}

/** Wundr's hooks config, for loadFromConfig(). */
export interface WundrHooksConfig {
  enabled?: boolean;
  defaultTimeoutMs?: number;
  hooks?: WundrHookEntry[];
  /** Wundr's built-ins, as registerBuiltInHooks' options: "all", or one by one ({ all?, "<name>": true | false | { enabled, options } }). */
  builtInHooks?: 'all' | boolean | Record<string, boolean | { enabled?: boolean; options?: Record<string, unknown> }>;
}

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
  /** Wundr's name for hooksFor(). */
  getForEvent(event: string): HookDefinition[];
  /**
   * Registers every hook of Wundr's hooks config (`{ enabled, defaultTimeoutMs, hooks }`), each
   * read as a Wundr hook; all are checked first, so a bad entry registers none (throws
   * ERR_HOOKPOOL_INVALID_CONFIG, one line per problem). Returns the hooks as the engine runs them.
   */
  loadFromConfig(config: WundrHooksConfig): HookDefinition[];
  /** Wundr's name for has(). */
  hasHooks(event: string, subject?: string): boolean;
  /** Every hook (as hookCount), or the enabled hooks of one event. */
  getHookCount(event?: string): number;
  /** Wundr's name for close(). */
  dispose(): Promise<void>;
  /** Background hooks dropped because their queue was full. */
  readonly droppedBackgroundHooks: number;
}
