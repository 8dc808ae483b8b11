// The merge rules of FireResult's fields (each field's TSDoc says which it follows and why). All
// take values in config order, so the answer never depends on which hook finished first.
import type { ElicitationAction } from '../model/fire-result.js';
import type { HookVerdict } from './hook-verdict.js';

/** Every non-empty text, joined by newlines; null when there is none. */
export function joinText(parts: readonly (string | null)[]): string | null {
  const given = parts.filter((part): part is string => part !== null && part !== '');
  return given.length === 0 ? null : given.join('\n');
}

/** The first value given. */
export function firstGiven<T>(values: readonly (T | null)[]): T | null {
  return values.find((value) => value !== null && value !== undefined) ?? null;
}

/** Every value of every list, each once; null when no hook gave a list (an empty one is kept: it means "none"). */
export function union(lists: readonly (readonly string[] | null)[]): string[] | null {
  const given = lists.filter((list): list is readonly string[] => list !== null);
  return given.length === 0 ? null : [...new Set(given.flat())];
}

/** Every entry of every list, in order; null when no hook gave one. */
export function concatenate<T>(lists: readonly (readonly T[] | null)[]): T[] | null {
  const given = lists.filter((list): list is readonly T[] => list !== null);
  return given.length === 0 ? null : given.flat();
}

/** Unknown `hookSpecificOutput` fields: per field, the first hook's value. */
export function firstPerKey(records: readonly (Record<string, unknown> | null)[]): Record<string, unknown> | null {
  const merged: Record<string, unknown> = {};
  for (const record of records) {
    for (const [key, value] of Object.entries(record ?? {})) if (!(key in merged)) merged[key] = value;
  }
  return Object.keys(merged).length === 0 ? null : merged;
}

// A refusal of the MCP server's request wins over accepting it, as deny wins over allow.
const ACTION_RANK: Readonly<Record<ElicitationAction, number>> = { accept: 0, cancel: 1, decline: 1 };

/** The elicitation answer: the strongest action, the first in config order among equals, with its content. */
export function elicitationAnswer(verdicts: readonly HookVerdict[]): Pick<HookVerdict, 'elicitationAction' | 'elicitationContent'> {
  let winner: HookVerdict | undefined;
  for (const verdict of verdicts) {
    const action = verdict.elicitationAction;
    if (action !== null && (winner === undefined || ACTION_RANK[action] > ACTION_RANK[winner.elicitationAction!])) winner = verdict;
  }
  return { elicitationAction: winner?.elicitationAction ?? null, elicitationContent: winner?.elicitationContent ?? null };
}
