import type { ExitCodeRule } from '../config/model.js';
import type { EventSpec } from '../events/event-specs.js';
import type { HookOutcome } from '../run/outcome.js';
import { emptyFireResult, type FireResult } from './fire-result.js';

/** Merges the outcomes of one fire, given in config order, into the agent's answer. */
export function aggregateFire(
  spec: EventSpec,
  rules: readonly ExitCodeRule[],
  outcomes: HookOutcome[],
): { result: FireResult; warnings: string[] } {
  const result: FireResult = { ...emptyFireResult(spec.name), hooks: outcomes };
  outcomes.forEach((outcome, index) => {
    const blocks =
      outcome.status === 'exit_nonzero' &&
      (outcome.exitCode === 2 || (rules[index] === 'any-nonzero-blocks' && spec.toolEvent && spec.exit2 === 'block'));
    if (blocks && spec.exit2 === 'block' && !result.blocked) {
      result.blocked = true;
      result.decision = spec.toolEvent ? 'deny' : 'block';
      result.reason = outcome.stderr.trim() || `hook ${outcome.id} exited with ${outcome.exitCode}`;
    }
  });
  return { result, warnings: [] };
}
