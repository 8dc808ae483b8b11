// Text every dialect's answer carries beside the hooks' own: hookpool's notices, each hook's
// stderr tagged with its id, and the small helpers that leave out what was not given.
import type { FireResult } from '../model/fire-result.js';
import { describeFailureNotice } from '../model/hook-failure.js';
import { wouldBlockNotices } from '../aggregate/audit-mode.js';
import type { EventSpec } from '../events/event-specs.js';

/**
 * What the user must see beside the hooks' own answer, every time: hooks that gave no answer (and
 * whether that refused the action), hooks whose answer was an error, hooks in audit mode that would
 * have blocked, then configuration notices.
 */
export function hookpoolNotices(spec: EventSpec, result: FireResult, configNotices: readonly string[]): string[] {
  const notices = [
    ...result.failures.map((failure) => describeFailureNotice(failure, spec.name)),
    ...result.hookErrors.map(({ id, message }) => `hook "${id}" ${message}`),
    ...wouldBlockNotices(spec, result),
    ...configNotices,
  ];
  return notices.map((notice) => `hookpool: ${notice}`);
}

/** Every hook's own stderr, each block tagged with its hook id, or null when none wrote any. */
export function hooksStderr(result: FireResult): string | null {
  const written = result.hooks.filter((outcome) => outcome.stderr.trim() !== '');
  return written.length === 0 ? null : written.map((outcome) => `[${outcome.id}] ${outcome.stderr.trimEnd()}`).join('\n');
}

/** Lines joined, the empty ones dropped; null when none is left. */
export function joinLines(lines: readonly (string | null | undefined)[]): string | null {
  const given = lines.filter((line): line is string => typeof line === 'string' && line !== '');
  return given.length === 0 ? null : given.join('\n');
}

/** The entries whose value is given (not null, undefined or false). */
export function givenFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined && value !== false));
}
