// `hookpool serve`: one engine session for a project, reachable over loopback HTTP (Claude Code's
// http hooks and the command-hook client) and/or JSON-RPC on stdio, reloaded when its
// configuration changes, stopped when idle, when its agent goes, on a signal or when asked.
import type { ConfigOptions } from '../cli/config-options.js';
import { resolveCliDirs } from '../project/load-project.js';
import { HookpoolError } from '../errors.js';
import { describeError } from '../cli/report-error.js';
import { watchConfigFiles, type ConfigWatcher } from './config-watcher.js';
import { createEngineSession, type EngineSession, type SessionObservers } from '../project/resident-engine.js';
import { startHttpEndpoint, type HttpEndpoint } from './http-endpoint.js';
import { claudeHttpHookUrl, defaultServePort } from '../project/server/server-address.js';
import { createRpcConnection, type RpcConnection } from './json-rpc-connection.js';
import { createLifetime } from './lifetime.js';
import { createRpcMethods } from './rpc-methods.js';
import { notifyingObservers } from './rpc-notifications.js';
import { claimServerRecord, removeOwnServerRecord, writeServerRecord } from '../project/server/server-record.js';
import { serverRecordPath } from '../project/server/server-paths.js';
import { ensureServeToken } from '../project/server/server-token.js';

export interface ResidentServerOptions extends ConfigOptions {
  readonly http: boolean;
  readonly stdio: boolean;
  /** The HTTP port; undefined: derived from the project (defaultServePort); 0: any free port. */
  readonly port?: number | undefined;
  readonly idleTimeoutMs: number;
  readonly parentPid?: number | undefined;
  readonly passEnv?: readonly string[];
}

/** Runs the server until it stops; resolves when everything it started is closed. */
export async function runResidentServer(options: ResidentServerOptions): Promise<void> {
  const { cwd } = await resolveCliDirs(options);
  const recordPath = serverRecordPath(cwd);
  if (options.http) claimProject(recordPath, cwd);
  const token = options.http ? ensureServeToken() : '';
  let rpc: RpcConnection | undefined;
  const notify = (method: string, params: unknown) => rpc?.notify(method, params);
  const observers: SessionObservers = {
    ...(options.stdio ? notifyingObservers(notify) : {}),
    onReloaded: (report) => {
      for (const path of report.untrusted) process.stderr.write(`hookpool serve: ${path} changed: its hooks stay off until you run "hookpool trust"\n`);
      notify('hookpool.config.reloaded', report);
      // The new load may have looked at other files (a script added, a file now found).
      if (!stopping) rewatch();
    },
    onReloadFailed: (error) => {
      process.stderr.write(`hookpool serve: the configuration no longer loads, fires are refused until it does: ${describeError(error)}\n`);
      notify('hookpool.config.failed', { error: describeError(error) });
      if (!stopping) rewatch();
    },
  };
  const configOptions = { config: options.config, claudeSettings: options.claudeSettings, plugin: options.plugin, cwd };
  // Called by Claude Code (http hooks, the client): the hooks in its own settings are its to run, as with run --format claude.
  let session: EngineSession;
  try {
    session = await createEngineSession({ ...configOptions, passEnv: options.passEnv, skipDiscoveredClaudeSettings: options.http && !options.stdio, observers });
  } catch (error) {
    if (options.http) removeOwnServerRecord(recordPath);
    throw error;
  }

  let stopped: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  let stopping = false;
  let endpoint: HttpEndpoint | undefined;
  let watcher: ConfigWatcher | undefined;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`hookpool serve: stopping (${reason})\n`);
    void (async () => {
      lifetime.dispose();
      watcher?.close();
      if (options.http) removeOwnServerRecord(recordPath);
      // Requests in flight are answered once the engine has closed (their hooks settled or killed).
      const endpointClosed = endpoint?.close();
      await session.close();
      await endpointClosed;
      if (options.stdio) process.stdin.destroy();
      stopped();
    })();
  };
  const lifetime = createLifetime({ idleMs: options.idleTimeoutMs, parentPid: options.parentPid, stop });

  // What a reload finds, or why it fails, the session's observers report (and re-watch).
  const reload = () => {
    if (!stopping) void session.reload().catch(() => undefined);
  };
  function rewatch(): void {
    watcher?.close();
    watcher = watchConfigFiles(session.readPaths, reload);
  }
  rewatch();

  if (options.http) {
    const port = options.port ?? defaultServePort(cwd);
    // Not started after all: everything started so far stops before the error is reported.
    const abandon = async (reason: string, error: HookpoolError) => {
      stop(reason);
      await finished;
      return error;
    };
    try {
      endpoint = await startHttpEndpoint({ session, token, port, onActivity: (busy) => lifetime.activity(busy) });
    } catch (error) {
      throw await abandon('the port could not be bound', new HookpoolError('ERR_HOOKPOOL_USAGE', `cannot listen on 127.0.0.1:${port}${errnoSuffix(error)}: choose another --port`));
    }
    try {
      writeServerRecord(recordPath, { port: endpoint.port, pid: process.pid, projectDir: cwd });
    } catch (error) {
      throw await abandon('its record could not be written', new HookpoolError('ERR_HOOKPOOL_SERVER_RECORD', `cannot write ${recordPath}${errnoSuffix(error)}: clients would not find this server`));
    }
    process.stderr.write(`hookpool serve: listening on ${claudeHttpHookUrl(endpoint.port)} for ${cwd} (pid ${process.pid})\n`);
  }
  if (options.stdio) {
    const methods = createRpcMethods({ session, configOptions, stop });
    rpc = createRpcConnection({ input: process.stdin, output: process.stdout, methods, onEnd: () => stop('stdin closed'), onActivity: (busy) => lifetime.activity(busy) });
  }
  await finished;
}

function errnoSuffix(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ? ` (${code})` : '';
}

/** Claims the project's record, or refuses when a live server already answers for it. */
function claimProject(recordPath: string, cwd: string): void {
  const live = claimServerRecord(recordPath, cwd);
  if (live !== null && live.pid !== process.pid) {
    throw new HookpoolError('ERR_HOOKPOOL_SERVER_RUNNING', `a hookpool server for ${live.projectDir} already runs (pid ${live.pid}, port ${live.port})`);
  }
}
