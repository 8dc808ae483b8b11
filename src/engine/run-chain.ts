// Sequential hooks: run one after another, by priority (higher first) then config order, each hook's
// updatedInput becoming the next hook's tool_input (a waterfall).
import { readHookAnswer } from '../aggregate/read-protocol-output.js';
import type { EventSpec } from '../events/event-specs.js';
import { byPriority, type PlannedHook } from '../plan/planner.js';
import type { HookOutcome } from '../run/outcome.js';

export interface ChainRun {
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
    const { updatedInput } = readHookAnswer(spec, outcome, planned.hook);
    if (updatedInput !== null) {
      finalToolInput = updatedInput;
      current = { ...current, tool_input: updatedInput };
    }
  }
  return { outcomes, finalToolInput };
}
