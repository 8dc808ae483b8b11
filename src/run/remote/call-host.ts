// Runs call tasks (function, prompt, agent and mcp_tool hooks) on the agent's thread: each with its own
// AbortController and timer, both gone when the call settles, so a call that never returns is
// abandoned at its timeout (its late answer discarded), never awaited forever.
import { failedOutcome, type HookOutcome } from '../outcome.js';
import { startStopwatch } from '../stopwatch.js';
import { outcomeOfCall, type CallTask } from './call-task.js';

export interface CallHost {
  /** Runs one call to its outcome; never rejects. */
  run(task: CallTask): Promise<HookOutcome>;
  /** Aborts every running call: each settles as aborted at once. */
  abortAll(reason: string): void;
}

export function createCallHost(): CallHost {
  const running = new Set<(reason: string) => void>();
  return {
    run(task) {
      const elapsed = startStopwatch();
      const controller = new AbortController();
      return new Promise<HookOutcome>((settle) => {
        const finish = (outcome: HookOutcome) => {
          if (!running.delete(abort)) return;
          clearTimeout(timer);
          if (!controller.signal.aborted) controller.abort();
          settle(outcome);
        };
        const abort = (reason: string) => finish(failedOutcome(task.hookId, 'aborted', reason, elapsed()));
        running.add(abort);
        const timer = setTimeout(() => finish(failedOutcome(task.hookId, 'timed_out', `gave no answer within ${task.timeoutMs} ms`, elapsed())), task.timeoutMs);
        let call: Promise<Parameters<typeof outcomeOfCall>[1]>;
        try {
          call = task.call(controller.signal);
        } catch (error) {
          call = Promise.reject(error);
        }
        call.then(
          (answer) => finish(outcomeOfCall(task, answer, elapsed())),
          (error: unknown) => finish(failedOutcome(task.hookId, 'crashed', describeThrown(error), elapsed())),
        );
      });
    },
    abortAll(reason) {
      for (const abort of [...running]) abort(reason);
    },
  };
}

function describeThrown(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0] ?? message;
}
