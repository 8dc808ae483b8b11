// The one internal model every configuration format loads into.
import { EVENT_NAMES, EVENT_SPECS, type EventName, type EventSpec } from '../events/event-specs.js';
import type { HandlerFields } from './handler-fields.js';
import type { HookHandler, HookOrigin } from './hook-handler.js';

/** Every configuration format hookpool reads: which tool's hooks-file layout a file has (one reader each in layouts/). */
export const CONFIG_FORMATS = ['native', 'claude', 'autohand', 'wundr', 'opta', 'openclaw'] as const;

export type ConfigFormat = (typeof CONFIG_FORMATS)[number];

/** Every hook protocol hookpool speaks: Claude Code's and the seed designs'. */
export const HOOK_PROTOCOLS = ['claude', 'autohand', 'wundr', 'opta', 'openclaw'] as const;

/**
 * Which hook protocol a hook speaks: what it reads on stdin, which variables it gets and how its
 * exit code and stdout are read. Hooks from a seed's configuration speak that seed's protocol.
 */
export type HookProtocol = (typeof HOOK_PROTOCOLS)[number];

/** Wundr's risk levels, lowest first (`minRiskLevel` passes this level and above). */
export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
/** Wundr's notification levels, lowest first (`minNotificationLevel` passes this level and above). */
export const NOTIFICATION_LEVELS = ['info', 'warn', 'error'] as const;

/** Where a hook came from, for error messages, `hookpool list` and `enable`/`disable`. */
export interface HookSource {
  readonly file: string;
  /** JSON path of the hook's entry inside the file, e.g. `hooks.PreToolUse[0].hooks[1]`. */
  readonly jsonPath: string;
  readonly format: ConfigFormat;
}

/** What a hook inherits of the agent's environment: all of it, all but secret-looking variables, or a minimal set. */
export type EnvInherit = 'safe' | 'all' | 'none';

/** Which environment a hook's process gets (PROTOCOL.md, "Environment"). */
export interface EnvPolicy {
  /** `safe`: the agent's minus secret-looking names; `all`: everything; `none`: a short allowlist. */
  readonly inherit: EnvInherit;
  /** Names passed through even when `inherit` would drop them. */
  readonly pass: readonly string[];
  /** Variables set for this hook. */
  readonly set: Readonly<Record<string, string>>;
}

/** Extra conditions beyond the matcher (Autohand `filter`, Wundr matcher objects). */
export interface HookFilter {
  readonly tool?: readonly string[];
  readonly path?: readonly string[];
  readonly sessionId?: readonly string[];
  /** Globs on the subagent's id (`agent_id`). */
  readonly subagentId?: readonly string[];
  /** The payload's `risk_level` is at least this; a payload without one passes. */
  readonly minRiskLevel?: (typeof RISK_LEVELS)[number];
  /** The payload's `level` is at least this; a payload without one passes. */
  readonly minNotificationLevel?: (typeof NOTIFICATION_LEVELS)[number];
}

/** The optional OS sandbox of a hook (bubblewrap). */
export interface SandboxPolicy {
  /** Keep the network; off by default. */
  readonly network: boolean;
  /** Paths the hook may write, relative to its working directory; everything else is read-only. */
  readonly writable: readonly string[];
  /** Paths outside the project the hook may read, e.g. a script under the hidden home folder. */
  readonly readable: readonly string[];
}

/** How exit codes are read: Claude Code's table, or the Opta rule (any non-zero blocks a tool). */
export type ExitCodeRule = 'claude' | 'any-nonzero-blocks';

/**
 * What a hook that gave no answer (timed out, could not start, crashed, exit 126/127) means:
 * `open` lets the action proceed, `closed` refuses it. Either way the failure is reported.
 */
export type OnError = EventSpec['defaultOnError'];

/** A hook as the engine runs it; the Claude Code handler fields (`if`, `once`, ...) are in HandlerFields. */
export interface HookDefinition extends HandlerFields {
  readonly id: string;
  readonly event: EventName;
  readonly matcher: string | undefined;
  readonly filter: HookFilter | undefined;
  /** What runs: a process (`command`/`args`), a module's export in a pool worker, or an agent's function. */
  readonly handler: HookHandler;
  /** Where it came from: a built-in, a configuration file, a plugin, or `engine.register()`. */
  readonly origin: HookOrigin;
  /** Run through `sh -c`. For a command hook exactly one of `command` and `args` is set. */
  readonly command: string | undefined;
  /** An argv, run with no shell. */
  readonly args: readonly string[] | undefined;
  readonly timeoutMs: number;
  readonly background: boolean;
  readonly enabled: boolean;
  /**
   * False puts the hook in audit mode: it runs and its answer is recorded (FireResult.audited, the
   * history log, a "would block" notice), but nothing of it is applied, a failure included.
   */
  readonly enforce: boolean;
  readonly description: string | undefined;
  readonly env: EnvPolicy;
  readonly exitCodes: ExitCodeRule;
  /** Run after the hooks before it (by priority, higher first, then config order) instead of in parallel. */
  readonly sequential: boolean;
  /** Higher runs first (Wundr's rule): the order hooks start in, a chain's order, and Wundr's merge order. */
  readonly priority: number;
  /** Kill the hook's process group when it settles (the default); false lets descendants live on. */
  readonly killDescendants: boolean;
  readonly maxOutputBytes: number;
  /** Working directory; relative to the engine's cwd. */
  readonly cwd: string | undefined;
  /** Run inside bubblewrap; undefined runs the hook unconfined. */
  readonly sandbox: SandboxPolicy | undefined;
  /** Expand `{{field.path}}` in command/args from the payload, each value shell-quoted (Wundr). */
  readonly template: boolean;
  /** A hook that gives no answer: the action proceeds (`open`) or is refused (`closed`). */
  readonly onError: OnError;
  /** The hook protocol it speaks: its stdin, its variables, how its answer is read. */
  readonly protocol: HookProtocol;
  readonly source: HookSource | undefined;
  /**
   * A hook of a trusted project file: the SHA-256 of each project file it runs (by absolute path),
   * as the user approved them. Each is hashed again right before every run, and a hook whose
   * file changed since is not run. Undefined for every other hook.
   */
  readonly trustedScripts?: Readonly<Record<string, string>>;
  /**
   * Why this hook's entry could not be loaded (see BrokenHookEntry); such a hook never starts: it
   * fails, and so refuses its guard event. Undefined for every hook that loaded.
   */
  readonly loadError: string | undefined;
}

/**
 * A configuration entry that could not be loaded, as far as it could be read. On an event whose
 * guards fail closed it still guards: it runs as a hook that always fails (a broken guard refuses
 * instead of silently vanishing); elsewhere its problem line is all that remains.
 */
export interface BrokenHookEntry {
  /** The event, when the entry names a known one; undefined when the whole file was lost. */
  readonly event: EventName | undefined;
  /** The matcher, when the entry has a valid one; otherwise the broken hook matches everything. */
  readonly matcher: string | undefined;
  readonly source: HookSource;
  /** What is wrong, one line. */
  readonly reason: string;
  /** A skill's or subagent's entry: it refuses only where its hooks would have run (see HandlerFields). */
  readonly skill?: string | undefined;
  readonly agentType?: string | undefined;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;
/** The events whose guards fail closed: where a broken entry still refuses. */
export const FAIL_CLOSED_EVENTS: readonly EventName[] = EVENT_NAMES.filter((name) => EVENT_SPECS[name].defaultOnError === 'closed');

export const DEFAULT_ENV_POLICY: EnvPolicy = Object.freeze({ inherit: 'safe', pass: [], set: {} });
