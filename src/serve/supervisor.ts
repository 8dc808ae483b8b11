// `hookpool serve --http`: a project's resident server as two processes. This one, the
// supervisor, is small and holds what must not go away while an agent session needs it: the
// loopback port Claude Code's http hooks post to, the socket hookpool-client calls (both bound
// here and accepted on by the worker: bound-sockets.ts), and each session's environment. The
// worker (worker.ts) holds the engines, accepts the connections and runs the hooks; this process
// reads no connection and is not in a call's way. If the worker dies or stops answering, the
// supervisor kills it and the hooks it left, and starts another (connections wait in the kernel's
// queue meanwhile), so the port is never free for another program to take while the server lives. The server stops
// within seconds once the last agent session it served has ended, after --idle-timeout when no
// session ever used it, when --parent-pid goes, or on a signal.
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { HookpoolError } from '../errors.js';
import { HOOKPOOL_EXECUTABLE } from '../package-root.js';
import type { ConfigOptions } from '../project/config-options.js';
import { resolveCliDirs } from '../project/load-project.js';
import { ensurePrivateDir } from '../project/server/private-dir.js';
import { claudeHttpHookUrl, defaultServePort } from '../project/server/server-address.js';
import { runtimeDir, serverRecordPath, serverSocketPath } from '../project/server/server-paths.js';
import { claimServerRecord, ownStartTicks, removeOwnServerRecord, writeServerRecord } from '../project/server/server-record.js';
import { killMarkedProcesses } from '../run/reap-marked.js';
import { bindLoopbackPort, bindUnixSocket, type BoundHandle } from './bound-sockets.js';
import { createLifetime } from './lifetime.js';
import { createSessionRegistry } from './session-registry.js';
import { WORKER_MARK_VARIABLE, type FromWorker, type ToWorker } from './worker-channel.js';

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
  // The worker holds connections open: a request in flight, however long, is not idleness.
  let workerBusy = false;
  const setWorkerBusy = (busy: boolean) => {
    if (busy !== workerBusy) lifetime.activity((workerBusy = busy));
  };

  let stopped: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  // Resolves with the first worker's listening problem on the port (null: none), or undefined when the server stopped before.
  let firstReady: (httpProblem: string | null | undefined) => void = () => undefined;
  const ready = new Promise<string | null | undefined>((resolve) => {
    firstReady = resolve;
  });
  const bound: { client?: BoundHandle; tcp?: BoundHandle } = {};
  let httpPort = 0;
  let httpProblem: string | null = null;
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

  function startWorker(): void {
    workerReady = false;
    // The idle clock waits for a worker that can take calls.
    setWorkerBusy(true);
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
        setWorkerBusy(message.connections > 0);
        // The port taken by another program before the first worker listened: no later worker could.
        if (message.httpProblem !== null) {
          [httpProblem, httpPort] = [message.httpProblem, 0];
          bound.tcp?.close();
          delete bound.tcp;
        }
        firstReady(message.httpProblem);
      } else if (message.t === 'session') registry.register(message.id, { env: message.env, agent: message.agent });
      else if (message.t === 'log') log(message.line);
    });
    child.once('exit', (code, signal) => {
      if (worker === child) {
        worker = undefined;
        workerReady = false;
        setWorkerBusy(false);
      }
      // What its hooks left: nothing a dead worker started may outlive it.
      killMarkedProcesses(WORKER_MARK_VARIABLE, mark);
      if (stopping) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length > MAX_RESTARTS) return stop(`its worker kept failing (last exit: ${signal ?? code})`);
      log(`its worker exited (${signal ?? `code ${code}`}); starting another`);
      startWorker();
    });
    // The sockets first: the worker starts accepting on them once its engines are loaded.
    if (bound.client !== undefined) child.send({ t: 'listen', kind: 'client' } satisfies ToWorker, bound.client as never);
    if (bound.tcp !== undefined) child.send({ t: 'listen', kind: 'tcp' } satisfies ToWorker, bound.tcp as never);
    child.send({ t: 'init', mark, status: { pid: process.pid, httpPort, httpProblem } } satisfies ToWorker);
    for (const [id, session] of registry.sessions) child.send({ t: 'session', id, env: session.env } satisfies ToWorker);
  }

  let lastBeat = Date.now();
  const heartbeat = setInterval(() => {
    const now = Date.now();
    // This process was paused itself (stopped, or not scheduled on a loaded machine): the worker's
    // silence over that time is ours, not its own, and the worker gets a fresh window to answer.
    if (now - lastBeat > UNRESPONSIVE_MS) lastPong = now;
    lastBeat = now;
    if (!workerReady || worker === undefined) return;
    if (now - lastPong > UNRESPONSIVE_MS) {
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
      removeOwnServerRecord(recordPath);
      firstReady(undefined);
      const exiting = worker;
      if (exiting !== undefined) {
        const exited = new Promise<void>((resolve) => exiting.once('exit', () => resolve()));
        sendWorker({ t: 'stop' });
        const timer = setTimeout(() => exiting.kill('SIGKILL'), WORKER_STOP_MS);
        await exited;
        clearTimeout(timer);
      }
      killMarkedProcesses(WORKER_MARK_VARIABLE, mark);
      bound.client?.close();
      bound.tcp?.close();
      rmSync(clientSocket, { force: true });
      stopped();
    })();
  }

  ensurePrivateDir(runtimeDir());
  rmSync(clientSocket, { force: true });
  bound.client = bindUnixSocket(clientSocket);
  const port = options.port ?? defaultServePort(cwd);
  const tcp = bindLoopbackPort(port);
  if ('problem' in tcp) httpProblem = tcp.problem;
  else [bound.tcp, httpPort] = [tcp.handle, tcp.port];
  startWorker();
  if ((await ready) === undefined) return finished;
  if (httpProblem !== null) log(`${httpProblem}: Claude Code's http hooks cannot reach it; hookpool-client still can`);
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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
