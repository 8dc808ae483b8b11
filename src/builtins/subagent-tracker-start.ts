// Wundr's subagent start tracker: which subagent started, for whom, on what (first 100 characters).
import { createEventLogger } from './event-log.js';
import { subagentFields } from './log-fields.js';

/** Appends the subagent's id, type, parent and task to the subagent log. */
export default createEventLogger('subagent-tracker-start', 'subagents.jsonl', (input) => ({ ...subagentFields(input), phase: 'start' }));
