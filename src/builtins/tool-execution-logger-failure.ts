// Wundr's tool failure logger: which tool failed and its error, redacted.
import { createEventLogger } from './event-log.js';
import { errorFields, toolFields } from './log-fields.js';

/** Appends the tool, its call id, duration and redacted error to the tool log. */
export default createEventLogger('tool-execution-logger-failure', 'tools.jsonl', (input) => ({ ...toolFields(input), success: false, ...errorFields(input) }));
