// One long-lived engine for one project, built exactly as `hookpool run` builds its one-shot
// engine (loadCliConfig + createCliEngine: same trust, user policy, broken files, notices), that
// can be rebuilt from the configuration while it serves. A reload swaps in a new engine at once;
// the old one closes once the fires it was running have settled.
import type { FireResult } from '../aggregate/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import type { CliEngine } from './one-shot-engine.js';
import type { HookSettled } from '../engine/engine-options.js';
import type { HookStarted } from '../engine/observers.js';
import type { ConfigOptions } from '../cli/config-options.js';
import { createCliEngine } from './one-shot-engine.js';
import { snapshotJournal, type JournalSnapshot } from './config-cache/journal-snapshot.js';
import { loadCliConfigRecorded, type CliConfig } from './load-project.js';
import type { FileJournal } from '../config/file-journal.js';
import { resolveCliEvent } from './event-named.js';
import { HookpoolError } from '../errors.js';
import { startStopwatch } from '../run/stopwatch.js';

/** What a session tells its listeners (the JSON-RPC notifications are built from these). */
export interface SessionObservers {
  readonly onHookStarted?: (started: HookStarted) => void;
  readonly onHookSettled?: (settled: HookSettled) => void;
  /** Background hooks were dropped because their queue was full; `count` new ones since the last report. */
  readonly onHooksDropped?: (dropped: { count: number; total: number }) => void;
  /** An event was fired (`event` as the caller named it: an alias stays an alias). */
  readonly onFireStarted?: (fire: { event: string; spec: EventSpec; payload: Record<string, unknown> }) => void;
  readonly onFireSettled?: (fire: { event: string; spec: EventSpec; payload: Record<string, unknown>; result: FireResult; durationMs: number }) => void;
  /** The configuration was loaded again: by the file watcher, on request, or by a fire that found a file changed. */
  readonly onReloaded?: (report: ReloadReport) => void;
  /** A reload failed: every fire is refused until one succeeds. */
  readonly onReloadFailed?: (error: unknown) => void;
}

export interface EngineSessionOptions extends ConfigOptions {
  /** The project directory (the engine's cwd). */
  readonly cwd: string;
  readonly passEnv?: readonly string[];
  /** As `run --format claude`: hooks of discovered Claude Code settings are Claude Code's to run. */
  readonly skipDiscoveredClaudeSettings?: boolean;
  readonly observers?: SessionObservers;
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
}

export interface EngineSession {
  /** The configuration the current engine was built from. */
  readonly config: CliConfig;
  /** Every path its load looked at (configuration found or not, trust and policy records, scripts): what to watch. */
  readonly readPaths: readonly string[];
  fire(event: string, payload: Record<string, unknown>): Promise<SessionFire>;
  /** Rebuilds the engine from the configuration files as they are now. */
  reload(): Promise<ReloadReport>;
  /** Closes the engine (background hooks get their timeouts, then are killed); idempotent. */
  close(): Promise<void>;
}

interface Generation {
  readonly config: CliConfig;
  /** What the load read (configuration, trust, scripts), checked before each fire; undefined: something changed while it was read. */
  readonly snapshot: JournalSnapshot | undefined;
  readonly engine: CliEngine;
  readonly running: Set<Promise<unknown>>;
}

/** Loads the configuration and builds the first engine; rejects as loadCliConfig does. */
export async function createEngineSession(options: EngineSessionOptions): Promise<EngineSession> {
  const session = new Session(options);
  await session.reload();
  return session;
}

class Session implements EngineSession {
  private current: Generation | undefined;
  private closing: Promise<void> | undefined;
  private reloading: Promise<unknown> = Promise.resolve();
  /** The reload a fire waits for when the disk no longer matches the current configuration. */
  private refreshing: Promise<unknown> | undefined;
  /** Why the last load failed; until one succeeds, every fire is refused with it. */
  private failure: unknown;
  private reported = 0;
  private readonly retiring = new Set<Promise<void>>();
  /** Every engine not closed yet: the current one and those retiring after a reload. */
  private readonly engines = new Set<CliEngine>();

  constructor(private readonly options: EngineSessionOptions) {}

  get config(): CliConfig {
    return this.loaded().config;
  }

  get readPaths(): readonly string[] {
    const { config, snapshot } = this.loaded();
    return snapshot?.paths ?? config.loaded.files.map((file) => file.path);
  }

  private loaded(): Generation {
    if (this.current === undefined) throw new Error('the engine session has not loaded yet');
    return this.current;
  }

  async fire(event: string, payload: Record<string, unknown>): Promise<SessionFire> {
    const spec = resolveCliEvent(event);
    let release: () => void = () => undefined;
    const claim = new Promise<void>((resolve) => {
      release = resolve;
    });
    const generation = await this.upToDate(claim);
    const observers = this.options.observers ?? {};
    const elapsed = startStopwatch();
    observers.onFireStarted?.({ event, spec, payload });
    try {
      const result = await generation.engine.fire(spec.name, payload);
      observers.onFireSettled?.({ event, spec, payload, result, durationMs: elapsed() });
      return { spec, result, config: generation.config };
    } finally {
      generation.running.delete(claim);
      release();
      this.reportDrops(generation.engine);
    }
  }

