// What the client and the server say to each other on the project's socket (HTTP over a Unix
// socket in a 0700 folder: only the user's processes can connect). Imports nothing: the client
// loads it on every call.

/** POST: one hook call, answered with the agent's answer (AgentAnswer JSON). */
export const CALL_PATH = '/call';
/** GET: the server's status (ServerStatus JSON). */
export const STATUS_PATH = '/status';

/** The agent process a call came from: the session lives as long as it does. */
export interface AgentProcess {
  readonly pid: number;
  /** Its start time in clock ticks since boot (/proc/<pid>/stat), so a reused pid is not taken for it. */
  readonly startTicks: number;
}

/** The body of a CALL_PATH request. */
export interface HookCallRequest {
  /** The agent's dialect (`--format`). */
  readonly dialect: string;
  /** The event named on the client's command line, if any. */
  readonly agentEvent?: string | undefined;
  /** The hook input exactly as the agent wrote it. */
  readonly input: string;
  /** The environment the agent gave the client: the session's environment, which its hooks get. */
  readonly env: Readonly<Record<string, string>>;
  /** Which hooks run (`--part`), comma-separated; absent: all. */
  readonly parts?: string | undefined;
  readonly agent?: AgentProcess | null | undefined;
  /** The http port the agent's settings send http hooks to: the server says when it does not hold it. */
  readonly httpPort?: number | undefined;
}

export interface ServerStatus {
  readonly pid: number;
  readonly workerPid: number;
  readonly projectDir: string;
  /** The loopback port of the http hook endpoint, 0 when not bound. */
  readonly httpPort: number;
  readonly httpProblem: string | null;
  readonly sessions: number;
}
