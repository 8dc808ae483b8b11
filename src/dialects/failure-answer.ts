// hookpool's own failure (an unreadable configuration or input, a nested run, a server that cannot
// answer) as an agent must hear it: as a hook that gave no answer, refused where the event's
// guards fail closed and said either way; never an answer the agent takes as "proceed" by mistake.
import { aggregateFire } from '../aggregate/aggregate-fire.js';
import type { FireResult } from '../model/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import { failedOutcome } from '../model/hook-outcome.js';
import type { AgentAnswer, Dialect } from './dialect.js';

export function failureAnswer(dialect: Pick<Dialect, 'answer'>, spec: EventSpec, reason: string, input: Record<string, unknown> = {}): { answer: AgentAnswer; result: FireResult } {
  const failed = failedOutcome('hookpool', 'crashed', reason);
  const result = aggregateFire(spec, [{ exitCodes: 'claude', onError: spec.defaultOnError }], [failed]);
  return { answer: dialect.answer(spec, result, [], input), result };
}
