// What `hookpool run --format <agent>` needs from one agent's hook protocol: how its payload reads
// as hookpool's, and how a fire's merged answer is written back (exit code, stdout, stderr). One
// module per agent beside this file, loaded only when its format is asked for.
import type { FireResult } from '../aggregate/fire-result.js';
import { describeFailureNotice } from '../aggregate/hook-failure.js';
import type { EventSpec } from '../events/event-specs.js';
import type { EXIT } from './exit-codes.js';

export type { AgentFormatName } from './dialect-names.js';

/** What hookpool prints and exits with, as the agent reads a hook's answer. */
export interface AgentAnswer {
  readonly stdout: string | null;
  readonly stderr: string | null;
  readonly exitCode: typeof EXIT.proceed | typeof EXIT.blocked;
}

export interface AgentFormat {
  /** The agent's payload as hookpool's hooks read it (Claude Code's field names); `agentEvent` is the agent's own event name. */
  readonly adaptPayload: (agentEvent: string, payload: Record<string, unknown>) => Record<string, unknown>;
  /** The answer for a fire; `notices` are hookpool's configuration notices, said where the agent shows text. */
  readonly answer: (spec: EventSpec, result: FireResult, notices: readonly string[]) => AgentAnswer;
}

/**
 * What the user must see beside the hooks' own answer, every time: hooks that gave no answer (and
 * whether that refused the action), hooks whose answer was an error, then configuration notices.
 */
export function hookpoolNotices(spec: EventSpec, result: FireResult, configNotices: readonly string[]): string[] {
  const notices = [
    ...result.failures.map((failure) => describeFailureNotice(failure, spec.name)),
    ...result.hookErrors.map(({ id, message }) => `hook "${id}" ${message}`),
    ...configNotices,
  ];
  return notices.map((notice) => `hookpool: ${notice}`);
}

/** Every hook's own stderr, each line block tagged with its hook id, or null when none wrote any. */
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

/** The payload unchanged: the agent already uses Claude Code's field names. */
export function samePayload(_agentEvent: string, payload: Record<string, unknown>): Record<string, unknown> {
  return payload;
}
