// Sequential hooks: run one after another, by priority (higher first) then config order, each hook's
// updatedInput becoming the next hook's tool_input (a waterfall). A hook answering `continue: false`
// ends the chain (Autohand's executeHooks): the agent stops, and the later hooks do not run. A hook
// in audit mode takes its turn, but its rewrite and its stop are not applied.
import { isAudited } from '../aggregate/audit-mode.js';
import { readHookAnswer } from '../aggregate/read-hook-protocol-output.js';
import type { EventSpec } from '../events/event-specs.js';
import { byPriority, type PlannedHook } from '../plan/planner.js';
import type { HookOutcome } from '../model/hook-outcome.js';

export interface ChainRun {
  /** The outcome of each hook that ran; a hook after a `continue: false` has none. */
  outcomes: Map<PlannedHook, HookOutcome>;
  /** The tool input after the last hook that changed it; null when none did. */
  finalToolInput: Record<string, unknown> | null;
}

export async function runChain(
  spec: EventSpec,
  chain: readonly PlannedHook[],
  input: Record<string, unknown>,
  run: (planned: PlannedHook, input: Record<string, unknown>) => Promise<HookOutcome>,
): Promise<ChainRun> {
  const ordered = [...chain].sort(byPriority);
  const outcomes = new Map<PlannedHook, HookOutcome>();
  let current = input;
  let finalToolInput: Record<string, unknown> | null = null;
  for (const planned of ordered) {
    const outcome = await run(planned, current);
    outcomes.set(planned, outcome);
    if (isAudited(planned.hook)) continue;
    const answer = readHookAnswer(spec, outcome, planned.hook);
    if (answer.updatedInput !== null) {
      finalToolInput = answer.updatedInput;
      current = { ...current, tool_input: answer.updatedInput };
    }
    if (!answer.continue) break;
  }
  return { outcomes, finalToolInput };
}
