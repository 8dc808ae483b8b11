// One agent's hook protocol, all of it in one place: its event and tool names against hookpool's
// canonical ones (Claude Code's), how its hook input reads as hookpool's, how a fire's merged
// answer is written back (stdout, stderr, exit code), and the settings `hookpool init` writes so the
// agent calls hookpool. One module per agent beside this file (dialects.ts loads them).
import type { FireResult } from '../model/fire-result.js';
import type { EventName, EventSpec } from '../events/event-specs.js';
import type { EXIT } from './exit-codes.js';
import type { DialectName } from './dialect-names.js';
import type { AgentSettings } from './settings/agent-settings.js';
import type { ToolTable } from './tools.js';

/** What hookpool prints and exits with, as the agent reads a hook's answer. */
export interface AgentAnswer {
  readonly stdout: string | null;
  readonly stderr: string | null;
  readonly exitCode: typeof EXIT.proceed | typeof EXIT.blocked;
}

export interface Dialect {
  readonly name: DialectName;
  /** The agent as users call it: "Claude Code", "Gemini CLI". */
  readonly agent: string;
  /** Each event the agent fires that hookpool answers, by the agent's name, to hookpool's event. */
  readonly events: Readonly<Record<string, EventName>>;
  /** The agent's tools by its own names, each with its canonical name and input fields. */
  readonly tools: ToolTable;
  /** The agent's hook input for `agentEvent` as hookpool's hooks read it: Claude Code's field and tool names. */
  readonly readInput: (agentEvent: string, input: Record<string, unknown>) => Record<string, unknown>;
  /** The answer for a fire of `input` (as readInput gave it); `notices` are hookpool's own, said where the agent shows text. */
  readonly answer: (spec: EventSpec, result: FireResult, notices: readonly string[], input: Record<string, unknown>) => AgentAnswer;
  /** True where the agent shows the answer's notices to the user on this event (then each is said once per session). */
  readonly showsNotices: (spec: EventSpec) => boolean;
  /** Where and how `hookpool init --agent` wires the agent to call hookpool. */
  readonly settings: AgentSettings;
}
