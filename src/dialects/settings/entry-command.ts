// The shell command line an agent's entry runs: hookpool, and where the agent would read some
// failure of hookpool's as "go on", the line turns it into that agent's refusal.
import { EVENT_SPECS, type EventName } from '../../events/event-specs.js';

/** True where the event's guards refuse when hookpool cannot answer (PreToolUse, PermissionRequest, UserPromptSubmit). */
export function failsClosed(event: EventName): boolean {
  return EVENT_SPECS[event].defaultOnError === 'closed';
}

/**
 * `command`, then: any exit but 0 and 2 (hookpool not installed: 127; crashed: 1) becomes exit 2
 * with the reason on stderr, which Claude Code, Gemini CLI and Codex read as a refusal.
 */
export function refuseOnOtherExit(command: string): string {
  return `${command}; s=$?; [ $s = 0 ] || [ $s = 2 ] || { echo "hookpool could not run (exit $s): refusing" >&2; s=2; }; exit $s`;
}

/** Seconds the agent waits for hookpool: at least a minute, and room for the slowest hook. */
export function entryTimeoutSeconds(slowestHookMs: number): number {
  return Math.max(60, Math.ceil(slowestHookMs / 1000) + 10);
}
