// The engine of a CLI invocation (and of a resident server's session): no pool (a one-shot process runs a few hooks, spawned directly),
// warnings on stderr, a depth mark so a hook that runs `hookpool run` cannot recurse forever, and
// every settled hook recorded for `hookpool history`. Built from the definitions the configuration
// loader (or its cache) checked: no zod, pino or piscina is loaded for them.
import { brokenHookDefinitions } from '../config/broken-hooks.js';
import type { LoadedHooksConfig } from '../config/loaded-config.js';
import type { HookDefinition } from '../model/hook-definition.js';
import { withDefaults } from '../engine/engine-defaults.js';
import type { HookEngineOptions } from '../engine/engine-options.js';
import { Engine } from '../engine/engine.js';
import type { HookEngine } from '../engine/hook-engine.js';
import { createDirectHost } from '../run/direct-host.js';
import { DEPTH_VARIABLE } from './nested-run.js';
import { SILENT_LOGGER } from '../engine/engine-logger.js';
import { createStderrLogger } from './stderr-logger.js';
import { defaultRunLogPath, runLogWriter } from './run-log.js';
import { recordsContents } from '../telemetry/otel-env.js';

export interface CliEngineOptions {
  /** Checked and named by the configuration loader (ListedHook.definition). */
  readonly hooks: readonly HookDefinition[];
  /** Configuration that could not be loaded: it keeps refusing guard events. */
  readonly broken?: Pick<LoadedHooksConfig, 'brokenHooks' | 'brokenFiles'>;
  readonly cwd: string;
  readonly sessionId?: string | undefined;
  readonly transcriptPath?: string | undefined;
  readonly permissionMode?: string | undefined;
  readonly disableAllHooks?: boolean;
  readonly onHookSettled?: HookEngineOptions['onHookSettled'];
  readonly onHookStarted?: HookEngineOptions['onHookStarted'];
  /** An asyncRewake hook exited 2 (see hook-parts.ts). */
  readonly onRewake?: HookEngineOptions['onRewake'];
  /** Print the engine's warnings on stderr (off when the caller shows them itself). */
  readonly warnOnStderr?: boolean;
  /** The environment hooks are given (minus secrets, per policy): the agent's. Default: this process's. */
  readonly env?: NodeJS.ProcessEnv;
  /** How long close() waits for background hooks; default: the slowest one's timeout (a one-shot process lets them finish). */
  readonly closeTimeoutMs?: number;
  /** Variables every hook process carries whatever its policy (the server's mark: its supervisor finds them by it). */
  readonly hookMarker?: Readonly<Record<string, string>>;
  /** Variable names every hook gets although they look secret (--pass-env and the user policy). */
  readonly passEnv?: readonly string[];
  /** Record each settled hook for `hookpool history` (default); `replay` keeps its runs out of it. */
  readonly recordHistory?: boolean;
  /**
   * Make spans and metrics: only when this process started an export (the API is not even loaded
   * otherwise). The payload and hook output go on the spans with HOOKPOOL_OTEL_RECORD_CONTENTS=1 in `env`.
   */
  readonly telemetry?: boolean;
}

/** The CLI's engine: everything but register(), which it never needs. */
export type CliEngine = Omit<HookEngine, 'register'>;

export function createCliEngine(options: CliEngineOptions): CliEngine {
  const env = options.env ?? process.env;
  const depth = Number(env[DEPTH_VARIABLE] ?? 0);
  const runLog = options.recordHistory === false ? undefined : runLogWriter(defaultRunLogPath());
  const backgroundTimeoutsMs = options.hooks.filter((hook) => hook.background === true).map((hook) => hook.timeoutMs);
  const resolved = withDefaults({
    cwd: options.cwd,
    projectDir: env.CLAUDE_PROJECT_DIR,
    sessionId: options.sessionId,
    transcriptPath: options.transcriptPath,
    permissionMode: options.permissionMode,
    disableAllHooks: options.disableAllHooks,
    env: { ...env, [DEPTH_VARIABLE]: String(depth + 1) },
    passEnv: [...(options.passEnv ?? [])],
    // A one-shot command runs a few hooks: spawning them directly skips booting a worker thread.
    host: 'direct',
    pool: { threads: 1 },
    // A one-shot process lets background hooks finish (each settles by its own timeout) before exiting.
    closeTimeout: options.closeTimeoutMs ?? Math.max(0, ...backgroundTimeoutsMs) + 1_000,
    // Every settled hook goes to the history log (hookpool history), then to the caller's observer.
    onHookSettled: (settled) => {
      const { id, status, durationMs, exitCode } = settled.outcome;
      // blocked: the hook refused on its own; wouldBlock: present on runs in audit mode only.
      runLog?.record({ at: new Date().toISOString(), id, event: settled.event, status, durationMs, exitCode, project: options.cwd, ...(settled.refused ? { blocked: true } : {}), ...(settled.wouldBlock === undefined ? {} : { wouldBlock: settled.wouldBlock }) });
      options.onHookSettled?.(settled);
    },
    onHookStarted: options.onHookStarted,
    onRewake: options.onRewake,
    telemetry: options.telemetry === true ? { contents: recordsContents(env) } : false,
  });
  const broken = brokenHookDefinitions(options.broken?.brokenHooks ?? [], options.broken?.brokenFiles ?? []);
  const engine = new Engine({
    options: resolved,
    hooks: [...options.hooks, ...broken],
    logger: options.warnOnStderr === false ? SILENT_LOGGER : createStderrLogger(),
    startHost: (hostOptions, context) => createDirectHost({ ...hostOptions.pool, ...context, baseEnvByHook: withMarker(context.baseEnvByHook, options.hookMarker) }),
  });
  // Records are written in batches (off each fire's path): the engine's runs are on disk once close() resolves.
  const closeEngine = engine.close.bind(engine);
  engine.close = () => closeEngine().finally(() => runLog?.flush());
  return engine;
}

function withMarker(baseEnvByHook: Record<string, Record<string, string>>, marker: Readonly<Record<string, string>> | undefined): Record<string, Record<string, string>> {
  if (marker === undefined) return baseEnvByHook;
  // Hooks registered later carry their environment in the task and get the marker under the inline key.
  return Object.fromEntries([['', {}], ...Object.entries(baseEnvByHook)].map(([key, env]) => [key, { ...env, ...marker }]));
}
