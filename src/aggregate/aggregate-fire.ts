/*
 * What `blocked` means, by what a block does on the event (EventSpec.exit2, permissionAnswer):
 * - exit2 'block' (PreToolUse, UserPromptSubmit, PostToolBatch, PreCompact, Stop, ...): the action
 *   the event announces must not happen; true when the winning decision is deny/block. On Stop,
 *   SubagentStop and TeammateIdle (blockKeepsAgentRunning) that action is stopping, so blocked
 *   means "keep working"; on Stop and SubagentStop additionalContext keeps the agent working too
 *   (Claude Code's "non-error feedback that continues the conversation").
 * - a permission question with no exit-2 effect (PermissionRequest): true when the winning answer
 *   is deny; the permission is refused and the tool does not run.
 * - 'feedback' (PostToolUse, PostToolUseFailure): the tool already ran; never true. A block sets
 *   decision 'block' and a reason for the model.
 * - 'notice' and 'none' (observational events): never true.
 * A block on an unblockable subject (ConfigChange on policy_settings) is dropped and noted.
 * `continue: false` from any hook wins over all of that: the agent stops. `blocked` is then true
 * wherever the event can hold an action back (an agent that reads only `blocked` still does not
 * act) and false, with no decision, where a block would keep the agent running.
 */
import type { EventSpec } from '../events/event-specs.js';
import type { HookOutcome } from '../model/hook-outcome.js';
import { capText, MAX_MODEL_TEXT_CHARS } from './cap-text.js';
import { canHoldBack, decisionRank, isRefusal } from '../events/decision-rank.js';
import type { CappedTextField, FireResult, HookError } from '../model/fire-result.js';
import type { Decision } from '../events/decision.js';
import type { HookVerdict } from './hook-verdict.js';
import { concatenate, elicitationAnswer, firstGiven, firstPerKey, joinText, union } from './merge-fields.js';
import { readFireVerdicts, type AnswerRules } from './read-hook-protocol-output.js';
import { auditedHook, isAudited, readWithAudits } from './audit-mode.js';

/** Claude Code caps the classifier notes of one tool call at 2,000 characters, across hooks. */
export const MAX_CLASSIFIER_CONTEXT_CHARS = 2_000;

/** What the fire was about, beyond the event: the matcher subject (see matcherSubjectOf). */
export interface FireContext {
  readonly subject: string | null;
}

const NO_CONTEXT: FireContext = { subject: null };

/**
 * Merges the outcomes of one fire, given in config order with their hooks' reading rules, into the
 * agent's answer. A hook in audit mode is merged as if it had not answered; what it would have done
 * alone is in `audited`.
 */
export function aggregateFire(spec: EventSpec, rules: readonly AnswerRules[], outcomes: HookOutcome[], context: FireContext = NO_CONTEXT): FireResult {
  if (!rules.some(isAudited)) return mergeVerdicts(spec, readFireVerdicts(spec, rules, outcomes), outcomes, context);
  const { verdicts, audits } = readWithAudits(spec, rules, outcomes);
  const result = mergeVerdicts(spec, verdicts, outcomes, context);
  const audited = audits.flatMap(({ verdict, outcome }) => auditedHook(outcome.id, mergeVerdicts(spec, [verdict], [outcome], context)) ?? []);
  return audited.length === 0 ? result : { ...result, audited };
}

