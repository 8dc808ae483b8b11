// A hook that runs as a call on the agent's own thread: a function hook, a prompt or agent hook
// through an evaluator, an mcp_tool hook through the MCP caller. Such calls are the agent's own
// functions (they cannot cross into a worker); the remote ones wait on the network, so the thread
// stays free.
import type { HookOutcome } from '../../model/hook-outcome.js';

/** What a call answers: a command hook's stdout and exit status, before timing is added. */
export interface CallAnswer {
  status: 'ok' | 'exit_nonzero' | 'crashed';
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Why the call gave no answer (status `crashed`). */
  error?: string;
}

/** A hook run as an in-process call, with the timeout the local host enforces. */
export interface CallTask {
  readonly kind: 'call';
  hookId: string;
  timeoutMs: number;
  /** Cap on stdout and stderr, as for a command's output. */
  maxOutputBytes: number;
  /** Runs the call; `signal` aborts when it times out or the engine closes (its answer is then discarded). */
  call(signal: AbortSignal): Promise<CallAnswer>;
}

/** True for a task the agent's thread runs itself. */
export function isCallTask(task: object): task is CallTask {
  return (task as { kind?: unknown }).kind === 'call';
}

/** An outcome from a call's answer. */
export function outcomeOfCall(task: CallTask, answer: CallAnswer, durationMs: number): HookOutcome {
  const stdout = capBytes(answer.stdout, task.maxOutputBytes);
  const stderr = capBytes(answer.stderr, task.maxOutputBytes);
  const outcome: HookOutcome = {
    id: task.hookId,
    status: answer.status,
    exitCode: answer.exitCode,
    signal: null,
    durationMs,
    stdout: stdout.text,
    stderr: stderr.text,
    truncated: stdout.cut || stderr.cut,
  };
  return answer.error === undefined ? outcome : { ...outcome, error: answer.error };
}

function capBytes(text: string, maxBytes: number): { text: string; cut: boolean } {
  if (text.length * 3 <= maxBytes || Buffer.byteLength(text) <= maxBytes) return { text, cut: false };
  return { text: Buffer.from(text).subarray(0, maxBytes).toString('utf8'), cut: true };
}
