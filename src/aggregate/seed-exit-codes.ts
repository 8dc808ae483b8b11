// Exit codes as the seed designs read them: a blocking exit refuses the action where the event can
// refuse anything; a non-zero exit a seed does not act on is only reported.
import type { EventSpec } from '../events/event-specs.js';
import type { HookOutcome } from '../model/hook-outcome.js';
import { canRefuse, refusalFor } from '../events/decision-rank.js';
import { firstLine } from '../model/hook-failure.js';
import type { HookVerdict } from './hook-verdict.js';

/** A seed's blocking exit: the event's refusal with `reason`, or a notice where the event cannot refuse. */
export function readSeedBlock(spec: EventSpec, outcome: HookOutcome, reason: string, verdict: HookVerdict): void {
  if (!canRefuse(spec)) {
    verdict.errors.push(withStderr(`exited ${outcome.exitCode} on ${spec.name}, which it cannot block`, outcome));
    return;
  }
  verdict.decision = refusalFor(spec);
  verdict.decisionVia = 'exitCode';
  verdict.reason = reason;
  verdict.reasonGiven = outcome.stderr.trim() !== '';
}

/** A non-zero exit the hook's protocol gives no meaning here: reported, the action proceeds. */
export function noteIgnoredExit(outcome: HookOutcome, verdict: HookVerdict): void {
  verdict.errors.push(withStderr(`failed with exit code ${outcome.exitCode} (a non-blocking error: the action proceeds)`, outcome));
}

/** A refusal with no words of its own says which hook gave it. */
export function reasonlessRefusal(hookId: string, what: string): string {
  return `Blocked by hook "${hookId}" (${what}), which gave no reason.`;
}

/** Only the fields a seed reads from a hook's JSON answer; the rest it ignores. */
export function pickFields(json: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => json[field] !== undefined).map((field) => [field, json[field]]));
}

function withStderr(what: string, outcome: HookOutcome): string {
  const line = firstLine(outcome.stderr);
  return line === '' ? what : `${what}: ${line}`;
}
