// What `hookpool init --agent` writes into an agent's settings: one file, and in it the entries
// hookpool owns in each of the agent's hook lists. Each dialect says its own (dialect.ts); the
// writer (wire-settings.ts) keeps every other byte of the file.
import type { EventName } from '../../events/event-specs.js';

/** What init knows about the configured hooks of one canonical event. */
export interface EventWiring {
  /** The longest timeout among them, in milliseconds. */
  readonly slowestHookMs: number;
  /**
   * The canonical tool names their matchers name, when every one of them names tools by exact
   * names; null when one matches every tool or uses a pattern (then the entry matches every tool).
   */
  readonly toolNames: readonly string[] | null;
  /** Some of them run in the foreground (the agent waits for the answer). */
  readonly foreground: boolean;
  /** Some of them run in the background (`background` / Claude Code's `async`). */
  readonly background: boolean;
  /** Some of them are `asyncRewake`: in the background, and exit 2 wakes the model. */
  readonly rewake: boolean;
}

/** How an entry starts hookpool, resolved when init runs (see project/hookpool-launcher.ts). */
export interface HookpoolLauncher {
  /** A shell command line running `hookpool <args>`. */
  readonly cli: (args: string) => string;
  /** A shell command line running `hookpool-client <args>`. */
  readonly client: (args: string) => string;
}

export interface WiringContext {
  readonly projectDir: string;
  readonly events: ReadonlyMap<EventName, EventWiring>;
  readonly launcher: HookpoolLauncher;
  /** Where the project's resident server answers http hooks (Claude Code's `type: "http"` entries). */
  readonly http: { readonly url: string; readonly port: number };
  /** How the agent reaches hookpool on the events where it could choose: one process per call, or the resident server. */
  readonly transport: 'http' | 'command';
}

export interface AgentSettings {
  /** The settings file, relative to the project. */
  readonly file: string;
  /** A new file's content before the hooks are added. */
  readonly emptyDocument: Readonly<Record<string, unknown>>;
  /** The items hookpool owns in each of the agent's hook lists (`hooks[<agent event>]`). */
  readonly entries: (context: WiringContext) => ReadonlyMap<string, readonly Record<string, unknown>[]>;
  /** What the user must do in the agent for the entries to run. */
  readonly enablingSteps: (projectDir: string) => readonly string[];
  /** When the agent lets a guard event's action through although hookpool did not answer (it has no fail-closed setting for that); absent when it always refuses. */
  readonly guardsProceedWhen?: string;
}
