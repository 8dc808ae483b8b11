// `hookpool serve --http`: a project's resident server as two processes. This one, the
// supervisor, is small and holds what must not go away while an agent session needs it: the
// loopback port Claude Code's http hooks post to, the socket hookpool-client calls, and each
// session's environment. The worker (worker.ts) holds the engines and runs the hooks; every
// connection is handed to it, the accepted socket itself passed over the IPC channel: this
// process reads none of it and is not in its way. If the worker dies or stops answering, the
// supervisor kills it and the hooks it left, and starts another (connections wait meanwhile), so
// the port is never free for another program to take while the server lives. The server stops
// within seconds once the last agent session it served has ended, after --idle-timeout when no
// session ever used it, when --parent-pid goes, or on a signal.
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { HookpoolError } from '../errors.js';
import { HOOKPOOL_EXECUTABLE } from '../package-root.js';
import type { ConfigOptions } from '../project/config-options.js';
import { resolveCliDirs } from '../project/load-project.js';
import { ensurePrivateDir } from '../project/server/private-dir.js';
import { claudeHttpHookUrl, defaultServePort } from '../project/server/server-address.js';
import { runtimeDir, serverRecordPath, serverSocketPath } from '../project/server/server-paths.js';
import { claimServerRecord, ownStartTicks, removeOwnServerRecord, writeServerRecord } from '../project/server/server-record.js';
import { killMarkedProcesses } from '../run/reap-marked.js';
import { createLifetime } from './lifetime.js';
import { createSessionRegistry } from './session-registry.js';
import { MAX_CONNECTIONS, WORKER_MARK_VARIABLE, type ConnectionKind, type FromWorker, type ToWorker } from './worker-channel.js';

export interface SupervisorOptions extends ConfigOptions {
  /** The HTTP port; undefined: derived from the project (defaultServePort); 0: any free port. */
  readonly port?: number | undefined;
  readonly idleTimeoutMs: number;
  readonly parentPid?: number | undefined;
  readonly passEnv?: readonly string[];
}

// A worker that has not answered a ping for this long is taken for stopped (kill -STOP) or stuck.
const PING_MS = 250;
const UNRESPONSIVE_MS = 1_000;
// A connection waits this long for a worker to (re)start before it is closed.
const WORKER_WAIT_MS = 10_000;
// Restarts allowed within RESTART_WINDOW_MS before the server gives up and stops.
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
// After the last session ended: a new one starting right away keeps the server.
const LAST_SESSION_GRACE_MS = 2_000;
// How long a stopping worker gets to close its engines (their close timeout, 5 s) before it is killed.
const WORKER_STOP_MS = 8_000;

