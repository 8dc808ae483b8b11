import type { EventSpec, TopLevelField } from '../events/event-specs.js';
import { isDecisionIn, refusalFor } from '../events/decision-rank.js';
import { createFieldReader, type FieldReader } from './field-reader.js';
import type { Decision } from '../events/decision.js';
import { ignore, setDecision, type HookVerdict } from './hook-verdict.js';
import { applySpecificOutput } from './read-specific-output.js';
import { isTerminalSequence } from './terminal-sequence.js';

/** A reader over a hook's JSON output whose complaints become the verdict's errors. */
export function readerFor(json: Record<string, unknown>, verdict: HookVerdict): FieldReader {
  return createFieldReader(json, '', (message) => verdict.errors.push(message));
}

/**
 * Applies a hook's JSON output object (Claude Code's shape, and the Autohand shape) to its
 * verdict: universal fields, then top-level answers, then `hookSpecificOutput`, which wins.
 * Fields the event does not act on are noted, never applied.
 */
export function applyJsonOutput(spec: EventSpec, json: Record<string, unknown>, verdict: HookVerdict): void {
  const fields = readerFor(json, verdict);
  applyUniversalFields(spec, fields, verdict);
  applyTopLevelDecision(spec, fields, verdict);
  applyTopLevelExtras(spec, fields, verdict);
  const specific = fields.nested('hookSpecificOutput');
  if (specific !== undefined) applySpecificOutput(spec, specific, verdict);
}

/** `continue` (with `stopReason`), `systemMessage`, `suppressOutput`, `terminalSequence`, where the event acts on them. */
export function applyUniversalFields(spec: EventSpec, fields: FieldReader, verdict: HookVerdict): void {
  const takes = (field: TopLevelField, key: string): boolean => {
    if (spec.topLevelFields.has(field)) return true;
    ignore(verdict, `"${key}" is discarded on ${spec.name}`);
    return false;
  };
  const goOn = fields.flag('continue');
  const stopReason = fields.text('stopReason');
  if ((goOn !== undefined || stopReason !== undefined) && takes('continue', goOn === undefined ? 'stopReason' : 'continue')) {
    if (goOn === false) verdict.continue = false;
    verdict.stopReason = stopReason ?? null;
  }
  const systemMessage = fields.text('systemMessage');
  if (systemMessage !== undefined && takes('systemMessage', 'systemMessage')) verdict.systemMessage = systemMessage;
  const suppressOutput = fields.flag('suppressOutput');
  if (suppressOutput !== undefined && takes('suppressOutput', 'suppressOutput')) verdict.suppressOutput = suppressOutput;
  const sequence = fields.anyText('terminalSequence');
  if (sequence === undefined || sequence === '' || !takes('terminalSequence', 'terminalSequence')) return;
  if (isTerminalSequence(sequence)) verdict.terminalSequence = sequence;
  else ignore(verdict, '"terminalSequence" holds something other than OSC 0/1/2/9/99/777 or BEL; ignored');
}

// Every spelling of a top-level decision hookpool knows: Claude Code's `block`, its legacy
// PreToolUse `approve`, and the Autohand shape's allow | deny | ask.
const DECISION_WORDS = new Set(['block', 'approve', 'allow', 'deny', 'ask']);

function applyTopLevelDecision(spec: EventSpec, fields: FieldReader, verdict: HookVerdict): void {
  const value = fields.text('decision');
  if (value === undefined) return;
  if (!DECISION_WORDS.has(value)) {
    fields.warnAbout('decision', `must be "block" (or "approve" on PreToolUse), got "${value}"; ignored`);
    return;
  }
  const decision = spec.topLevelFields.has('decision') ? readTopLevelDecision(spec, value) : undefined;
  if (decision === undefined) {
    ignore(verdict, `"decision" "${value}" is not acted on by ${spec.name}`);
    return;
  }
  const reason = decision === null ? null : (fields.text('reason') ?? null);
  setDecision(verdict, decision, reason);
}

/**
 * Top-level `decision`: `block` where the event honours it, the legacy `approve`/`block` and the
 * Autohand values on permission events. null: a harmless "proceed"; undefined: a value this event
 * cannot take.
 */
function readTopLevelDecision(spec: EventSpec, value: string): Decision | null | undefined {
  const proceeds = value === 'approve' || value === 'allow';
  const refuses = value === 'block' || value === 'deny';
  if (spec.permissionAnswer !== null) {
    const wanted = proceeds ? 'allow' : refuses ? refusalFor(spec) : value;
    return isDecisionIn(spec.permissionDecisions, wanted) ? wanted : undefined;
  }
  if (proceeds) return null;
  return refuses ? 'block' : undefined;
}

/** The Autohand shape's top-level `updatedInput` and `additionalContext`. */
function applyTopLevelExtras(spec: EventSpec, fields: FieldReader, verdict: HookVerdict): void {
  if (fields.has('updatedInput')) {
    const takesInput = spec.specificFields.has('updatedInput') || spec.permissionAnswer === 'decisionBehavior';
    if (takesInput) verdict.updatedInput = fields.toolInput('updatedInput') ?? null;
    else ignore(verdict, `"updatedInput" is not acted on by ${spec.name}`);
  }
  if (fields.has('additionalContext')) {
    if (spec.specificFields.has('additionalContext')) verdict.additionalContext = fields.text('additionalContext') ?? null;
    else ignore(verdict, `"additionalContext" is not acted on by ${spec.name}`);
  }
}
