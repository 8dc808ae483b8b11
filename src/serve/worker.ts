// The worker of `hookpool serve --http`: the process that holds the project's engines and runs
// the hooks, forked by the supervisor (supervisor.ts). It listens on the sockets the supervisor
// bound and accepts their connections itself (bound-sockets.ts, accepted-connections.ts). It answers Claude Code's http hooks and hookpool-client's calls, reloads
// when the configuration changes, and stops (killing what its hooks left) when the supervisor
// says so or goes away. Every hook it starts carries the supervisor's mark, so that if this
// process is killed, the supervisor kills the hooks too.
import { startServeTelemetry } from '../telemetry/serve-telemetry.js';
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createSocketServer, type Server as SocketServer } from 'node:net';
import { describeError } from '../errors.js';
import type { ConfigOptions } from '../project/config-options.js';
import type { EngineSession } from '../project/engine-session.js';
import { createEngineSession } from '../project/resident-engine.js';
import { CALL_PATH, STATUS_PATH, type ServerStatus } from '../project/server/server-messages.js';
import { workerSocketPath } from '../project/server/server-paths.js';
import { CLAUDE_HTTP_HOOK_PATH } from '../project/server/server-address.js';
import { watchSession, type SessionWatch } from './config-watcher.js';
import { acceptConnectionsFor } from './accepted-connections.js';
import type { BoundHandle } from './bound-sockets.js';
import { answerClaudeHttpHook } from './http/claude-http-route.js';
import { answerClientCall } from './http/call-route.js';
import { sendJson } from './http/read-body.js';
import { WORKER_MARK_VARIABLE, type ConnectionKind, type FromWorker, type ToWorker, type WorkerInit } from './worker-channel.js';

export interface WorkerOptions extends ConfigOptions {
  readonly cwd: string;
  readonly passEnv?: readonly string[];
}

// Long enough for the largest hook input on loopback; the hooks' own time does not count.
const REQUEST_BODY_MS = 30_000;

const send = (message: FromWorker) => {
  if (process.connected) process.send!(message, () => undefined);
};

