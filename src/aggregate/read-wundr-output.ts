// Wundr hooks' answers (hook-engine.ts executeSingle, mergeResult; hook-types.ts HookResultMap).
// A hook answers with the JSON object on its stdout, read only on Wundr's "modifying" events,
// each its own fields. The answers of one fire's Wundr hooks are merged as Wundr merges them:
// in priority order (Wundr's highest first), field by field, a later value that is not undefined
// replacing an earlier one, so a lower-priority `block: false` undoes a higher one's block. The
// merged answer is one verdict, carried by the group's first hook in config order.
// Any non-zero exit is a failure in Wundr (its execFile rejects): the hook gives no answer and
// its `onError` (Wundr's `catchErrors`) decides, like a timeout.
import type { EventName, EventSpec } from '../events/event-specs.js';
import type { HookOutcome } from '../model/hook-outcome.js';
import { isDecisionIn, refusalFor } from '../events/decision-rank.js';
import type { Decision } from '../events/decision.js';
import { describeFailure, firstLine } from '../model/hook-failure.js';
import { emptyVerdict, type HookVerdict, ignore, setDecision } from './hook-verdict.js';
import { isJsonObject, parseHookStdout, notJsonOutputBecause } from './parse-hook-stdout.js';
import { readFailure, type ReadingRules } from './read-hook-output.js';
import { reasonlessRefusal } from './seed-exit-codes.js';

/** The result fields Wundr reads, by event: its modifying events. Other events' results are ignored. */
export const WUNDR_RESULT_FIELDS: Readonly<Partial<Record<EventName, readonly string[]>>> = {
  UserPromptSubmit: ['prompt', 'block', 'blockReason'],
  PreToolUse: ['toolInput', 'block', 'blockReason'],
  PermissionRequest: ['decision', 'reason'],
  PreCompact: ['skipCompaction', 'strategy', 'preserveMessageIndices'],
};

// Wundr's PermissionRequest decisions; `escalate` leaves the question to the user (no decision).
const PERMISSION_DECISIONS: Readonly<Record<string, Decision | null>> = { approve: 'allow', deny: 'deny', escalate: null };

// Fields Wundr's types have and hookpool's answer has no place for.
const UNSUPPORTED: ReadonlySet<string> = new Set(['strategy', 'preserveMessageIndices']);

/** One hook run of a fire and how to read it; for Wundr's merge, `priority` orders it (higher first, as Wundr and hookpool run hooks). */
export interface HookRun {
  readonly outcome: HookOutcome;
  readonly rules: ReadingRules & { readonly priority?: number };
}

/** The verdicts of one fire's Wundr hooks, in the order given; the merged answer on the first that answered. */
export function readWundrOutputs(spec: EventSpec, runs: readonly HookRun[]): HookVerdict[] {
  const verdicts = runs.map((run) => emptyVerdict(run.outcome.id));
  const fields = WUNDR_RESULT_FIELDS[spec.name];
  const answered = runs.flatMap((run, index) => {
    const result = readResult(spec, run, verdicts[index]!);
    if (result === undefined) return [];
    noteUnread(spec, result, fields, verdicts[index]!);
    return fields === undefined ? [] : [{ index, priority: run.rules.priority ?? 0, result: pick(result, fields) }];
  });
  if (answered.length === 0) return verdicts;
  const carrier = verdicts[answered[0]!.index]!;
  const byWundrOrder = [...answered].sort((a, b) => b.priority - a.priority || a.index - b.index);
  const merged: Record<string, unknown> = {};
  const setBy: Record<string, string> = {};
  for (const { index, result } of byWundrOrder) {
    for (const [key, value] of Object.entries(result)) {
      merged[key] = value;
      setBy[key] = runs[index]!.outcome.id;
    }
  }
  applyMerged(spec, merged, setBy, carrier);
  return verdicts;
}

/** A hook's result object, or undefined when it failed (recorded on its verdict) or gave none. */
function readResult(spec: EventSpec, run: HookRun, verdict: HookVerdict): Record<string, unknown> | undefined {
  const { outcome, rules } = run;
  const failure = describeFailure(outcome) ?? (outcome.status === 'ok' ? null : exitFailure(outcome));
  if (failure !== null) {
    readFailure(spec, outcome, failure, rules, verdict);
    return undefined;
  }
  const stdout = parseHookStdout(outcome.stdout);
  if (stdout.kind === 'json') return stdout.json;
  // Wundr takes other stdout as a string result, which changes nothing in a merge.
  const problem = notJsonOutputBecause(stdout);
  if (problem !== null) verdict.errors.push(`${problem}; ignored`);
  return undefined;
}

// What Wundr would not read is never dropped silently: a void event's whole result, and on a
// modifying event the fields it does not take, are noted (FireResult.ignoredOutput, and the log).
function noteUnread(spec: EventSpec, result: Record<string, unknown>, fields: readonly string[] | undefined, verdict: HookVerdict): void {
  const unread = Object.keys(result).filter((key) => fields === undefined || !fields.includes(key));
  if (unread.length === 0) return;
  const names = unread.map((key) => `"${key}"`).join(', ');
  if (fields === undefined) ignore(verdict, `${names}: Wundr reads no result on ${spec.name} (its hooks there only observe); ignored`);
  else ignore(verdict, `${names}: not a result field of ${spec.name} (Wundr reads ${fields.join(', ')}); ignored`);
}

function exitFailure(outcome: HookOutcome): string {
  const line = firstLine(outcome.stderr);
  return `failed with exit code ${outcome.exitCode}${line === '' ? '' : `: ${line}`}`;
}

// JSON has no undefined: every field a hook wrote, null included, is "not undefined" to Wundr.
function pick(result: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field in result).map((field) => [field, result[field]]));
}

function applyMerged(spec: EventSpec, merged: Record<string, unknown>, setBy: Record<string, string>, verdict: HookVerdict): void {
  if (merged.block) {
    const reason = textOf(merged.blockReason);
    setDecision(verdict, refusalFor(spec), reason);
    verdict.reason = reason ?? reasonlessRefusal(setBy.block!, 'Wundr block: true');
  }
  if (merged.skipCompaction) {
    setDecision(verdict, refusalFor(spec), `Hook "${setBy.skipCompaction}" asked to skip compaction (Wundr skipCompaction: true).`);
  }
  if (isJsonObject(merged.toolInput)) verdict.updatedInput = merged.toolInput;
  else if (merged.toolInput != null) verdict.errors.push('"toolInput" must be an object; ignored');
  if (typeof merged.prompt === 'string') verdict.updatedPrompt = merged.prompt;
  else if (merged.prompt != null) verdict.errors.push('"prompt" must be a string; ignored');
  if (merged.decision != null) readPermissionDecision(spec, merged, verdict);
  for (const key of Object.keys(merged)) {
    if (UNSUPPORTED.has(key) && merged[key] != null) verdict.errors.push(`"${key}" (Wundr) has no equivalent in hookpool's answer; ignored`);
  }
}

function readPermissionDecision(spec: EventSpec, merged: Record<string, unknown>, verdict: HookVerdict): void {
  const value = String(merged.decision);
  const decision = PERMISSION_DECISIONS[value];
  const allowed = spec.permissionDecisions;
  if (decision === undefined || (decision !== null && !isDecisionIn(allowed, decision))) {
    verdict.errors.push(`"decision" must be one of ${Object.keys(PERMISSION_DECISIONS).join(', ')}, got "${value}"; ignored`);
    return;
  }
  setDecision(verdict, decision, decision === null ? null : textOf(merged.reason));
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
