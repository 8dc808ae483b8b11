// What crosses thread and process boundaries: plain data, never an exception.

export type HookStatus = 'ok' | 'exit_nonzero' | 'timed_out' | 'aborted' | 'spawn_failed' | 'crashed';

/** How one hook run ended. */
export interface HookOutcome {
  id: string;
  status: HookStatus;
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  stdout: string;
  stderr: string;
  /** stdout or stderr was cut at the hook's `maxOutputBytes`. */
  truncated: boolean;
  /** Why the hook did not run or did not finish on its own (spawn error, crash, drop, close). */
  error?: string;
  /** The hook's `statusMessage`, shown while it ran; absent when it has none. */
  statusMessage?: string;
}

/** Everything a worker needs to run one hook process. */
export interface SpawnTask {
  hookId: string;
  /** The key of the hook's base environment in PoolHostOptions.baseEnvByHook. */
  envKey: string;
  /** Slot in the process-group registry shared with the pool's host. */
  slot: number;
  /** Unique per run, given to the hook as HOOKPOOL_RUN_ID: finds what it started after it left the session. */
  runId: string;
  file: string;
  argv: string[];
  cwd: string;
  /** This fire's variables, laid over the hook's base environment (PoolHostOptions.baseEnvByHook). */
  env: Record<string, string>;
  stdin: string;
  timeoutMs: number;
  /** SIGTERM to SIGKILL. */
  killGraceMs: number;
  /** After the leader exits, how long descendants may hold the pipes before the run settles. */
  pipeGraceMs: number;
  maxOutputBytes: number;
  killDescendants: boolean;
  /** A background hook: the fire does not wait for it. */
  background?: true;
  /** A background hook: how much lower its CPU priority is than the agent's (pool.niceness); foreground hooks have none. */
  niceness?: number;
  /** A hook of a trusted project file: the approved SHA-256 of each project file it runs, checked right before the spawn. */
  trustedScripts?: Readonly<Record<string, string>>;
  /** A hook run by bubblewrap: what it sees of the host, so that the host's sockets it could reach are covered right before the spawn. */
  sandboxView?: SandboxView;
}

/** An outcome for a hook that produced no process result. */
export function failedOutcome(id: string, status: HookStatus, error: string, durationMs = 0): HookOutcome {
  return { id, status, exitCode: null, signal: null, durationMs, stdout: '', stderr: '', truncated: false, error };
}

/** What a sandboxed hook sees of the host's folders: the socket check before its spawn needs it. */
export interface SandboxView {
  /** Replaced by empty folders. */
  readonly hidden: readonly string[];
  /** Bound back into the sandbox (the working directory, `readable`, `writable`), even inside a hidden folder. */
  readonly shown: readonly string[];
}