/** Runs until the supervisor says stop or goes away; resolves once every engine is closed. */
export async function runServeWorker(options: WorkerOptions): Promise<void> {
  // The supervisor sends its sockets before init and the sessions it knows right after, before this worker is ready: they wait here.
  const early: ToWorker[] = [];
  const bound: [ConnectionKind, BoundHandle][] = [];
  let received: (init: WorkerInit) => void = () => undefined;
  const initialized = new Promise<WorkerInit>((resolve) => {
    received = resolve;
  });
  const queue = (message: ToWorker, handle?: BoundHandle) => {
    if (message.t === 'init') received(message);
    else if (message.t === 'listen') handle !== undefined && bound.push([message.kind, handle]);
    else early.push(message);
  };
  process.on('message', queue);
  const stopTelemetry = startServeTelemetry();
  const init = await initialized;
  let httpProblem = init.status.httpProblem;
  const status = (): ServerStatus => ({ ...init.status, ...(httpProblem === null ? {} : { httpPort: 0 }), workerPid: process.pid, projectDir: options.cwd, httpProblem, sessions: sessions.size });
  const sessions = new Set<string>();
  let stopping = false;
  let watch: SessionWatch | undefined;
  const session: EngineSession = await createEngineSession({
    ...options,
    // Called by Claude Code (http hooks, the client): the hooks in its own settings are its to run.
    skipDiscoveredClaudeSettings: true,
    hookMarker: { [WORKER_MARK_VARIABLE]: init.mark },
    observers: {
      onReloaded: (report) => {
        for (const path of report.untrusted) send({ t: 'log', line: `${path} changed: its hooks stay off until you run "hookpool trust"` });
        watch?.rewatch();
      },
      onReloadFailed: (error) => {
        send({ t: 'log', line: `the configuration no longer loads, fires are refused until it does: ${describeError(error)}` });
        watch?.rewatch();
      },
    },
  });
  watch = watchSession(session);

  const ownHosts = new Set([`127.0.0.1:${init.status.httpPort}`, `localhost:${init.status.httpPort}`, 'localhost']);
  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => sendJson(response, 500, { error: describeError(error) }));
  });
  // A request whose body does not arrive in time is answered 408 (silent connections are closed sooner: accepted-connections.ts).
  server.requestTimeout = REQUEST_BODY_MS;
  // The supervisor's idle clock stops the moment a connection opens, not at its next ping.
  const connections = acceptConnectionsFor(server, (busy) => send({ t: 'pong', connections: busy ? 1 : 0 }));
  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // What did not come through the supervisor's sockets (a connection to the worker's own socket) gets nothing.
    if (!connections.answerable(request.socket)) return void request.socket.destroy();
    // One request per connection: a worker that dies leaves no kept-alive connection an agent would reuse and find closed.
    response.shouldKeepAlive = false;
    // A browser on a rebound DNS name reaches the port too; its Host header is not ours.
    if (!ownHosts.has(request.headers.host ?? '')) return sendJson(response, 403, { error: 'hookpool serve answers requests to 127.0.0.1 only' });
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'POST' && path === CLAUDE_HTTP_HOOK_PATH) return answerClaudeHttpHook(session, request, response);
    if (request.method === 'POST' && path === CALL_PATH) {
      return answerClientCall({ session, status, onSession: (id, env, agent) => (sessions.add(id), send({ t: 'session', id, env, agent })) }, request, response);
    }
    if (request.method === 'GET' && path === STATUS_PATH) return sendJson(response, 200, status());
    sendJson(response, 404, { error: `POST ${CLAUDE_HTTP_HOOK_PATH} or ${CALL_PATH}, GET ${STATUS_PATH}` });
  }

  // Connections come from the supervisor's sockets; listening keeps the server's request timeouts
  // armed (Node checks them for a listening server), and what connects here directly is not answered.
  const socketPath = workerSocketPath(options.cwd);
  rmSync(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });

  // The supervisor's sockets: accepted on here; a port another program listened on first is a problem the status reports.
  const listeners: SocketServer[] = [];
  for (const [kind, handle] of bound) {
    const listener = createSocketServer((socket) => (stopping ? socket.destroy() : connections.accept(socket, kind)));
    const problem = await new Promise<string | null>((resolve) => {
      listener.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      // A socket that lost its binding on the way would listen anywhere: only the supervisor's port counts.
      listener.listen(handle, () => resolve(kind === 'tcp' && (listener.address() as { port?: number } | null)?.port !== init.status.httpPort ? 'not the bound port' : null));
    });
    if (problem === null) {
      listeners.push(listener);
      continue;
    }
    listener.close();
    if (kind !== 'tcp') throw new Error(`cannot listen on the client socket (${problem})`);
    httpProblem = `cannot listen on 127.0.0.1:${init.status.httpPort} (${problem})`;
  }

  let stopped: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    watch?.close();
    void (async () => {
      // Requests in flight are answered once the engines have closed (their hooks settled or killed); then the server is done.
      for (const listener of listeners) listener.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await session.close();
      await closed;
      await stopTelemetry();
      await connections.drained();
      rmSync(socketPath, { force: true });
      // The channel would keep this process alive: the supervisor waits for it to exit.
      process.off('disconnect', supervisorLost);
      if (process.connected) process.disconnect();
      stopped();
    })();
  };
  const handle = (message: ToWorker) => {
    if (message.t === 'session') {
      sessions.add(message.id);
      session.registerSession(message.id, message.env);
    } else if (message.t === 'end-session') {
      sessions.delete(message.id);
      session.endSession(message.id);
    } else if (message.t === 'ping') send({ t: 'pong', connections: connections.count });
    else if (message.t === 'stop') stop();
  };
  process.off('message', queue);
  process.on('message', handle);
  for (const message of early.splice(0)) handle(message);
  // The supervisor is gone (killed): nobody can reach this worker any more. It exits at once;
  // on the way out its hooks are killed (SIGTERM, then SIGKILL: the direct host's exit handler).
  const supervisorLost = () => process.exit(1);
  process.on('disconnect', supervisorLost);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, stop);
  send({ t: 'ready', httpProblem, connections: connections.count });
  await finished;
}
