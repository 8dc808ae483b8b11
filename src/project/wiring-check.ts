// What each of doctor's checks of one agent's wiring is given (the agent's plan, its enabled hooks,
// hookpool's entries in its settings, how to report) and what it finds.
import type { WiringContext } from '../dialects/settings/agent-settings.js';
import { failsClosed } from '../dialects/settings/entry-command.js';
import type { Dialect } from '../dialects/dialect.js';
import type { EventName } from '../events/event-specs.js';
import type { HookDefinition } from '../model/hook-definition.js';

export interface WiringFinding {
  readonly verdict: 'ok' | 'warn' | 'fail';
  readonly agent: string;
  readonly text: string;
}

/** What one agent's checks share: its plan, hookpool's items in its settings, and how to report. */
export interface AgentCheck {
  readonly dialect: Dialect;
  readonly context: WiringContext;
  /** Its enabled hooks. */
  readonly hooks: readonly HookDefinition[];
  /** hookpool's items in the agent's settings file, by the agent's event name. */
  readonly owned: Readonly<Record<string, unknown[]>>;
  readonly say: (verdict: WiringFinding['verdict'], text: string) => void;
  /** `fail` when one of the agent events carries an enabled guard (it cannot run), else `warn`. */
  readonly severity: (agentEvents: Iterable<string>) => WiringFinding['verdict'];
  /** `run hookpool init --agent <name>`: the fix for most findings. */
  readonly again: string;
}

/** An event whose guards refuse when hookpool cannot answer: a guard there that cannot run is a `fail`. */
export function isGuardEvent(event: EventName | undefined): boolean {
  return event !== undefined && failsClosed(event);
}
