// Which hooks a replay leaves out unless asked (--run-side-effects, --run-hook ID): those that
// would change something now for a session that already happened. A hook cannot say what it does,
// so this goes by what is known of it:
// - a built-in the catalog says writes (loggers, auto-format, git-auto-stage, smart-commit, Slack, sound);
// - a background hook (async, asyncRewake): nobody waits for its answer, so it exists for its effect
//   (notifications, logs, commits);
// - a hook on PostToolUse or PostToolUseFailure: it runs after the tool changed something, where
//   formatters, stagers and loggers sit; it cannot stop the call any more.
import { findBuiltin } from '../builtins/catalog.js';
import type { HookDefinition } from '../model/hook-definition.js';

/** A hook left out of the replay, and why. */
export interface SkippedHook {
  readonly id: string;
  readonly event: string;
  readonly reason: string;
}

const AFTER_THE_FACT = new Set(['PostToolUse', 'PostToolUseFailure']);

/** Why `hook` is taken to have side effects, or null when it is taken to only answer. */
export function sideEffectOf(hook: HookDefinition): string | null {
  if (hook.origin === 'builtin' && hook.id.startsWith('builtin:')) {
    const effect = findBuiltin(hook.id.split('@')[0]!)?.sideEffect;
    if (effect !== undefined && effect !== null) return `built-in that ${effect}`;
  }
  if (hook.background) return 'runs in the background, for its effect (nobody reads its answer)';
  if (AFTER_THE_FACT.has(hook.event)) return `runs on ${hook.event}, after the tool changed something (formatters, stagers, loggers)`;
  return null;
}

export interface SideEffectChoice {
  /** --run-side-effects: run them all. */
  readonly runAll: boolean;
  /** --run-hook: run these although they count as having side effects. */
  readonly runIds: ReadonlySet<string>;
}

/** The hooks to run, and the ones left out with their reason. */
export function splitSideEffects(hooks: readonly HookDefinition[], choice: SideEffectChoice): { run: HookDefinition[]; skipped: SkippedHook[] } {
  const run: HookDefinition[] = [];
  const skipped: SkippedHook[] = [];
  for (const hook of hooks) {
    const reason = choice.runAll || choice.runIds.has(hook.id) ? null : sideEffectOf(hook);
    if (reason === null) run.push(hook);
    else skipped.push({ id: hook.id, event: hook.event, reason });
  }
  return { run, skipped };
}
