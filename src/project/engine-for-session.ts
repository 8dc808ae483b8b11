// The engine a resident project (`hookpool serve`) fires one session's events in: built from the
// loaded configuration exactly as `hookpool run` builds its one-shot engine, with that session's
// environment, the server's mark on every hook process, warnings as notices instead of stderr,
// and a short close timeout (a stopping server or an ended session does not wait for hooks).
import { serverExports } from '../telemetry/serve-telemetry.js';
import type { EngineSessionOptions } from './engine-session.js';
import { selectHooks, type HookParts } from './hook-parts.js';
import type { CliConfig } from './load-project.js';
import { createCliEngine, type CliEngine } from './one-shot-engine.js';

const RESIDENT_CLOSE_TIMEOUT_MS = 1_000;

export interface SessionEngineOptions {
  readonly config: CliConfig;
  /** The payload's session_id; '' where it names none. */
  readonly sessionId: string;
  /** The environment the session registered; undefined: the server's own. */
  readonly env: Readonly<Record<string, string>> | undefined;
  /** Which of the configuration's hooks the engine runs. */
  readonly parts: HookParts;
  /** The server's options: its observers, --pass-env and hook marker. */
  readonly server: Pick<EngineSessionOptions, 'observers' | 'passEnv' | 'hookMarker'>;
  /** Called once each hook has started, and once it has settled (after the observers). */
  readonly afterHook: () => void;
}

export function createEngineForSession({ config, sessionId, env, parts, server, afterHook }: SessionEngineOptions): CliEngine {
  const observers = server.observers ?? {};
  return createCliEngine({
    hooks: selectHooks(config.hooks.map((hook) => hook.definition), parts),
    broken: parts.has('foreground') ? config.loaded : undefined,
    cwd: config.cwd,
    sessionId: sessionId === '' ? undefined : sessionId,
    env,
    hookMarker: server.hookMarker,
    // A server that stops (or a session that ends) does not wait for its hooks' own timeouts: a second, then they are killed.
    closeTimeoutMs: RESIDENT_CLOSE_TIMEOUT_MS,
    passEnv: [...config.loaded.passEnv, ...(server.passEnv ?? [])],
    disableAllHooks: config.loaded.disableAllHooks,
    // The server has no terminal: its warnings go to the caller as notices, not to stderr.
    warnOnStderr: false,
    telemetry: serverExports(),
    onHookStarted: (started) => {
      observers.onHookStarted?.(started);
      afterHook();
    },
    onHookSettled: (settled) => {
      observers.onHookSettled?.(settled);
      afterHook();
    },
  });
}
