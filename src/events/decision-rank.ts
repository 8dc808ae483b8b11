import type { EventSpec } from './event-specs.js';
import type { Decision } from './decision.js';

// deny > defer > ask > allow (PROTOCOL.md, "Several hooks on one fire"); block counts as deny.
const rankOf: Readonly<Record<Decision, number>> = { allow: 0, ask: 1, defer: 2, deny: 3, block: 3 };

/** How strongly a decision holds the agent back; higher wins when hooks disagree. */
export function decisionRank(decision: Decision): number {
  return rankOf[decision];
}

/** deny and block: the decisions that refuse the action. */
export function isRefusal(decision: Decision | null): boolean {
  return decision === 'deny' || decision === 'block';
}

/**
 * Whether a hook can refuse anything on this event: block its action (exit-2 effect `block`, or
 * any non-zero exit where that refuses), feed a refusal back to the model (`feedback`), or deny a
 * permission.
 */
export function canRefuse(spec: EventSpec): boolean {
  return spec.exit2 === 'block' || spec.exit2 === 'feedback' || spec.nonZeroExitRefuses || spec.permissionAnswer !== null;
}

/** Whether a refusal on this event holds the action back (`blocked`), rather than only being fed back. */
export function canHoldBack(spec: EventSpec): boolean {
  return spec.exit2 === 'block' || spec.permissionAnswer !== null;
}

/** The refusal an event speaks: `deny` where hooks answer a permission question, else `block`. */
export function refusalFor(spec: EventSpec): Decision {
  return spec.permissionAnswer === null ? 'block' : 'deny';
}

/** Narrows hook-written text to one of the allowed decisions. */
export function isDecisionIn(allowed: readonly Decision[], value: string): value is Decision {
  return (allowed as readonly string[]).includes(value);
}
