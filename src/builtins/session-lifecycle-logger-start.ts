// Wundr's session start logger: one JSON line per session start (who, how it started).
import { createEventLogger } from './event-log.js';
import { textField } from './input-fields.js';
import { sessionFields } from './log-fields.js';

/** Appends the session, its start source and what it resumes to the session log. */
export default createEventLogger('session-lifecycle-logger-start', 'sessions.jsonl', (input) => ({
  ...sessionFields(input),
  source: textField(input, 'source'),
  model: textField(input, 'model'),
  orchestrator: textField(input, 'orchestratorId'),
  resumedFrom: textField(input, 'resumedFrom'),
}));
