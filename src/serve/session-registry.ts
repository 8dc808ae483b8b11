// The agent sessions a server serves, kept by the supervisor so that they outlive a worker: each
// session's environment (replayed to a new worker) and the agent process it lives in. Agents are
// polled: a session whose agent is gone ends, and once the last one has ended the server goes.
import { isAgentAlive } from '../project/server/agent-process.js';
import type { AgentProcess } from '../project/server/server-messages.js';

const POLL_MS = 500;

export interface RegisteredSession {
  readonly env: Readonly<Record<string, string>>;
  readonly agent: AgentProcess | null;
}

export interface SessionRegistry {
  readonly sessions: ReadonlyMap<string, RegisteredSession>;
  /** True once a session has been registered (a server no agent ever used lives by its idle timeout instead). */
  readonly everUsed: boolean;
  register(id: string, session: RegisteredSession): void;
  dispose(): void;
}

export interface SessionRegistryOptions {
  /** A session's agent is gone. */
  readonly onEnded: (id: string) => void;
  /** No session is left (called after each end that leaves none). */
  readonly onEmpty: () => void;
}

export function createSessionRegistry(options: SessionRegistryOptions): SessionRegistry {
  const sessions = new Map<string, RegisteredSession>();
  let everUsed = false;
  const timer = setInterval(() => {
    let ended = false;
    for (const [id, session] of sessions) {
      if (session.agent === null || isAgentAlive(session.agent)) continue;
      sessions.delete(id);
      ended = true;
      options.onEnded(id);
    }
    if (ended && sessions.size === 0) options.onEmpty();
  }, POLL_MS);
  timer.unref();
  return {
    sessions,
    get everUsed() {
      return everUsed;
    },
    register(id, session) {
      everUsed = true;
      sessions.set(id, session);
    },
    dispose() {
      clearInterval(timer);
    },
  };
}
