import type { DecidingHook, HookAnswer } from '../model/fire-result.js';
import type { Decision } from '../events/decision.js';
import type { HookFailure } from '../model/hook-failure.js';

/** One hook's contribution to a fire, read from its exit code and output before merging. */
export interface HookVerdict extends HookAnswer {
  hookId: string;
  /** The hook gave no answer (timed out, could not start, crashed), or null. */
  failure: HookFailure | null;
  /** How the hook gave its `decision`, or null when it gave none. */
  decisionVia: DecidingHook['via'] | null;
  /** Whether `reason` is the hook's own words (false when hookpool wrote it for a reasonless refusal). */
  reasonGiven: boolean;
  /**
   * What the user should see about this hook, one sentence each (Claude Code's "hook error"
   * notices): a non-blocking error exit, output that could not be read, a wrongly-typed field.
   */
  errors: string[];
  /** What the hook said that the event does not act on (see FireResult.ignoredOutput). */
  ignored: string[];
}

/** A verdict that contributes nothing: the start of every reading, and the fail-open answer. */
export function emptyVerdict(hookId: string): HookVerdict {
  // Written out rather than spread from emptyAnswer(): one verdict per hook per fire, and a spread
  // of this many fields measured several times slower.
  return {
    hookId,
    failure: null,
    decisionVia: null,
    reasonGiven: false,
    errors: [],
    ignored: [],
    decision: null,
    reason: null,
    updatedInput: null,
    updatedToolOutput: null,
    updatedMCPToolOutput: null,
    updatedPrompt: null,
    additionalContext: null,
    classifierContext: null,
    continue: true,
    stopReason: null,
    systemMessage: null,
    suppressOutput: false,
    retry: false,
    updatedPermissions: null,
    interrupt: false,
    sessionTitle: null,
    suppressOriginalPrompt: false,
    initialUserMessage: null,
    watchPaths: null,
    reloadSkills: false,
    displayContent: null,
    elicitationAction: null,
    elicitationContent: null,
    worktreePath: null,
    terminalSequence: null,
    hookSpecificOutput: null,
  };
}

/** Records a decision a hook wrote in its output. */
export function setDecision(verdict: HookVerdict, decision: Decision | null, reason: string | null): void {
  verdict.decision = decision;
  verdict.reason = reason;
  verdict.decisionVia = decision === null ? null : 'output';
  verdict.reasonGiven = reason !== null;
}

/** Notes output the event does not act on (FireResult.ignoredOutput). */
export function ignore(verdict: HookVerdict, what: string): void {
  verdict.ignored.push(what);
}
