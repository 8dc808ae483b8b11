// Wundr's task completion logger: which task finished and what it cost.
import { createEventLogger, redactSecrets } from './event-log.js';
import { flagField, numberField, textField } from './input-fields.js';
import { errorFields, sessionFields } from './log-fields.js';

/** Appends the task's id, subject, outcome and cost to the task log. */
export default createEventLogger('task-completion-logger', 'tasks.jsonl', (input) => {
  const subject = textField(input, 'task_subject', 'taskDescription');
  return {
    ...sessionFields(input),
    taskId: textField(input, 'task_id', 'taskId'),
    subject: subject === undefined ? undefined : redactSecrets(subject.slice(0, 100)),
    teammate: textField(input, 'teammate_name'),
    success: flagField(input, 'success'),
    durationMs: numberField(input, 'duration_ms', 'durationMs'),
    tokensUsed: numberField(input, 'tokens_used', 'tokensUsed'),
    toolCalls: numberField(input, 'toolCallsMade'),
    ...errorFields(input),
  };
});
