// What the server's supervisor and its worker say over their IPC channel. The supervisor keeps
// what must outlive a worker (the sessions' environments, the hooks' marker) and replays it to a
// new one; the worker reports each session a client call reveals.
import type { AgentProcess } from '../project/server/server-protocol.js';

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
  | { readonly t: 'ping' }
  | { readonly t: 'stop' };

export type FromWorker =
  | { readonly t: 'ready' }
  | { readonly t: 'pong' }
  | { readonly t: 'session'; readonly id: string; readonly env: Readonly<Record<string, string>>; readonly agent: AgentProcess | null }
  /** The configuration was reloaded, or failed to: a line for the server's log. */
  | { readonly t: 'log'; readonly line: string };