/** Runs the server until it stops; resolves when everything it started is gone. */
export async function runSupervisor(options: SupervisorOptions): Promise<void> {
  const { cwd } = await resolveCliDirs(options);
  const recordPath = serverRecordPath(cwd);
  const live = claimServerRecord(recordPath, cwd);
  if (live !== null && live.pid !== process.pid) throw new HookpoolError('ERR_HOOKPOOL_SERVER_RUNNING', `a hookpool server for ${live.projectDir} already runs (pid ${live.pid}, port ${live.port})`);
  const log = (line: string) => process.stderr.write(`hookpool serve: ${line}\n`);
  const mark = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const clientSocket = serverSocketPath(cwd);
  let stopping = false;
  let worker: ChildProcess | undefined;
  let workerReady = false;
  let lastPong = Date.now();
  const restarts: number[] = [];
  const waiting: (() => void)[] = [];
  // Connections waiting for a worker, and those whose handing over a worker that exited never sent (the next one gets them).
  const sockets = new Set<Socket>();
  const unsent = new Map<Socket, { readonly to: ChildProcess; readonly retry: () => void }>();
  // The worker holds connections open: a request in flight, however long, is not idleness.
  let workerBusy = false;
  const setWorkerBusy = (busy: boolean) => {
    if (busy !== workerBusy) lifetime.activity((workerBusy = busy));
  };

  let stopped: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  const servers: Server[] = [];
  const registry = createSessionRegistry({
    onEnded: (id) => sendWorker({ t: 'end-session', id }),
    onEmpty: () => setTimeout(() => registry.sessions.size === 0 && stop('the last agent session it served has ended'), LAST_SESSION_GRACE_MS).unref(),
  });
  const lifetime = createLifetime({
    idleMs: options.idleTimeoutMs,
    parentPid: options.parentPid,
    // Sessions, not the clock, decide while agents use the server.
    stop: (reason) => (reason.startsWith('idle') && registry.sessions.size > 0 ? undefined : stop(reason)),
  });

  function sendWorker(message: ToWorker): void {
    if (worker?.connected) worker.send(message, () => undefined);
  }

  function startWorker(httpPort: number, httpProblem: string | null): void {
    workerReady = false;
    const args = [HOOKPOOL_EXECUTABLE, 'serve', '--worker', '--cwd', cwd];
    for (const file of options.config ?? []) args.push('--config', file);
    for (const file of options.claudeSettings ?? []) args.push('--claude-settings', file);
    for (const dir of options.plugin ?? []) args.push('--plugin', dir);
    for (const name of options.passEnv ?? []) args.push('--pass-env', name);
    const child = fork(args[0]!, args.slice(1), { cwd, stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execPath: process.execPath });
    worker = child;
    child.on('message', (message: FromWorker) => {
      if (message.t === 'pong') {
        lastPong = Date.now();
        setWorkerBusy(message.connections > 0);
      } else if (message.t === 'ready') {
        workerReady = true;
        lastPong = Date.now();
        for (const resume of waiting.splice(0)) resume();
      } else if (message.t === 'session') registry.register(message.id, { env: message.env, agent: message.agent });
      else if (message.t === 'log') log(message.line);
    });
    child.once('exit', (code, signal) => {
      if (worker === child) {
        worker = undefined;
        workerReady = false;
        setWorkerBusy(false);
      }
      for (const [socket, { to, retry }] of unsent) {
        if (to !== child) continue;
        unsent.delete(socket);
        waiting.push(retry);
      }
      // What its hooks left: nothing a dead worker started may outlive it.
      killMarkedProcesses(WORKER_MARK_VARIABLE, mark);
      if (stopping) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length > MAX_RESTARTS) return stop(`its worker kept failing (last exit: ${signal ?? code})`);
      log(`its worker exited (${signal ?? `code ${code}`}); starting another`);
      startWorker(httpPort, httpProblem);
    });
    child.send({ t: 'init', mark, status: { pid: process.pid, httpPort, httpProblem } } satisfies ToWorker);
    for (const [id, session] of registry.sessions) child.send({ t: 'session', id, env: session.env } satisfies ToWorker);
  }

  // Every connection goes to the worker once one is ready to take it: the socket itself, unread.
  function handOver(socket: Socket, kind: ConnectionKind): void {
    sockets.add(socket);
    lifetime.activity(true);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      sockets.delete(socket);
      lifetime.activity(false);
    };
    socket.once('close', release);
    socket.on('error', () => socket.destroy());
    const deadline = Date.now() + WORKER_WAIT_MS;
    const attempt = () => {
      if (socket.destroyed || stopping) return socket.destroy();
      const to = worker;
      if (!workerReady || to === undefined || !to.connected) {
        if (Date.now() > deadline) return socket.destroy();
        waiting.push(attempt);
        return;
      }
      // Sent once the worker took the one before; a worker that exits first leaves it to the next.
      unsent.set(socket, { to, retry: attempt });
      to.send({ t: 'connection', kind } satisfies ToWorker, socket, (error) => {
        unsent.delete(socket);
        if (error) socket.destroy();
        // Sent: the socket is the worker's now (this process closes its copy).
        release();
      });
    };
    attempt();
  }

  const heartbeat = setInterval(() => {
    if (!workerReady || worker === undefined) return;
    if (Date.now() - lastPong > UNRESPONSIVE_MS) {
      log('its worker stopped answering; killing it');
      worker.kill('SIGKILL');
      return;
    }
    sendWorker({ t: 'ping' });
  }, PING_MS);

  function stop(reason: string): void {
    if (stopping) return;
    stopping = true;
    log(`stopping (${reason})`);
    void (async () => {
      clearInterval(heartbeat);
      lifetime.dispose();
      registry.dispose();
      for (const server of servers) server.close();
      removeOwnServerRecord(recordPath);
      for (const resume of waiting.splice(0)) resume();
      const exiting = worker;
      if (exiting !== undefined) {
        const exited = new Promise<void>((resolve) => exiting.once('exit', () => resolve()));
        sendWorker({ t: 'stop' });
        const timer = setTimeout(() => exiting.kill('SIGKILL'), WORKER_STOP_MS);
        await exited;
        clearTimeout(timer);
      }
      killMarkedProcesses(WORKER_MARK_VARIABLE, mark);
      for (const socket of sockets) socket.destroySoon();
      rmSync(clientSocket, { force: true });
      stopped();
    })();
  }

  ensurePrivateDir(runtimeDir());
  rmSync(clientSocket, { force: true });
  servers.push(await listen(withConnectionCap(createServer({ pauseOnConnect: true }, (socket) => handOver(socket, 'client'))), clientSocket));
  const port = options.port ?? defaultServePort(cwd);
  let httpPort = 0;
  let httpProblem: string | null = null;
  try {
    // Only the user's own processes (and root's) are answered, a token-free endpoint: the worker checks the peer (handed-connections.ts).
    const tcp = createServer({ pauseOnConnect: true }, (socket) => handOver(socket, 'tcp'));
    servers.push(await listen(withConnectionCap(tcp), port, '127.0.0.1'));
    httpPort = (tcp.address() as { port: number }).port;
  } catch (error) {
    httpProblem = `cannot listen on 127.0.0.1:${port} (${(error as NodeJS.ErrnoException).code ?? describe(error)})`;
    log(`${httpProblem}: Claude Code's http hooks cannot reach it; hookpool-client still can`);
  }
  startWorker(httpPort, httpProblem);
  try {
    writeServerRecord(recordPath, { port: httpPort, pid: process.pid, startTicks: ownStartTicks(), projectDir: cwd, ...(httpProblem === null ? {} : { httpProblem }) });
  } catch (error) {
    stop('its record could not be written');
    await finished;
    throw new HookpoolError('ERR_HOOKPOOL_SERVER_RECORD', `cannot write ${recordPath} (${describe(error)}): clients would not find this server`);
  }
  if (httpPort > 0) log(`listening on ${claudeHttpHookUrl(httpPort)} and ${clientSocket} for ${cwd} (pid ${process.pid})`);
  await finished;
}

function withConnectionCap(server: Server): Server {
  server.maxConnections = MAX_CONNECTIONS;
  return server;
}

function listen(server: Server, ...where: [string] | [number, string]): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(...(where as [number, string]), () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