/** Merges verdicts in config order, so the answer never depends on which hook finished first. */
export function mergeVerdicts(spec: EventSpec, verdicts: readonly HookVerdict[], outcomes: HookOutcome[], context: FireContext = NO_CONTEXT): FireResult {
  const ignoredOutput = notes(verdicts, (verdict) => verdict.ignored);
  const winner = winningDecision(verdicts);
  let deciders = winner === null ? [] : verdicts.filter((verdict) => verdict.decision !== null && decisionRank(verdict.decision) === decisionRank(winner));
  if (isRefusal(winner) && context.subject !== null && spec.unblockableSubjects.includes(context.subject)) {
    for (const verdict of deciders) ignoredOutput.push({ id: verdict.hookId, message: `a block is not honoured on ${spec.name} "${context.subject}"` });
    deciders = [];
  }
  let decision = deciders[0]?.decision ?? null;
  const additionalContext = joinText(verdicts.map((verdict) => verdict.additionalContext));
  const continuesWithContext = spec.stopHookActive && additionalContext !== null;
  let blocked = (canHoldBack(spec) && isRefusal(decision)) || continuesWithContext;

  const stoppers = verdicts.filter((verdict) => !verdict.continue);
  if (stoppers.length > 0 && spec.blockKeepsAgentRunning) {
    decision = null;
    deciders = [];
    blocked = false;
  } else if (stoppers.length > 0) {
    blocked = canHoldBack(spec);
  }

  const textTruncated: CappedTextField[] = [];
  const cap = (field: CappedTextField, text: string | null, maxChars = MAX_MODEL_TEXT_CHARS): string | null => {
    if (text === null) return null;
    const capped = capText(text, maxChars);
    if (capped.cut) textTruncated.push(field);
    return capped.text;
  };
  const agreeing = (wanted: Decision) => (decision === wanted ? deciders : []);
  const elicitation = elicitationAnswer(verdicts);

  return {
    event: spec.name,
    blocked,
    decision,
    reason: cap('reason', joinText(deciders.map((verdict) => verdict.reason))),
    decidedBy: deciders.map((verdict) => ({ id: verdict.hookId, via: verdict.decisionVia ?? 'output', reason: verdict.reasonGiven ? verdict.reason : null })),
    updatedInput: firstGiven(verdicts.map((verdict) => verdict.updatedInput)),
    updatedToolOutput: firstGiven(verdicts.map((verdict) => verdict.updatedToolOutput)),
    updatedMCPToolOutput: firstGiven(verdicts.map((verdict) => verdict.updatedMCPToolOutput)),
    updatedPrompt: firstGiven(verdicts.map((verdict) => verdict.updatedPrompt)),
    additionalContext: cap('additionalContext', additionalContext),
    classifierContext: cap('classifierContext', joinText(verdicts.map((verdict) => verdict.classifierContext)), MAX_CLASSIFIER_CONTEXT_CHARS),
    continue: stoppers.length === 0,
    stopReason: cap('stopReason', joinText(stoppers.map((verdict) => verdict.stopReason))),
    systemMessage: cap('systemMessage', joinText(verdicts.map((verdict) => verdict.systemMessage))),
    suppressOutput: verdicts.some((verdict) => verdict.suppressOutput),
    retry: verdicts.some((verdict) => verdict.retry),
    updatedPermissions: concatenate(agreeing('allow').map((verdict) => verdict.updatedPermissions)),
    interrupt: agreeing('deny').some((verdict) => verdict.interrupt),
    sessionTitle: firstGiven(verdicts.map((verdict) => verdict.sessionTitle)),
    suppressOriginalPrompt: verdicts.some((verdict) => verdict.suppressOriginalPrompt),
    initialUserMessage: cap('initialUserMessage', firstGiven(verdicts.map((verdict) => verdict.initialUserMessage))),
    watchPaths: union(verdicts.map((verdict) => verdict.watchPaths)),
    reloadSkills: verdicts.some((verdict) => verdict.reloadSkills),
    displayContent: firstGiven(verdicts.map((verdict) => verdict.displayContent)),
    elicitationAction: blocked && spec.specificFields.has('action') ? 'decline' : elicitation.elicitationAction,
    elicitationContent: blocked ? null : elicitation.elicitationContent,
    worktreePath: blocked ? null : firstGiven(verdicts.map((verdict) => verdict.worktreePath)),
    terminalSequence: verdicts.map((verdict) => verdict.terminalSequence ?? '').join('') || null,
    hookSpecificOutput: firstPerKey(verdicts.map((verdict) => verdict.hookSpecificOutput)),
    textTruncated,
    failures: verdicts.flatMap((verdict) => (verdict.failure === null ? [] : [verdict.failure])),
    hookErrors: notes(verdicts, (verdict) => verdict.errors),
    ignoredOutput,
    environmentExports: null,
    hooks: outcomes,
  };
}

/** The strongest decision; among equals, the value of the first in config order. */
function winningDecision(verdicts: readonly HookVerdict[]): Decision | null {
  let winner: Decision | null = null;
  for (const { decision } of verdicts) {
    if (decision !== null && (winner === null || decisionRank(decision) > decisionRank(winner))) winner = decision;
  }
  return winner;
}

function notes(verdicts: readonly HookVerdict[], of: (verdict: HookVerdict) => readonly string[]): HookError[] {
  return verdicts.flatMap((verdict) => of(verdict).map((message) => ({ id: verdict.hookId, message })));
}
