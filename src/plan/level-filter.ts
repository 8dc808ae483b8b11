// Wundr's level conditions (hook-engine.ts matchesFilter): a payload's risk or notification level
// passes when it is at least the hook's minimum, in the seed's order. A payload that carries no
// level is not filtered (Wundr checks a key only when its metadata has the field); one whose level
// is not in the order fails.
import { NOTIFICATION_LEVELS, RISK_LEVELS, type HookFilter } from '../model/hook-definition.js';

export type PayloadTest = (payload: Record<string, unknown>) => boolean;

interface LevelCondition {
  /** The payload fields that may hold the level: the wire format's name first, then Wundr's. */
  readonly fields: readonly string[];
  readonly order: readonly string[];
  readonly minimum: (filter: HookFilter) => string | undefined;
}

const CONDITIONS: readonly LevelCondition[] = [
  { fields: ['risk_level', 'riskLevel'], order: RISK_LEVELS, minimum: (filter) => filter.minRiskLevel },
  { fields: ['level'], order: NOTIFICATION_LEVELS, minimum: (filter) => filter.minNotificationLevel },
];

/** The level conditions of a filter as one test, or null when it has none. */
export function compileLevelTest(filter: HookFilter | undefined): PayloadTest | null {
  if (filter === undefined) return null;
  const tests = CONDITIONS.flatMap((condition) => {
    const minimum = condition.minimum(filter);
    return minimum === undefined ? [] : [levelTest(condition, condition.order.indexOf(minimum))];
  });
  if (tests.length === 0) return null;
  return (payload) => tests.every((test) => test(payload));
}

function levelTest(condition: LevelCondition, minimumRank: number): PayloadTest {
  return (payload) => {
    const field = condition.fields.find((name) => payload[name] !== undefined);
    if (field === undefined) return true;
    const value = payload[field];
    const rank = typeof value === 'string' ? condition.order.indexOf(value) : -1;
    return rank >= minimumRank;
  };
}
