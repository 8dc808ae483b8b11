// `hookpool serve --stdio`: one engine session for a project, spoken to in JSON-RPC on stdin and
// stdout by the agent that spawned it, reloaded when its configuration changes, stopped when
// stdin closes, when idle, when its agent goes, on a signal or when asked.
import { startServeTelemetry } from '../telemetry/serve-telemetry.js';
import type { ConfigOptions } from '../project/config-options.js';
import { resolveCliDirs } from '../project/load-project.js';
import { describeError } from '../errors.js';
import { watchSession, type SessionWatch } from './config-watcher.js';
import type { EngineSession, SessionObservers } from '../project/engine-session.js';
import { createEngineSession } from '../project/resident-engine.js';
import { createRpcConnection, type RpcConnection } from './json-rpc-connection.js';
import { createLifetime } from './lifetime.js';
import { createRpcMethods } from './rpc-methods.js';
import { notifyingObservers } from './rpc-notifications.js';

export interface StdioServerOptions extends ConfigOptions {
  readonly idleTimeoutMs: number;
  readonly parentPid?: number | undefined;
  readonly passEnv?: readonly string[];
}

/** Runs the server until it stops; resolves when everything it started is closed. */
export async function runStdioServer(options: StdioServerOptions): Promise<void> {
  const { cwd } = await resolveCliDirs(options);
  const stopTelemetry = startServeTelemetry();
  let rpc: RpcConnection | undefined;
  const notify = (method: string, params: unknown) => rpc?.notify(method, params);
  const observers: SessionObservers = {
    ...notifyingObservers(notify),
    onReloaded: (report) => {
      for (const path of report.untrusted) process.stderr.write(`hookpool serve: ${path} changed: its hooks stay off until you run "hookpool trust"\n`);
      notify('hookpool.config.reloaded', report);
      // The new load may have looked at other files (a script added, a file now found).
      watch?.rewatch();
    },
    onReloadFailed: (error) => {
      process.stderr.write(`hookpool serve: the configuration no longer loads, fires are refused until it does: ${describeError(error)}\n`);
      notify('hookpool.config.failed', { error: describeError(error) });
      watch?.rewatch();
    },
  };
  const configOptions = { config: options.config, claudeSettings: options.claudeSettings, plugin: options.plugin, cwd };
  const session: EngineSession = await createEngineSession({ ...configOptions, passEnv: options.passEnv, observers });

  let stopped: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  let stopping = false;
  let watch: SessionWatch | undefined;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`hookpool serve: stopping (${reason})\n`);
    void (async () => {
      lifetime.dispose();
      watch?.close();
      await session.close();
      await stopTelemetry();
      process.stdin.destroy();
      stopped();
    })();
  };
  const lifetime = createLifetime({ idleMs: options.idleTimeoutMs, parentPid: options.parentPid, stop });

  // What a reload finds, or why it fails, the session's observers report (and re-watch).
  watch = watchSession(session);

  const methods = createRpcMethods({ session, configOptions, stop });
  rpc = createRpcConnection({ input: process.stdin, output: process.stdout, methods, onEnd: () => stop('stdin closed'), onActivity: (busy) => lifetime.activity(busy) });
  await finished;
}
