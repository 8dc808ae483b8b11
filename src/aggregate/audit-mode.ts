// Audit mode (`enforce: false`): a hook runs and its answer is read as if it were enforced, then
// withheld. The fire's other hooks merge as if it had not answered (it takes no part in its
// protocol's group merge either); what stays of it is what the user must see anyway (its failure,
// its error notices, what the event ignores), and its would-be answer goes to FireResult.audited.
import type { HookOutcome } from '../model/hook-outcome.js';
import type { EventSpec } from '../events/event-specs.js';
import { emptyAnswer, type AuditedHook, type FireResult, type HookAnswer } from '../model/fire-result.js';
import { emptyVerdict, type HookVerdict } from './hook-verdict.js';
import { readFireVerdicts, readHookAnswer, type AnswerRules } from './read-hook-protocol-output.js';

/** Whether a hook's answer is withheld (its `enforce` is false). */
export function isAudited(rules: Pick<AnswerRules, 'enforce'>): boolean {
  return rules.enforce === false;
}

export interface AuditedReading {
  /** One verdict per outcome, in config order; an audited hook's carries nothing that acts. */
  readonly verdicts: HookVerdict[];
  /** Each audited hook's own verdict, read alone, with its outcome. */
  readonly audits: { readonly verdict: HookVerdict; readonly outcome: HookOutcome }[];
}

/** The verdicts of a fire some of whose hooks are in audit mode. */
export function readWithAudits(spec: EventSpec, rules: readonly AnswerRules[], outcomes: readonly HookOutcome[]): AuditedReading {
  const enforced = rules.flatMap((rule, index) => (isAudited(rule) ? [] : [index]));
  const read = readFireVerdicts(spec, enforced.map((index) => rules[index]!), enforced.map((index) => outcomes[index]!));
  const verdicts = new Array<HookVerdict>(outcomes.length);
  enforced.forEach((index, at) => (verdicts[index] = read[at]!));
  const audits: AuditedReading['audits'] = [];
  rules.forEach((rule, index) => {
    if (!isAudited(rule)) return;
    const outcome = outcomes[index]!;
    const verdict = readHookAnswer(spec, outcome, rule);
    audits.push({ verdict, outcome });
    verdicts[index] = withheld(verdict);
  });
  return { verdicts, audits };
}

/** What an audited hook would have done, from its answer merged alone; null when it said nothing. */
export function auditedHook(id: string, alone: FireResult): AuditedHook | null {
  const empty = emptyAnswer();
  const answer = Object.fromEntries(Object.entries(empty).flatMap(([key, nothing]) => {
    const value = alone[key as keyof HookAnswer];
    return value === nothing ? [] : [[key, value]];
  })) as Partial<HookAnswer>;
  if (Object.keys(answer).length === 0) return null;
  return { id, wouldBlock: alone.blocked || !alone.continue, answer };
}

// The verdict an audited hook contributes: its failure (marked as not applied) and its notices, nothing that acts.
function withheld(verdict: HookVerdict): HookVerdict {
  const kept = emptyVerdict(verdict.hookId);
  kept.failure = verdict.failure === null ? null : { ...verdict.failure, audit: true };
  kept.errors = verdict.errors;
  kept.ignored = verdict.ignored;
  return kept;
}

/**
 * One line per audited hook that would have blocked: what the user is shown, and the log says. A
 * hook that would have blocked by failing is left to its failure's notice, which says so.
 */
export function wouldBlockNotices(spec: EventSpec, result: Pick<FireResult, 'audited' | 'failures'>): string[] {
  return (result.audited ?? []).flatMap(({ id, wouldBlock, answer }) => {
    if (!wouldBlock || result.failures.some((failure) => failure.id === id)) return [];
    const stops = answer.continue === false;
    const why = stops ? answer.stopReason : answer.reason;
    return [`hook "${id}" would ${stops ? 'stop the agent' : `block ${spec.name}`} (audit mode, not applied)${why ? `: ${why}` : ''}`];
  });
}

/** One line per audited hook whose answer would have acted without blocking (a rewrite, context, ...), for the log. */
export function withheldAnswerNotes(result: Pick<FireResult, 'audited'>): string[] {
  return (result.audited ?? []).flatMap(({ id, wouldBlock, answer }) => (wouldBlock ? [] : [`hook "${id}" is in audit mode: its ${Object.keys(answer).join(', ')} was not applied`]));
}
