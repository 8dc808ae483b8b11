// Wundr's subagent stop tracker: how the subagent ended.
import { createEventLogger } from './event-log.js';
import { errorFields, subagentFields } from './log-fields.js';

/** Appends the subagent's id, outcome, duration, tokens and redacted error to the subagent log. */
export default createEventLogger('subagent-tracker-stop', 'subagents.jsonl', (input) => ({ ...subagentFields(input), phase: 'stop', ...errorFields(input) }));
