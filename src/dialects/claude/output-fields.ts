// The JSON fields of a `--format claude` answer, from a FireResult and the event's columns: the
// fields that say the decision, and every other field the event takes.
import { isRefusal } from '../../events/decision-rank.js';
import type { FireResult } from '../../model/fire-result.js';
import type { EventSpec, SpecificField, TopLevelField } from '../../events/event-specs.js';

/** A JSON output object. */
export type Output = Record<string, unknown> & { hookSpecificOutput?: Record<string, unknown> };

/**
 * The reason as the deciding hooks gave it, or null when none gave one: Claude Code would have had
 * no reason either (hookify's PreToolUse deny carries none), so hookpool invents none in the answer.
 */
export function reasonGivenBy(result: FireResult): string | null {
  const given = result.decidedBy.filter((hook) => hook.reason !== null);
  if (given.length === 0) return null;
  return given.length === result.decidedBy.length ? result.reason : given.map((hook) => hook.reason).join('\n');
}

// `decision.behavior` has only these two answers; ask and defer have no way to be said there.
const BEHAVIOR_OF: Readonly<Record<string, 'allow' | 'deny'>> = { allow: 'allow', deny: 'deny', block: 'deny' };

/**
 * The fields that say the merged decision in the event's own way (`permissionDecision`,
 * PermissionRequest's `decision` object, an elicitation `action`, top-level `decision: "block"`),
 * `{}` when there is no decision to say, or null when the event has no JSON way to refuse.
 */
export function decisionFields(spec: EventSpec, result: FireResult): Output | null {
  const reason = reasonGivenBy(result);
  const specific = (fields: Record<string, unknown>): Output => ({ hookSpecificOutput: { hookEventName: spec.name, ...fields } });
  if (spec.permissionAnswer === 'permissionDecision') {
    if (result.decision === null) return {};
    const permissionDecision = result.decision === 'block' ? 'deny' : result.decision;
    return specific({ permissionDecision, ...(reason === null ? {} : { permissionDecisionReason: reason }) });
  }
  if (spec.permissionAnswer === 'decisionBehavior') {
    const behavior = BEHAVIOR_OF[result.decision ?? 'none'];
    if (behavior === undefined) return {};
    const allow = { updatedInput: result.updatedInput, updatedPermissions: result.updatedPermissions };
    const deny = { message: reason, interrupt: result.interrupt || null };
    return specific({ decision: { behavior, ...given(behavior === 'allow' ? allow : deny) } });
  }
  if (spec.specificFields.has('action')) {
    if (result.elicitationAction === null) return {};
    return specific({ action: result.elicitationAction, ...given({ content: result.elicitationAction === 'accept' ? result.elicitationContent : null }) });
  }
  if (spec.topLevelFields.has('decision')) {
    return result.decision === 'block' ? { decision: 'block', ...given({ reason }) } : {};
  }
  return null;
}

/** Each `hookSpecificOutput` field the answer carries beside the decision, from the result. */
function specificValues(result: FireResult): Partial<Record<SpecificField, unknown>> {
  return {
    additionalContext: result.additionalContext,
    updatedInput: isRefusal(result.decision) ? null : result.updatedInput,
    updatedToolOutput: result.updatedToolOutput,
    updatedMCPToolOutput: result.updatedMCPToolOutput,
    classifierContext: result.classifierContext,
    retry: result.retry || null,
    sessionTitle: result.sessionTitle,
    suppressOriginalPrompt: result.suppressOriginalPrompt || null,
    initialUserMessage: result.initialUserMessage,
    watchPaths: result.watchPaths,
    reloadSkills: result.reloadSkills || null,
    displayContent: result.displayContent,
  };
}

// Said by decisionFields, or (updatedInput) part of PermissionRequest's decision object.
const DECISION_KEYS: ReadonlySet<SpecificField> = new Set(['permissionDecision', 'permissionDecisionReason', 'decision', 'action', 'content']);

/**
 * Every field of the answer but the decision: `continue`/`stopReason`, `systemMessage` (the hooks'
 * then `notices`), `suppressOutput`, `terminalSequence`, the event's `hookSpecificOutput` fields,
 * and the unknown ones hooks gave, passed on for Claude Code to read.
 */
export function answerFields(spec: EventSpec, result: FireResult, notices: readonly string[]): Output {
  const takes = (field: TopLevelField) => spec.topLevelFields.has(field);
  const output: Output = {};
  if (!result.continue && takes('continue')) Object.assign(output, { continue: false }, given({ stopReason: result.stopReason }));
  const systemMessage = [result.systemMessage, ...notices].filter(Boolean).join('\n');
  if (systemMessage !== '' && takes('systemMessage')) output.systemMessage = systemMessage;
  if (result.suppressOutput && takes('suppressOutput')) output.suppressOutput = true;
  if (result.terminalSequence !== null && takes('terminalSequence')) output.terminalSequence = result.terminalSequence;
  const values = specificValues(result);
  const accepted = [...spec.specificFields].filter((field) => !DECISION_KEYS.has(field) && !(field === 'updatedInput' && spec.permissionAnswer === 'decisionBehavior'));
  const fields = { ...result.hookSpecificOutput, ...given(Object.fromEntries(accepted.map((field) => [field, values[field] ?? null]))) };
  if (Object.keys(fields).length > 0) output.hookSpecificOutput = { hookEventName: spec.name, ...fields };
  return output;
}

/** The entries whose value is given (not null or undefined). */
function given(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined));
}