  reload(): Promise<ReloadReport> {
    // One at a time, in order: the file watcher and an enable/disable request may both reload
    // after one edit, and the configuration read last must be the one that stays.
    const reloaded = this.reloading.then(() => this.reloadNow());
    this.reloading = reloaded.catch(() => undefined);
    return reloaded;
  }

  private async reloadNow(): Promise<ReloadReport> {
    if (this.closing !== undefined) throw stoppingError();
    let loaded: { value: CliConfig; journal: FileJournal };
    const startedAt = Date.now();
    try {
      loaded = await loadCliConfigRecorded(
        { config: this.options.config, claudeSettings: this.options.claudeSettings, plugin: this.options.plugin, cwd: this.options.cwd },
        { skipDiscoveredClaudeSettings: this.options.skipDiscoveredClaudeSettings === true },
      );
    } catch (error) {
      this.failure = error;
      if (this.current !== undefined) this.options.observers?.onReloadFailed?.(error);
      throw error;
    }
    // close() may have come while the configuration was read: its engines are all it closes.
    if (this.closing !== undefined) throw stoppingError();
    const { value: config, journal } = loaded;
    this.failure = undefined;
    const previous = this.current;
    // A file that changed while it was read leaves nothing to compare: the next fire loads again.
    const snapshot = journal.consistent ? snapshotJournal(journal.observations, startedAt) : undefined;
    this.current = { config, snapshot, engine: this.createEngine(config), running: new Set() };
    this.engines.add(this.current.engine);
    this.reported = 0;
    const report = { hookCount: config.hooks.length, untrusted: newlyUntrusted(previous?.config, config), problems: config.loaded.problems };
    if (previous !== undefined) {
      this.retire(previous);
      this.options.observers?.onReloaded?.(report);
    }
    return report;
  }

  /**
   * The generation to fire in, loaded again first when anything it was loaded from looks different
   * now (journal-snapshot.ts, as `run` checks its cached configuration): an edited script,
   * configuration or trust record counts from this fire on, without waiting for the file
   * watcher. While the configuration cannot be loaded, every fire is refused with the reason.
   * `claim` joins the chosen generation's fires in the turn it is chosen, so a reload that
   * retires it meanwhile waits for this fire instead of closing its engine under it.
   */
  private async upToDate(claim: Promise<void>): Promise<Generation> {
    const checked = this.current;
    if (checked === undefined || this.closing !== undefined) throw stoppingError();
    const unchanged = this.failure === undefined && checked.snapshot !== undefined && (await checked.snapshot.isCurrent());
    // A reload that succeeded during the check left a newer generation, as fresh as a check.
    if (!unchanged && (this.current === checked || this.failure !== undefined)) {
      this.refreshing ??= this.reload().finally(() => {
        this.refreshing = undefined;
      });
      await this.refreshing;
    }
    const generation = this.current;
    if (generation === undefined || this.closing !== undefined) throw stoppingError();
    generation.running.add(claim);
    return generation;
  }

  close(): Promise<void> {
    // Stopping does not wait for fires in flight (a hook may run for minutes): each engine's
    // close gives hooks its close timeout, then kills what is left, and the fires settle with that.
    this.closing ??= (async () => {
      const engines = [...this.engines];
      await Promise.all([...engines.map((engine) => engine.close()), ...this.retiring]);
    })();
    return this.closing;
  }

  private createEngine(config: CliConfig): CliEngine {
    const observers = this.options.observers ?? {};
    let engine: CliEngine | undefined;
    const afterHook = () => {
      if (engine !== undefined) this.reportDrops(engine);
    };
    engine = createCliEngine({
      hooks: config.hooks.map((hook) => hook.definition),
      broken: config.loaded,
      cwd: config.cwd,
      passEnv: [...config.loaded.passEnv, ...(this.options.passEnv ?? [])],
      disableAllHooks: config.loaded.disableAllHooks,
      // The server has no terminal: its warnings go to the caller as notices, not to stderr.
      warnOnStderr: false,
      onHookStarted: (started) => {
        observers.onHookStarted?.(started);
        afterHook();
      },
      onHookSettled: (settled) => {
        observers.onHookSettled?.(settled);
        afterHook();
      },
    });
    return engine;
  }

  private retire(generation: Generation): void {
    const closed = Promise.allSettled([...generation.running])
      .then(() => generation.engine.close())
      .finally(() => this.engines.delete(generation.engine));
    const tracked = closed.finally(() => this.retiring.delete(tracked));
    this.retiring.add(tracked);
  }

  private reportDrops(engine: CliEngine): void {
    if (engine !== this.current?.engine) return;
    const total = engine.droppedBackgroundHooks;
    if (total <= this.reported) return;
    const count = total - this.reported;
    this.reported = total;
    this.options.observers?.onHooksDropped?.({ count, total });
  }
}

function stoppingError(): HookpoolError {
  return new HookpoolError('ERR_HOOKPOOL_SERVER_STOPPING', 'the server is stopping');
}

/** Project files untrusted now that were not before: they changed, and their hooks stopped running. */
function newlyUntrusted(before: CliConfig | undefined, after: CliConfig): string[] {
  if (before === undefined) return [];
  const wasUntrusted = new Set(before.loaded.untrusted.map((file) => file.path));
  return after.loaded.untrusted.map((file) => file.path).filter((path) => !wasUntrusted.has(path));
}
