// What `hookpool serve` holds of a project: the EngineSession it fires in, what it tells its
// listeners, and what a fire and a reload answer. resident-engine.ts builds one.
import type { HookSettled } from '../engine/engine-options.js';
import type { HookStarted } from '../engine/observers.js';
import type { EventSpec } from '../events/event-specs.js';
import type { FireResult } from '../model/fire-result.js';
import type { ConfigOptions } from './config-options.js';
import type { HookParts } from './hook-parts.js';
import type { CliConfig } from './load-project.js';

/** What a resident project tells its listeners (the JSON-RPC notifications are built from these). */
export interface SessionObservers {
  readonly onHookStarted?: (started: HookStarted) => void;
  readonly onHookSettled?: (settled: HookSettled) => void;
  /** Background hooks were dropped because their queue was full; `count` new ones since the last report. */
  readonly onHooksDropped?: (dropped: { count: number; total: number }) => void;
  readonly onFireStarted?: (fire: { event: string; spec: EventSpec; payload: Record<string, unknown> }) => void;
  readonly onFireSettled?: (fire: { event: string; spec: EventSpec; payload: Record<string, unknown>; result: FireResult; durationMs: number }) => void;
  /** The configuration was loaded again: by the file watcher, on request, or by a fire that found a file changed. */
  readonly onReloaded?: (report: ReloadReport) => void;
  /** A reload failed: every fire is refused until one succeeds. */
  readonly onReloadFailed?: (error: unknown) => void;
}

export interface EngineSessionOptions extends ConfigOptions {
  /** The project directory (the engines' cwd). */
  readonly cwd: string;
  readonly passEnv?: readonly string[];
  /** As `run --format claude`: hooks of discovered Claude Code settings are Claude Code's to run. */
  readonly skipDiscoveredClaudeSettings?: boolean;
  readonly observers?: SessionObservers;
  /** Variables every hook process carries (the server's mark). */
  readonly hookMarker?: Readonly<Record<string, string>>;
}

/** What changed in a reload, for the log and the `reload` method's answer. */
export interface ReloadReport {
  readonly hookCount: number;
  /** Project files whose hooks stopped running because they changed (or appeared) untrusted. */
  readonly untrusted: readonly string[];
  readonly problems: readonly string[];
}

/** One fire's answer with the configuration it ran under (its notices go with the answer). */
export interface SessionFire {
  readonly spec: EventSpec;
  readonly result: FireResult;
  readonly config: CliConfig;
  /** What hookpool must say about this fire beside the configuration's notices. */
  readonly notices: readonly string[];
}

export interface FireOptions {
  /** Which of the event's hooks run (default: all). */
  readonly parts?: HookParts;
  /** The event as the caller named it, for the observers (an alias stays an alias). */
  readonly eventName?: string;
}

export interface EngineSession {
  /** The configuration the current engines were built from. */
  readonly config: CliConfig;
  /** Every path its load looked at (configuration found or not, trust and policy records, scripts): what to watch. */
  readonly readPaths: readonly string[];
  /** Fires in the engine of the payload's session (`session_id`), built with that session's environment. */
  fire(spec: EventSpec, payload: Record<string, unknown>, options?: FireOptions): Promise<SessionFire>;
  /** The environment an agent session's hooks get; an engine built with another one is replaced. */
  registerSession(sessionId: string, env: Readonly<Record<string, string>>): void;
  /** The session is over: its engines close (their background hooks get their timeouts). */
  endSession(sessionId: string): void;
  /** Rebuilds the engines from the configuration files as they are now. */
  reload(): Promise<ReloadReport>;
  /** Closes every engine (background hooks get their timeouts, then are killed); idempotent. */
  close(): Promise<void>;
}
