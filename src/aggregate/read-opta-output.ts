// An Opta hook's answer (manager.ts): only its exit code. Any non-zero exit of a `tool.pre` hook
// cancels the tool with stderr as the reason; Opta reads no stdout and ignores other exits.
import type { EventSpec } from '../events/event-specs.js';
import type { HookOutcome } from '../model/hook-outcome.js';
import { describeFailure } from '../model/hook-failure.js';
import { emptyVerdict, type HookVerdict } from './hook-verdict.js';
import { readFailure, type ReadingRules } from './read-hook-output.js';
import { noteIgnoredExit, readSeedBlock } from './seed-exit-codes.js';

/** Opta's reason when a cancelling hook wrote nothing on stderr. */
export const OPTA_DEFAULT_REASON = 'Hook exited with non-zero status';

/** One Opta hook's verdict: a cancelled tool call, or nothing. */
export function readOptaOutput(spec: EventSpec, outcome: HookOutcome, rules: ReadingRules): HookVerdict {
  const verdict = emptyVerdict(outcome.id);
  const failure = describeFailure(outcome);
  if (failure !== null) readFailure(spec, outcome, failure, rules, verdict);
  else if (outcome.status === 'ok') return verdict;
  else if (spec.toolEvent && spec.exit2 === 'block') readSeedBlock(spec, outcome, outcome.stderr.trim() || OPTA_DEFAULT_REASON, verdict);
  else noteIgnoredExit(outcome, verdict);
  return verdict;
}
