// One engine per CLI invocation: no pool (a one-shot process runs a few hooks, spawned directly),
// warnings on stderr, a depth mark so a hook that runs `hookpool run` cannot recurse forever, and
// every settled hook recorded for `hookpool history`.
import { createHookEngine, type HookEngine } from '../engine/create-engine.js';
import type { HookEngineOptions } from '../engine/engine-options.js';
import type { LoadedHooksConfig } from '../config/loaded-config.js';
import type { NativeHookInput } from '../config/native-schema.js';
import { DEPTH_VARIABLE } from './nested-run.js';
import { createStderrLogger } from './stderr-logger.js';
import { defaultRunLogPath, runLogWriter } from './history/run-log.js';

export interface CliEngineOptions {
  readonly hooks: readonly NativeHookInput[];
  /** Configuration that could not be loaded: it keeps refusing guard events. */
  readonly broken?: Pick<LoadedHooksConfig, 'brokenHooks' | 'brokenFiles'>;
  readonly cwd: string;
  readonly sessionId?: string | undefined;
  readonly transcriptPath?: string | undefined;
  readonly permissionMode?: string | undefined;
  readonly disableAllHooks?: boolean;
  readonly onHookSettled?: HookEngineOptions['onHookSettled'];
  readonly onHookStarted?: HookEngineOptions['onHookStarted'];
  /** Print the engine's warnings on stderr (off when the caller shows them itself). */
  readonly warnOnStderr?: boolean;
  /** Variable names every hook gets although they look secret (--pass-env and the user policy). */
  readonly passEnv?: readonly string[];
}

export function createCliEngine(options: CliEngineOptions): HookEngine {
  const depth = Number(process.env[DEPTH_VARIABLE] ?? 0);
  const runLog = runLogWriter(defaultRunLogPath());
  const backgroundTimeoutsMs = options.hooks.filter((hook) => hook.background === true).map((hook) => hook.timeout ?? 10_000);
  const engine = createHookEngine({
    hooks: [...options.hooks],
    brokenHooks: options.broken?.brokenHooks,
    brokenFiles: options.broken?.brokenFiles,
    cwd: options.cwd,
    projectDir: process.env.CLAUDE_PROJECT_DIR,
    sessionId: options.sessionId,
    transcriptPath: options.transcriptPath,
    permissionMode: options.permissionMode,
    disableAllHooks: options.disableAllHooks,
    logger: options.warnOnStderr === false ? undefined : createStderrLogger(),
    env: { ...process.env, [DEPTH_VARIABLE]: String(depth + 1) },
    passEnv: [...(options.passEnv ?? [])],
    // A one-shot command runs a few hooks: spawning them directly skips booting a worker thread.
    host: 'direct',
    pool: { threads: 1 },
    // A one-shot process lets background hooks finish (each settles by its own timeout) before exiting.
    closeTimeout: Math.max(0, ...backgroundTimeoutsMs) + 1_000,
    // Every settled hook goes to the history log (hookpool history), then to the caller's observer.
    onHookSettled: (settled) => {
      const { id, status, durationMs, exitCode } = settled.outcome;
      runLog.record({ at: new Date().toISOString(), id, event: settled.event, status, durationMs, exitCode });
      options.onHookSettled?.(settled);
    },
    onHookStarted: options.onHookStarted,
  });
  // Records are written in batches (off each fire's path): the engine's runs are on disk once close() resolves.
  const closeEngine = engine.close.bind(engine);
  engine.close = () => closeEngine().finally(() => runLog.flush());
  return engine;
}
