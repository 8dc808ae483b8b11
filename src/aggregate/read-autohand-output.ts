// An Autohand hook's answer (HookManager.ts executeHook; docs/hooks.md): exit 2 blocks with stderr
// (JSON is not read then); exit 0 with a JSON object on stdout answers with Autohand's response
// fields; any other exit is a non-blocking failure; plain stdout is never read.
//
// Its `decision` (allow | deny | ask | block) is how an Autohand hook answers a permission
// question, PermissionRequest included (the docs' "Auto-approve Read Operations" example), and
// Autohand takes the first hook's decision there: later Autohand hooks' decisions are noted, not
// merged.
import type { EventSpec } from '../events/event-specs.js';
import type { HookOutcome } from '../model/hook-outcome.js';
import { isRefusal } from '../events/decision-rank.js';
import { describeFailure } from '../model/hook-failure.js';
import { emptyVerdict, ignore, type HookVerdict } from './hook-verdict.js';
import { parseHookStdout, notJsonOutputBecause } from './parse-hook-stdout.js';
import { readFailure, type ReadingRules } from './read-hook-output.js';
import { applyJsonOutput } from './read-json-output.js';
import type { HookRun } from './read-wundr-output.js';
import { noteIgnoredExit, pickFields, readSeedBlock, reasonlessRefusal } from './seed-exit-codes.js';

/** Autohand's reason for an exit 2 with nothing on stderr. */
export const AUTOHAND_DEFAULT_REASON = 'Hook blocked execution';

/** The fields of Autohand's `HookResponse`. */
const RESPONSE_FIELDS = ['decision', 'reason', 'continue', 'stopReason', 'updatedInput', 'additionalContext'] as const;

// A permission question as an Autohand hook answers it: its top-level `decision`, `ask` included
// ("continue with normal user prompt"). Built once per event.
const answeringSpecs = new Map<EventSpec, EventSpec>();
function autohandSpec(spec: EventSpec): EventSpec {
  if (spec.permissionAnswer === null) return spec;
  let answering = answeringSpecs.get(spec);
  if (answering === undefined) {
    const topLevelFields = new Set([...spec.topLevelFields, 'decision' as const]);
    const permissionDecisions = spec.permissionDecisions.includes('ask') ? spec.permissionDecisions : [...spec.permissionDecisions, 'ask' as const];
    answering = { ...spec, topLevelFields, permissionDecisions };
    answeringSpecs.set(spec, answering);
  }
  return answering;
}

/** One Autohand hook's verdict, from its exit code and response JSON. */
export function readAutohandOutput(spec: EventSpec, outcome: HookOutcome, rules: ReadingRules): HookVerdict {
  const verdict = emptyVerdict(outcome.id);
  const failure = describeFailure(outcome);
  if (failure !== null) {
    readFailure(spec, outcome, failure, rules, verdict);
  } else if (outcome.exitCode === 2) {
    readSeedBlock(spec, outcome, outcome.stderr.trim() || AUTOHAND_DEFAULT_REASON, verdict);
  } else if (outcome.status !== 'ok') {
    noteIgnoredExit(outcome, verdict);
  } else if (outcome.stdout.trim().startsWith('{')) {
    const stdout = parseHookStdout(outcome.stdout);
    if (stdout.kind === 'json') applyJsonOutput(autohandSpec(spec), pickFields(stdout.json, RESPONSE_FIELDS), verdict);
    else verdict.errors.push(`${notJsonOutputBecause(stdout) ?? 'stdout is not a JSON object'}; ignored`);
    if (isRefusal(verdict.decision) && verdict.reason === null) verdict.reason = reasonlessRefusal(outcome.id, `decision "${verdict.decision}"`);
  }
  return verdict;
}

/**
 * The verdicts of a fire's Autohand hooks, in config order. On PermissionRequest the first hook
 * whose response has a `decision` decides (Autohand's onPermissionRequest); a later hook's
 * decision is dropped and noted.
 */
export function readAutohandOutputs(spec: EventSpec, runs: readonly HookRun[]): HookVerdict[] {
  const verdicts = runs.map((run) => readAutohandOutput(spec, run.outcome, run.rules));
  if (spec.permissionAnswer !== 'decisionBehavior') return verdicts;
  const first = verdicts.find((verdict) => verdict.decisionVia === 'output');
  for (const verdict of verdicts) {
    if (first === undefined || verdict === first || verdict.decisionVia !== 'output') continue;
    ignore(verdict, `"decision" "${verdict.decision}" is not acted on: Autohand takes the first hook's decision ("${first.decision}" from "${first.hookId}")`);
    verdict.decision = null;
    verdict.decisionVia = null;
    verdict.reason = null;
    verdict.reasonGiven = false;
    verdict.updatedInput = null;
  }
  return verdicts;
}
