// hookpool's own failure (an unreadable configuration or input, a nested run, a server that cannot
// answer) as Claude Code must hear it: as a hook that gave no answer, refused where the event's
// guards fail closed and said either way; never an exit 1, which Claude Code takes as "proceed".
// One place for `run --format claude` and the server; loaded only when something failed.
import { aggregateFire } from '../aggregate/aggregate-fire.js';
import type { FireResult } from '../aggregate/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import { failedOutcome } from '../run/outcome.js';
import { answerForClaude, type ClaudeAnswer } from './claude/answer.js';

export function claudeFailureAnswer(spec: EventSpec, reason: string): { answer: ClaudeAnswer; result: FireResult } {
  const failed = failedOutcome('hookpool', 'crashed', reason);
  const result = aggregateFire(spec, [{ exitCodes: 'claude', onError: spec.defaultOnError }], [failed]);
  return { answer: answerForClaude(spec, result), result };
}
