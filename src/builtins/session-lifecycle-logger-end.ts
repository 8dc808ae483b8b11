// Wundr's session end logger: one JSON line per session end (why, how long, how much).
import { createEventLogger } from './event-log.js';
import { numberField, objectField, textField } from './input-fields.js';
import { sessionFields } from './log-fields.js';

/** Appends the session, its end reason, duration and usage counts to the session log. */
export default createEventLogger('session-lifecycle-logger-end', 'sessions.jsonl', (input) => {
  const metrics = objectField(input, 'metrics') ?? {};
  return {
    ...sessionFields(input),
    reason: textField(input, 'reason'),
    durationMs: numberField(input, 'duration_ms', 'durationMs'),
    tokensUsed: numberField(metrics, 'tokensUsed') ?? numberField(input, 'tokens_used'),
    toolCalls: numberField(metrics, 'toolCallsMade') ?? numberField(input, 'tool_calls_count'),
    tasksCompleted: numberField(metrics, 'tasksCompleted'),
    errors: numberField(metrics, 'errorsEncountered'),
  };
});
