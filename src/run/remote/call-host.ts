// Runs call tasks (function, prompt, agent and mcp_tool hooks) on the agent's thread: each with its own
// AbortController and timer, both gone when the call settles, so a call that never returns is
// abandoned at its timeout (its late answer discarded), never awaited forever. The calls are the
// agent's own functions, so whatever they do (throw anything, answer anything, throw from a
// getter of what they answer) settles as an outcome: nothing escapes into the agent.
import { errorLine } from '../in-worker-answer.js';
import { failedOutcome, type HookOutcome } from '../../model/hook-outcome.js';
import { startStopwatch } from '../stopwatch.js';
import { outcomeOfCall, type CallAnswer, type CallTask } from './call-task.js';

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
        const crashed = (error: unknown) => finish(failedOutcome(task.hookId, 'crashed', errorLine(error), elapsed()));
        running.add(abort);
        const timer = setTimeout(() => finish(failedOutcome(task.hookId, 'timed_out', `gave no answer within ${task.timeoutMs} ms`, elapsed())), task.timeoutMs);
        let call: Promise<CallAnswer>;
        try {
          call = Promise.resolve(task.call(controller.signal));
        } catch (error) {
          call = Promise.reject(error);
        }
        call.then((answer) => {
          try {
            finish(outcomeOfCall(task, answer, elapsed()));
          } catch (error) {
            crashed(error);
          }
        }, crashed);
      });
    },
    abortAll(reason) {
      for (const abort of [...running]) abort(reason);
    },
  };
}
