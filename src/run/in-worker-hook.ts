// The contract of a hook that runs inside a pool worker instead of as a process: a `type: "module"`
// hook's export, and every built-in hook. It gets the hook input a command hook would read on
// stdin and answers what a command hook would print as JSON on stdout.

/** What an in-worker hook knows besides its input. */
export interface InWorkerHookContext {
  /** The canonical event name, e.g. `PreToolUse`. */
  readonly event: string;
  readonly hookId: string;
  /** The hook's working directory (absolute). */
  readonly cwd: string;
  /** The project root (absolute): `CLAUDE_PROJECT_DIR`. */
  readonly projectDir: string;
  /** The environment a command hook would get under the hook's `env` policy (secrets removed). */
  readonly env: Readonly<Record<string, string>>;
  /** The hook's `options` object from its configuration entry (`{}` when none). */
  readonly options: Readonly<Record<string, unknown>>;
  /** Aborted when the hook times out or the engine closes: stop work, the answer is discarded. */
  readonly signal: AbortSignal;
  /**
   * Asks the engine's prompt evaluator (`createHookEngine({ evaluators: { prompt } })`) and resolves
   * to its reply, plain text expected. Present only in a built-in that runs on the agent's thread
   * (AGENT_THREAD_BUILTINS) of an engine that has a prompt evaluator.
   */
  readonly evaluate?: (prompt: string) => Promise<unknown>;
}

/**
 * An in-worker hook. Its return value (or what its promise resolves to) is read exactly as a
 * command hook's JSON stdout on exit 0 (`{ decision, reason, hookSpecificOutput, ... }`);
 * `undefined` or `null` is a hook that printed nothing. A throw (or rejection) is a hook that
 * failed: it counts as a crash, and its `onError` decides what that means.
 */
export type InWorkerHook = (input: Readonly<Record<string, unknown>>, context: InWorkerHookContext) => unknown;
