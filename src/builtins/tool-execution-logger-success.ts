// Wundr's tool success logger: which tool ran and how long it took, never its input or output.
import { createEventLogger } from './event-log.js';
import { toolFields } from './log-fields.js';

/** Appends the tool, its call id and duration to the tool log. */
export default createEventLogger('tool-execution-logger-success', 'tools.jsonl', (input) => ({ ...toolFields(input), success: true }));
