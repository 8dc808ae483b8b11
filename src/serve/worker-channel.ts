// What the server's supervisor and its worker say over their IPC channel. The supervisor keeps
// what must outlive a worker (its bound sockets, the sessions' environments, the hooks' marker)
// and gives it to each new one; the worker reports each session a client call reveals.
import type { AgentProcess } from '../project/server/server-messages.js';

/** Which socket a connection came in on: the loopback TCP port (Claude Code's http hooks) or the private client socket. */
export type ConnectionKind = 'tcp' | 'client';

/** At most this many connections at once; more are refused (a guard whose connection is refused is blocked by onFailure). */
export const MAX_CONNECTIONS = 256;
/** A connection that has sent no request for this long is closed: idle connections cannot use up the server's descriptors. */
export const SILENT_CONNECTION_MS = 2_000;

/** Set in the environment of every hook a worker starts: the supervisor kills them by it if the worker dies. */
export const WORKER_MARK_VARIABLE = 'HOOKPOOL_SERVE_WORKER';

export interface WorkerInit {
  readonly t: 'init';
  readonly mark: string;
  /** What the worker answers on the status path. */
  readonly status: { readonly pid: number; readonly httpPort: number; readonly httpProblem: string | null };
}

export type ToWorker =
  | WorkerInit
  | { readonly t: 'session'; readonly id: string; readonly env: Readonly<Record<string, string>> }
  | { readonly t: 'end-session'; readonly id: string }
  /** Sent with a bound socket as the message's handle (bound-sockets.ts), before init: the worker listens and accepts on it. */
  | { readonly t: 'listen'; readonly kind: ConnectionKind }
  | { readonly t: 'ping' }
  | { readonly t: 'stop' };

export type FromWorker =
  /** `httpProblem`: why it could not listen on the port (another program did first), or null; `connections` as in a pong. */
  | { readonly t: 'ready'; readonly httpProblem: string | null; readonly connections: number }
  /** `connections`: how many it holds open; the supervisor's idle clock does not run while there are any. */
  | { readonly t: 'pong'; readonly connections: number }
  | { readonly t: 'session'; readonly id: string; readonly env: Readonly<Record<string, string>>; readonly agent: AgentProcess | null }
  /** The configuration was reloaded, or failed to: a line for the server's log. */
  | { readonly t: 'log'; readonly line: string };
