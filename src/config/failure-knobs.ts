// Each configuration format's own setting for a hook that cannot answer, and the one line that
// makes a guard of that format refuse instead of letting the action through. hookpool's own format
// fails a guard closed; Wundr's `catchErrors` defaults to true (the error is logged, the event goes
// on) and Autohand never lets a failing hook block, so guards from those files fail open unless
// their file says otherwise. `doctor` and `validate` name every such guard with the line below.
import { EVENT_SPECS } from '../events/event-specs.js';
import type { ConfigFormat, HookDefinition } from '../model/hook-definition.js';

/** What closes a guard that fails open, in its own file's words. */
const CLOSING_LINE: Readonly<Record<ConfigFormat, string>> = {
  native: 'set "onError": "closed" on it',
  claude: 'set "onFailure": "block" (or "onError": "closed") on its handler',
  openclaw: 'set "onError": "closed" on it in a hookpool file (OpenClaw has no such setting)',
  wundr: 'set "catchErrors": false on it (Wundr\'s default, true, logs the error and lets the event go on)',
  autohand: 'Autohand never lets a failing hook block: move it to .hookpool/hooks.json with "onError": "closed"',
  opta: 'move it to .hookpool/hooks.json with "onError": "closed" (Opta has no such setting)',
};

/** A guard that lets its action proceed when its hook fails, and how to close it. */
export interface FailOpenGuard {
  readonly id: string;
  readonly event: string;
  /** Where it is: file and JSON path, or `hook "<id>"` for a hook with no file. */
  readonly where: string;
  /** The one line that makes it refuse instead. */
  readonly closing: string;
}

/** The enabled hooks on guard events (those that fail closed by default) whose `onError` is `open`. */
export function failOpenGuards(hooks: readonly HookDefinition[]): FailOpenGuard[] {
  return hooks.flatMap((hook) => {
    if (!hook.enabled || hook.onError !== 'open' || EVENT_SPECS[hook.event].defaultOnError !== 'closed') return [];
    const where = hook.source === undefined ? `hook "${hook.id}"` : `${hook.source.file}: ${hook.source.jsonPath}`;
    const closing = hook.source === undefined && hook.origin === 'api' ? 'register it with catchErrors: false (or onError: "closed")' : CLOSING_LINE[hook.source?.format ?? 'native'];
    return [{ id: hook.id, event: hook.event, where, closing }];
  });
}

/** One line per guard: `<where>: guard "<id>" on <Event> proceeds when its hook fails; <closing line>`. */
export function describeFailOpenGuard(guard: FailOpenGuard): string {
  return `${guard.where}: guard "${guard.id}" on ${guard.event} proceeds when its hook fails; ${guard.closing}`;
}
