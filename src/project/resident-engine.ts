// A project's configuration kept loaded by a long-lived process (`hookpool serve`), with one
// engine per agent session and parts (engine-for-session.ts: built as `hookpool run` builds its
// one-shot engine, but with that session's environment): a hook run through the server gets what
// it would get run directly by its session, never another's. The configuration is rebuilt when
// anything it was loaded from changes: a reload swaps in a new generation at once, and the old
// engines close once the fires they were running have settled (open-engines.ts).
import type { EventSpec } from '../events/event-specs.js';
import { HookpoolError } from '../errors.js';
import type { FileJournal } from '../config/file-journal.js';
import { startStopwatch } from '../run/stopwatch.js';
import { snapshotJournal, type JournalSnapshot } from './config-cache/journal-snapshot.js';
import { createEngineForSession } from './engine-for-session.js';
import type { EngineSession, EngineSessionOptions, FireOptions, ReloadReport, SessionFire } from './engine-session.js';
import { ALL_PARTS, describeParts, type HookParts } from './hook-parts.js';
import { loadCliConfigRecorded, type CliConfig } from './load-project.js';
import type { CliEngine } from './one-shot-engine.js';
import { OpenEngines } from './open-engines.js';
import { SessionEnvironments } from './session-environments.js';

interface Generation {
  readonly config: CliConfig;
  /** What the load read (configuration, trust, scripts), checked before each fire; undefined: something changed while it was read. */
  readonly snapshot: JournalSnapshot | undefined;
  /** Engines by session and parts, most recently used last. */
  readonly engines: Map<string, CliEngine>;
  readonly running: Set<Promise<unknown>>;
}

// Sessions that never said goodbye (no agent process to watch) keep at most this many engines.
const MAX_ENGINES = 32;

/** Loads the configuration and builds the first generation; rejects as loadCliConfig does. */
export async function createEngineSession(options: EngineSessionOptions): Promise<EngineSession> {
  const session = new ResidentProject(options);
  await session.reload();
  return session;
}

class ResidentProject implements EngineSession {
  private current: Generation | undefined;
  private closing: Promise<void> | undefined;
  private reloading: Promise<unknown> = Promise.resolve();
  /** The reload a fire waits for when the disk no longer matches the current configuration. */
  private refreshing: Promise<unknown> | undefined;
  /** Why the last load failed; until one succeeds, every fire is refused with it. */
  private failure: unknown;
  private reported = 0;
  /** Every engine not closed yet, of every generation. */
  private readonly open = new OpenEngines();
  private readonly sessions = new SessionEnvironments();

  constructor(private readonly options: EngineSessionOptions) {}

  get config(): CliConfig {
    return this.loaded().config;
  }

  get readPaths(): readonly string[] {
    const { config, snapshot } = this.loaded();
    return snapshot?.paths ?? config.loaded.files.map((file) => file.path);
  }

  private loaded(): Generation {
    if (this.current === undefined) throw new Error('the resident project has not loaded yet');
    return this.current;
  }

  registerSession(sessionId: string, env: Readonly<Record<string, string>>): void {
    if (this.sessions.set(sessionId, env)) this.closeSessionEngines(sessionId);
  }

  endSession(sessionId: string): void {
    this.sessions.delete(sessionId);
    this.closeSessionEngines(sessionId);
  }

  async fire(spec: EventSpec, payload: Record<string, unknown>, options: FireOptions = {}): Promise<SessionFire> {
    let release: () => void = () => undefined;
    const claim = new Promise<void>((resolve) => {
      release = resolve;
    });
    const generation = await this.upToDate(claim);
    const sessionId = typeof payload.session_id === 'string' ? payload.session_id : '';
    const env = this.sessions.get(sessionId);
    const parts = options.parts ?? ALL_PARTS;
    const engine = this.engineFor(generation, sessionId, env, parts);
    const observers = this.options.observers ?? {};
    const elapsed = startStopwatch();
    const event = options.eventName ?? spec.name;
    observers.onFireStarted?.({ event, spec, payload });
    try {
      const result = await engine.fire(spec.name, payload);
      observers.onFireSettled?.({ event, spec, payload, result, durationMs: elapsed() });
      const notices = env === undefined && sessionId !== '' && result.hooks.length > 0 ? [`the server has not been told the environment of session ${sessionId} (its SessionStart entry runs hookpool-client, which tells it): its hooks ran with the server's own minimal environment`] : [];
      return { spec, result, config: generation.config, notices };
    } finally {
      generation.running.delete(claim);
      release();
      this.reportDrops();
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
    this.current = { config, snapshot, engines: new Map(), running: new Set() };
    this.reported = 0;
    const report = { hookCount: config.hooks.length, untrusted: newlyUntrusted(previous?.config, config), problems: config.loaded.problems };
    if (previous !== undefined) {
      for (const engine of previous.engines.values()) this.open.retire(engine, previous.running);
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
   * retires it meanwhile waits for this fire instead of closing its engines under it.
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
    this.closing ??= this.open.closeAll();
    return this.closing;
  }

  private engineFor(generation: Generation, sessionId: string, env: Readonly<Record<string, string>> | undefined, parts: HookParts): CliEngine {
    const key = `${sessionId}\n${describeParts(parts)}`;
    const existing = generation.engines.get(key);
    if (existing !== undefined) {
      generation.engines.delete(key);
      generation.engines.set(key, existing);
      return existing;
    }
    const engine = createEngineForSession({ config: generation.config, sessionId, env, parts, server: this.options, afterHook: () => this.reportDrops() });
    generation.engines.set(key, engine);
    this.open.add(engine);
    if (generation.engines.size > MAX_ENGINES) {
      const [oldestKey, oldest] = generation.engines.entries().next().value as [string, CliEngine];
      generation.engines.delete(oldestKey);
      this.closeEngine(oldest);
    }
    return engine;
  }

  private closeSessionEngines(sessionId: string): void {
    const generation = this.current;
    if (generation === undefined) return;
    for (const [key, engine] of generation.engines) {
      if (!key.startsWith(`${sessionId}\n`)) continue;
      generation.engines.delete(key);
      this.closeEngine(engine);
    }
  }

  // An engine retired while fires of its generation may still run: it closes once they settled.
  private closeEngine(engine: CliEngine): void {
    this.open.retire(engine, this.current?.running ?? []);
  }

  // Drops counted over the current generation's engines; an engine closed since takes its count along.
  private reportDrops(): void {
    const total = [...(this.current?.engines.values() ?? [])].reduce((sum, each) => sum + each.droppedBackgroundHooks, 0);
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
