// Where Gemini CLI, Cursor, GitHub Copilot CLI and Codex read their hook settings, and the one
// entry per event that makes each call `hookpool run --format <agent> <event>` (sources and
// shapes: /work/notes/agent-hook-formats.md, summarised in the README's "Wire an agent").
import type { EventName } from '../events/event-specs.js';
import { findEventSpec } from '../events/resolve-event.js';
import { CODEX_EVENTS } from './codex.js';
import { COPILOT_EVENTS } from './copilot.js';
import { CURSOR_EVENTS } from './cursor.js';
import { GEMINI_EVENTS } from './gemini.js';
import type { AgentFormatName } from './dialect-names.js';

export type WiredAgent = Exclude<AgentFormatName, 'claude'>;

export interface AgentSettings {
  /** Relative to the project directory. */
  readonly file: string;
  /** A new file's content before the entries are added. */
  readonly emptyDocument: Record<string, unknown>;
  /** The agent's event names `init` wires, each an EVENT_SPECS alias or canonical name. */
  readonly events: readonly string[];
  /** The item added to `hooks[agentEvent]` for one event. */
  readonly item: (agentEvent: string, slowestHookMs: number) => Record<string, unknown>;
}

const call = (agent: WiredAgent, agentEvent: string) => `npx --no hookpool run --format ${agent} ${agentEvent}`;

/*
 * Gemini CLI and Codex read any exit but 0 and 2 as "go on" (a warning): on an event whose guards
 * fail closed, a hookpool that cannot start (not installed, crashed) refuses instead, by exit 2
 * with the reason on stderr, as for Claude Code.
 */
const EXIT_2_ON_FAILURE = '; s=$?; [ $s = 0 ] || [ $s = 2 ] || { echo "hookpool could not run (exit $s): refusing" >&2; s=2; }; exit $s';
// Copilot CLI skips a hook that fails: only a deny on stdout refuses the tool call.
const COPILOT_DENY_ON_FAILURE = `; s=$?; [ $s = 0 ] || printf '%s\\n' '{"permissionDecision":"deny","permissionDecisionReason":"hookpool could not run: refusing"}'; exit 0`;

function failsClosed(agentEvent: string): boolean {
  return findEventSpec(agentEvent)?.defaultOnError === 'closed';
}

// Seconds the agent waits for hookpool: at least a minute, and room for the slowest hook.
function timeoutSeconds(slowestHookMs: number): number {
  return Math.max(60, Math.ceil(slowestHookMs / 1000) + 10);
}

export const AGENT_SETTINGS: Readonly<Record<WiredAgent, AgentSettings>> = {
  // .gemini/settings.json: hooks.<Event> is a list of {matcher?, hooks: [{type, command, name, timeout (ms)}]}.
  gemini: {
    file: '.gemini/settings.json',
    emptyDocument: {},
    events: GEMINI_EVENTS,
    item: (agentEvent, slowestHookMs) => ({
      hooks: [{ type: 'command', name: 'hookpool', command: `${call('gemini', agentEvent)}${failsClosed(agentEvent) ? EXIT_2_ON_FAILURE : ''}`, timeout: timeoutSeconds(slowestHookMs) * 1000 }],
    }),
  },
  // .cursor/hooks.json: {version: 1, hooks: {<event>: [{command, failClosed?}]}}; failClosed makes
  // Cursor refuse when the hook crashes, times out or answers nothing it can read.
  cursor: {
    file: '.cursor/hooks.json',
    emptyDocument: { version: 1 },
    events: CURSOR_EVENTS,
    item: (agentEvent, slowestHookMs) => ({ command: call('cursor', agentEvent), timeout: timeoutSeconds(slowestHookMs), ...(failsClosed(agentEvent) ? { failClosed: true } : {}) }),
  },
  // .github/hooks/hookpool.json (Copilot loads every .github/hooks/*.json): {version: 1, hooks: {<event>: [{type, bash, timeoutSec}]}}.
  copilot: {
    file: '.github/hooks/hookpool.json',
    emptyDocument: { version: 1 },
    events: COPILOT_EVENTS,
    item: (agentEvent, slowestHookMs) => ({
      type: 'command',
      bash: `${call('copilot', agentEvent)}${findEventSpec(agentEvent)?.permissionAnswer === 'permissionDecision' ? COPILOT_DENY_ON_FAILURE : ''}`,
      timeoutSec: timeoutSeconds(slowestHookMs),
    }),
  },
  // .codex/hooks.json: Claude Code's shape; its root takes only `description` and `hooks`.
  codex: {
    file: '.codex/hooks.json',
    emptyDocument: {},
    events: CODEX_EVENTS,
    item: (agentEvent, slowestHookMs) => ({
      hooks: [{ type: 'command', command: `${call('codex', agentEvent)}${failsClosed(agentEvent) ? EXIT_2_ON_FAILURE : ''}`, timeout: timeoutSeconds(slowestHookMs) }],
    }),
  },
};

/** The agent's events to wire for hookpool's configured events, with each one's slowest hook (ms). */
export function agentEventsFor(settings: AgentSettings, configured: ReadonlyMap<EventName, number>): Map<string, number> {
  const wired = new Map<string, number>();
  for (const agentEvent of settings.events) {
    const canonical = findEventSpec(agentEvent)?.name as EventName | undefined;
    if (canonical !== undefined && configured.has(canonical)) wired.set(agentEvent, configured.get(canonical)!);
  }
  return wired;
}
