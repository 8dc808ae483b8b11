// `type: "function"` hooks: the agent's own callback, run on the agent's thread (it is the
// agent's code: it shares its memory and its event loop, and a callback that blocks blocks the
// agent). Bounded by its timeout: past it the answer is abandoned, never awaited, and the hook
// counts as timed out; a throw is a crash. Its answer is read like a command hook's JSON stdout.
import { performance } from 'node:perf_hooks';
import type { FunctionHook } from '../config/hook-handler.js';
import { answerOutcome, errorLine } from '../run/in-worker-answer.js';
import { failedOutcome, type HookOutcome } from '../run/outcome.js';

/** One run of a function hook. */
export interface FunctionTask {
  readonly kind: 'function';
  readonly hookId: string;
  readonly event: string;
  readonly run: FunctionHook;
  /** The hook input as JSON, parsed afresh for the callback so it cannot change other hooks' input. */
  readonly stdin: string;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
}

/** Function hooks running now, so close() can abandon them. */
export class FunctionHooks {
  private readonly running = new Set<AbortController>();

  async run(task: FunctionTask): Promise<HookOutcome> {
    const controller = new AbortController();
    const startedAt = performance.now();
    const elapsed = () => performance.now() - startedAt;
    this.running.add(controller);
    let timer: NodeJS.Timeout | undefined;
    const stopped = new Promise<HookOutcome>((settle) => {
      timer = setTimeout(() => controller.abort(new Error(`no answer within ${task.timeoutMs} ms: abandoned`)), task.timeoutMs);
      controller.signal.addEventListener('abort', () => {
        const reason = (controller.signal.reason as Error).message;
        settle(failedOutcome(task.hookId, reason.startsWith('no answer') ? 'timed_out' : 'aborted', reason, elapsed()));
      }, { once: true });
    });
    try {
      return await Promise.race([this.answer(task, controller.signal, elapsed), stopped]);
    } finally {
      clearTimeout(timer);
      this.running.delete(controller);
      if (!controller.signal.aborted) controller.abort(new Error('answered'));
    }
  }

  /** Abandons every running function hook: they settle as aborted. */
  abortAll(reason: string): void {
    for (const controller of this.running) controller.abort(new Error(reason));
  }

  private async answer(task: FunctionTask, signal: AbortSignal, elapsed: () => number): Promise<HookOutcome> {
    try {
      const input = JSON.parse(task.stdin) as Record<string, unknown>;
      const answer = await task.run(input, { event: task.event, hookId: task.hookId, signal });
      return answerOutcome(task.hookId, answer, elapsed(), task.maxOutputBytes);
    } catch (error) {
      return failedOutcome(task.hookId, 'crashed', `threw: ${errorLine(error)}`, elapsed());
    }
  }
}
