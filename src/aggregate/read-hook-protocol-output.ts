// Which reader reads a hook's answer: the one of the protocol the hook speaks. Claude Code's is
// read-hook-output.ts; each seed design has its own beside it.
import type { HookProtocol } from '../model/hook-definition.js';
import type { EventSpec } from '../events/event-specs.js';
import type { HookOutcome } from '../model/hook-outcome.js';
import type { HookVerdict } from './hook-verdict.js';
import { readAutohandOutputs } from './read-autohand-output.js';
import { readHookOutput, type ReadingRules } from './read-hook-output.js';
import { readOpenclawOutput } from './read-openclaw-output.js';
import { readOptaOutput } from './read-opta-output.js';
import { readWundrOutputs, type HookRun } from './read-wundr-output.js';

/**
 * How a hook's answer is read: its protocol (default `claude`), for Wundr's merge its priority,
 * and whether it is applied (`enforce: false`: audit mode, see audit-mode.ts).
 */
export type AnswerRules = ReadingRules & { readonly protocol?: HookProtocol; readonly priority?: number; readonly enforce?: boolean };

// Wundr merges the answers of all its hooks of a fire, Autohand takes its first hook's permission
// decision; the other protocols read each hook alone.
type GroupReader = (spec: EventSpec, runs: readonly HookRun[]) => HookVerdict[];

const eachAlone =
  (read: (spec: EventSpec, outcome: HookOutcome, rules: ReadingRules) => HookVerdict): GroupReader =>
  (spec, runs) => runs.map((run) => read(spec, run.outcome, run.rules));

const READERS: Readonly<Record<HookProtocol, GroupReader>> = {
  claude: eachAlone(readHookOutput),
  autohand: readAutohandOutputs,
  opta: eachAlone(readOptaOutput),
  openclaw: eachAlone(readOpenclawOutput),
  wundr: readWundrOutputs,
};

/** The verdicts of one fire's hooks, given and returned in config order, each read by its protocol. */
export function readFireVerdicts(spec: EventSpec, rules: readonly AnswerRules[], outcomes: readonly HookOutcome[]): HookVerdict[] {
  const byProtocol = new Map<HookProtocol, number[]>();
  outcomes.forEach((_, index) => {
    const protocol = rules[index]!.protocol ?? 'claude';
    byProtocol.set(protocol, [...(byProtocol.get(protocol) ?? []), index]);
  });
  const verdicts: HookVerdict[] = new Array<HookVerdict>(outcomes.length);
  for (const [protocol, indexes] of byProtocol) {
    const read = READERS[protocol](spec, indexes.map((index) => ({ outcome: outcomes[index]!, rules: rules[index]! })));
    indexes.forEach((index, at) => (verdicts[index] = read[at]!));
  }
  return verdicts;
}

/** One hook's verdict, read alone (a sequential chain reads each step before the next starts). */
export function readHookAnswer(spec: EventSpec, outcome: HookOutcome, rules: AnswerRules): HookVerdict {
  return readFireVerdicts(spec, [rules], [outcome])[0]!;
}
