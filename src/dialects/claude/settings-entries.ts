// The Claude Code settings entries that make Claude Code call hookpool once per event: a command
// hook running the resident server's client (falling back to `hookpool run --format claude`), or
// a `type: "http"` hook pointing at `hookpool serve`.
import { EVENT_SPECS, type EventName } from '../../events/event-specs.js';
import { claudeHttpHookHandler, defaultServePort } from '../../project/server/server-address.js';

export type ClaudeTransport = 'command' | 'http';

/** The client when it is installed (fast), else the CLI through the project's own install. */
const CALL_HOOKPOOL = 'if command -v hookpool-client >/dev/null 2>&1; then hookpool-client; else npx --no hookpool run --format claude; fi';

/*
 * Claude Code reads any exit but 0 and 2 as "proceed". On an event whose guards fail closed a
 * hookpool that cannot start (not installed, crashed) must refuse instead: exit 2 with a reason.
 */
const FAIL_CLOSED = '; s=$?; [ $s = 0 ] || [ $s = 2 ] || { echo "hookpool could not run (exit $s): refusing" >&2; s=2; }; exit $s';

/** Claude Code's hook timeout for hookpool, in seconds: at least a minute, and room for the slowest hook. */
const MIN_TIMEOUT_SECONDS = 60;
const TIMEOUT_SLACK_SECONDS = 10;

/** The command Claude Code runs for `event`: fail-closed where the event's guards are. */
export function claudeHookCommand(event: EventName): string {
  return EVENT_SPECS[event].defaultOnError === 'closed' ? `${CALL_HOOKPOOL}${FAIL_CLOSED}` : CALL_HOOKPOOL;
}

/** Seconds Claude Code waits for hookpool on an event whose slowest hook may take `slowestHookMs`. */
export function claudeTimeoutSeconds(slowestHookMs: number): number {
  return Math.max(MIN_TIMEOUT_SECONDS, Math.ceil(slowestHookMs / 1000) + TIMEOUT_SLACK_SECONDS);
}

/** One matcher group (`{hooks: [entry]}`) for `event`'s list in Claude Code settings. */
export function claudeMatcherGroup(event: EventName, options: { transport: ClaudeTransport; slowestHookMs: number; projectDir: string }): Record<string, unknown> {
  const timeout = claudeTimeoutSeconds(options.slowestHookMs);
  const entry =
    options.transport === 'http'
      ? { ...claudeHttpHookHandler(defaultServePort(options.projectDir)), timeout }
      : { type: 'command', command: claudeHookCommand(event), timeout };
  return { hooks: [entry] };
}
