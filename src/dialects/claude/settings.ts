// `hookpool init --agent claude`: .claude/settings.json entries, one matcher group per event.
// - With the http transport (the default), the events Claude Code waits for on every tool call go
//   as `type: "http"` entries to the project's resident server: no process per call.
// - SessionStart, Setup and UserPromptSubmit are command entries running hookpool-client, in
//   either transport: Claude Code calls no http hook on the first two, and those calls (once per
//   session, once per prompt) start the server when it is not running and tell it the session's
//   environment. Both also check that the server holds the port the http entries post to, and
//   stop the session before any tool call if another program does (a squatter would get the
//   hook inputs).
// - Where the event's guards fail closed, `onFailure: "block"` (Claude Code 2.1.295+): a server
//   that is down, or a hookpool that cannot start or times out, refuses instead of letting the
//   action through; command entries also turn hookpool's own failed exits into exit 2, for older
//   versions that ignore the field.
// - Background hooks run beside the answer, never before it (in the server, or in a process the
//   one-shot run leaves behind); `asyncRewake` hooks get an `asyncRewake: true` entry of their own,
//   the one way their exit 2 reaches the model.
import { EVENT_SPECS, type EventName } from '../../events/event-specs.js';
import type { AgentSettings, EventWiring, WiringContext } from '../settings/agent-settings.js';
import { entryTimeoutSeconds, failsClosed, refuseOnOtherExit } from '../settings/entry-command.js';

/** Events whose entry runs hookpool-client whatever the transport (see above). */
const CLIENT_EVENTS: readonly EventName[] = ['SessionStart', 'Setup', 'UserPromptSubmit'];
/** Client entries that start the server for the http entries, and so check it holds their port. */
const SERVER_STARTING_EVENTS: readonly EventName[] = ['SessionStart', 'UserPromptSubmit'];
/** What the entry Claude Code waits for runs: the foreground hooks, and the background ones beside them (never the rewake ones, which have their own entry). */
const SYNC_PARTS = 'foreground,background';
const NO_HOOKS: EventWiring = { slowestHookMs: 0, toolNames: null, foreground: false, background: false, rewake: false };

function entries(context: WiringContext): Map<string, Record<string, unknown>[]> {
  const events = new Map(context.events);
  // The server starts, and learns the session's environment, at the session's start and again at each prompt (after a crash, say).
  if (context.transport === 'http') for (const event of SERVER_STARTING_EVENTS) if (!events.has(event)) events.set(event, NO_HOOKS);
  const written = new Map<string, Record<string, unknown>[]>();
  for (const [event, wiring] of events) written.set(event, groupsFor(event, wiring, context));
  return written;
}

function groupsFor(event: EventName, wiring: EventWiring, context: WiringContext): Record<string, unknown>[] {
  const timeout = entryTimeoutSeconds(wiring.slowestHookMs);
  const matcher = EVENT_SPECS[event].toolEvent && wiring.toolNames !== null ? { matcher: wiring.toolNames.join('|') } : {};
  const onFailure = failsClosed(event) ? { onFailure: 'block' } : {};
  const groups: Record<string, unknown>[] = [{ ...matcher, hooks: [{ ...handlerFor(event, context), timeout, ...onFailure }] }];
  if (wiring.rewake) groups.push({ ...matcher, hooks: [{ type: 'command', command: context.launcher.cli(`run --format claude --part rewake ${event}`), asyncRewake: true, timeout }] });
  return groups;
}

function handlerFor(event: EventName, context: WiringContext): Record<string, unknown> {
  const http = context.transport === 'http';
  if (http && !CLIENT_EVENTS.includes(event)) return { type: 'http', url: context.http.url };
  const portCheck = http && SERVER_STARTING_EVENTS.includes(event) ? ` --http-port ${context.http.port}` : '';
  const command = context.launcher.client(`--format claude --part ${SYNC_PARTS}${portCheck}`);
  return { type: 'command', command: failsClosed(event) ? refuseOnOtherExit(command) : command };
}

export const claudeSettings: AgentSettings = {
  file: '.claude/settings.json',
  emptyDocument: {},
  entries,
  enablingSteps: () => [
    'Claude Code 2.1.295 or later: older versions ignore "onFailure": "block" and let a guard pass when hookpool cannot answer',
    'restart Claude Code (or run /hooks) so it reads .claude/settings.json again',
  ],
};
