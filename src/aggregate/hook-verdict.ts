import type { HookAnswer } from './fire-result.js';

/** One hook's contribution to a fire, read from its exit code and output before merging. */
export interface HookVerdict extends HookAnswer {
  hookId: string;
  /** What in the hook's output was ignored or read otherwise than written, one sentence each. */
  warnings: string[];
}

/** A verdict that contributes nothing: the start of every reading, and the fail-open answer. */
export function emptyVerdict(hookId: string): HookVerdict {
  return {
    hookId,
    decision: null,
    reason: null,
    updatedInput: null,
    updatedToolOutput: null,
    additionalContext: null,
    continue: true,
    stopReason: null,
    systemMessage: null,
    suppressOutput: false,
    warnings: [],
  };
}
