// What the agent hears from the engine besides FireResult: a hook starting (with the status line
// Claude Code shows while it runs), a background hook's answer for the next turn, and a wake-up.
// Observers are the agent's code: whatever one throws is logged, never thrown into the engine.
import type { EngineLogger } from './engine-logger.js';
import type { EventName } from '../events/event-specs.js';
import type { HookSettled } from './engine-options.js';

/** A hook was handed to the pool (it starts as soon as a slot is free). */
export interface HookStarted {
  event: EventName;
  hookId: string;
  background: boolean;
  /** The hook's `statusMessage`: what to show the user while it runs; null when it has none. */
  statusMessage: string | null;
}

/**
 * A background hook (`async`, `background`, `asyncRewake` not waking) answered with something
 * for the agent's next turn. Decision fields of a background hook have no effect (Claude Code's
 * rule); they are logged, not reported here.
 */
export interface AsyncAnswer {
  event: EventName;
  hookId: string;
  additionalContext: string | null;
  systemMessage: string | null;
  /** `export` lines it wrote to CLAUDE_ENV_FILE (SessionStart, Setup, CwdChanged, FileChanged), or null. */
  environmentExports: string | null;
}

/** An `asyncRewake` hook exited 2: wake the agent (even when idle) with `message` as a system reminder. */
export interface Rewake {
  event: EventName;
  hookId: string;
  /** `rewakeMessage` (when set) on its own line, then the hook's stderr, or its stdout when stderr is empty. */
  message: string;
  /** The hook's `rewakeSummary`, a short title; null when it has none. */
  summary: string | null;
}

/**
 * Where the engine reports each hook run of a fire as it starts and as it settles: the agent's
 * `onHookStarted`/`onHookSettled` (and the log), with the fire's telemetry in front when it is on.
 */
export interface RunObservers {
  hookStarted(started: HookStarted): void;
  hookSettled(settled: HookSettled): void;
}

/** Calls an observer; what it throws is logged under `name`. */
export function notify<T>(observer: ((value: T) => void) | undefined, value: T, logger: EngineLogger, name: string): void {
  if (observer === undefined) return;
  try {
    observer(value);
  } catch (observerError) {
    logger.error({ err: observerError }, `${name} threw`);
  }
}
