// Claude Code: hookpool's canonical protocol. Its event and tool names are hookpool's own, its
// hook input is read as it is, and the answer is what the hooks would have printed to it
// themselves (answer.ts); http entries get the same answer as a JSON body (http-answer.ts).
import { EVENT_NAMES, type EventName } from '../../events/event-specs.js';
import { CANONICAL_TOOLS, type CanonicalTool } from '../../events/tool-names.js';
import type { Dialect } from '../dialect.js';
import type { ToolTable } from '../tools.js';
import { answerForClaude } from './answer.js';
import { claudeSettings } from './settings.js';

const SAME_EVENTS: Record<string, EventName> = Object.fromEntries(EVENT_NAMES.map((event) => [event, event]));
const SAME_TOOLS: ToolTable = Object.fromEntries((Object.keys(CANONICAL_TOOLS) as CanonicalTool[]).map((tool) => [tool, { tool }]));

export const claudeDialect: Dialect = {
  name: 'claude',
  agent: 'Claude Code',
  events: SAME_EVENTS,
  tools: SAME_TOOLS,
  readInput: (_event, input) => input,
  answer: (spec, result, notices) => answerForClaude(spec, result, notices),
  // Claude Code shows systemMessage on the events that take it; elsewhere notices go to stderr, its debug log.
  showsNotices: (spec) => spec.topLevelFields.has('systemMessage'),
  settings: claudeSettings,
};
