// The settings of an agent that calls hookpool as one command per event (Gemini CLI, Cursor,
// Copilot CLI, Codex): for each configured event, one entry per agent event that is hookpool's
// event, running `hookpool run --format <agent> <agent event>`, matched (where the agent matches)
// on the agent's own names of the tools the hooks name.
import type { EventName } from '../../events/event-specs.js';
import { EVENT_SPECS } from '../../events/event-specs.js';
import type { DialectName } from '../dialect-names.js';
import { agentNamesOf, type ToolTable } from '../tools.js';
import type { AgentSettings, WiringContext } from './agent-settings.js';
import { entryTimeoutSeconds, failsClosed } from './entry-command.js';

export interface CommandItem {
  /** The shell command line running hookpool for this agent event. */
  readonly command: string;
  readonly agentEvent: string;
  /** hookpool's event for it. */
  readonly event: EventName;
  readonly timeoutSeconds: number;
  /** The agent's names of the tools the hooks name; null: every tool (or the event has none). */
  readonly agentTools: readonly string[] | null;
}

export interface CommandAgentSpec {
  readonly dialect: DialectName;
  readonly file: string;
  readonly emptyDocument: Readonly<Record<string, unknown>>;
  /** The agent's events, each to hookpool's. */
  readonly events: Readonly<Record<string, EventName>>;
  readonly tools: ToolTable;
  /** The item in `hooks[agentEvent]` for one entry. */
  readonly item: (entry: CommandItem) => Record<string, unknown>;
  /** How a failure of hookpool itself (not installed, crashed) is turned into the agent's refusal on a guard event. */
  readonly refuseOnFailure: (command: string, agentEvent: string) => string;
  readonly enablingSteps: (projectDir: string) => readonly string[];
  readonly guardsProceedWhen?: string;
}

export function commandAgentSettings(spec: CommandAgentSpec): AgentSettings {
  const entries = (context: WiringContext) => {
    const written = new Map<string, Record<string, unknown>[]>();
    for (const [agentEvent, event] of Object.entries(spec.events)) {
      const wiring = context.events.get(event);
      if (wiring === undefined) continue;
      const run = context.launcher.cli(`run --format ${spec.dialect} ${agentEvent}`);
      const command = failsClosed(event) ? spec.refuseOnFailure(run, agentEvent) : run;
      const agentTools = EVENT_SPECS[event].toolEvent && wiring.toolNames !== null ? [...new Set(wiring.toolNames.flatMap((tool) => agentNamesOf(spec.tools, tool)))] : null;
      // Hooks that name only tools this agent does not have: nothing to call hookpool for.
      if (agentTools !== null && agentTools.length === 0) continue;
      written.set(agentEvent, [spec.item({ command, agentEvent, event, timeoutSeconds: entryTimeoutSeconds(wiring.slowestHookMs), agentTools })]);
    }
    return written;
  };
  return { file: spec.file, emptyDocument: spec.emptyDocument, entries, enablingSteps: spec.enablingSteps, ...(spec.guardsProceedWhen === undefined ? {} : { guardsProceedWhen: spec.guardsProceedWhen }) };
}
