// What a background hook's outcome says to the agent once it settles (hooks reference, "Run hooks
// in the background"): an `asyncRewake` hook that exits 2 wakes the agent with its output; any
// other background hook's additionalContext and systemMessage reach the agent on its next turn.
// Decision fields have no effect there (the action went ahead long ago), which is logged.
import { readHookOutput } from '../aggregate/read-hook-output.js';
import type { HookDefinition } from '../model/hook-definition.js';
import type { EventSpec } from '../events/event-specs.js';
import type { HookOutcome } from '../model/hook-outcome.js';
import type { AsyncAnswer, Rewake } from './observers.js';

const WAKING_EXIT_CODE = 2;

export type BackgroundAnswer =
  | { readonly kind: 'rewake'; readonly rewake: Rewake }
  | { readonly kind: 'answer'; readonly answer: AsyncAnswer | null; readonly ignored: string | null };

/** Reads a settled background hook; `environmentExports` is what it wrote to CLAUDE_ENV_FILE. */
export function readBackgroundAnswer(spec: EventSpec, hook: HookDefinition, outcome: HookOutcome, environmentExports: string | null): BackgroundAnswer {
  if (hook.rewake !== undefined && outcome.status === 'exit_nonzero' && outcome.exitCode === WAKING_EXIT_CODE && outcome.signal === null) {
    const output = outcome.stderr.trim() || outcome.stdout.trim();
    const message = hook.rewake.message === undefined ? output : `${hook.rewake.message}\n${output}`;
    return { kind: 'rewake', rewake: { event: spec.name, hookId: hook.id, message, summary: hook.rewake.summary ?? null } };
  }
  const verdict = readHookOutput(spec, outcome, hook);
  const ignored = verdict.decision !== null || verdict.updatedInput !== null || !verdict.continue
    ? `background hook "${hook.id}" answered a decision, which has no effect on a hook the agent did not wait for`
    : null;
  const { additionalContext, systemMessage } = verdict;
  const answer = additionalContext === null && systemMessage === null && environmentExports === null
    ? null
    : { event: spec.name, hookId: hook.id, additionalContext, systemMessage, environmentExports };
  return { kind: 'answer', answer, ignored };
}
