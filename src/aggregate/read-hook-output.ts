import { stripVTControlCharacters } from 'node:util';
import type { HookDefinition } from '../model/hook-definition.js';
import type { EventSpec } from '../events/event-specs.js';
import type { HookOutcome } from '../model/hook-outcome.js';
import { canRefuse, isRefusal, refusalFor } from '../events/decision-rank.js';
import { describeFailure, firstLine } from '../model/hook-failure.js';
import { emptyVerdict, ignore, type HookVerdict } from './hook-verdict.js';
import { parseHookStdout, type ParsedStdout } from './parse-hook-stdout.js';
import { applyJsonOutput } from './read-json-output.js';

/** How a hook's answer is read: its exit-code rule, and what its failure to answer means. */
export type ReadingRules = Pick<HookDefinition, 'exitCodes' | 'onError'>;

const BLOCKING_EXIT_CODE = 2;

/**
 * One hook's contribution to a fire, from its exit code and output (Claude Code's "Exit code
 * output"): JSON output is read on every exit code; exit 2 refuses where the event can refuse,
 * whatever the JSON says (its reason wins over stderr); another non-zero exit lets valid JSON
 * decide and is otherwise a non-blocking error; plain stdout on exit 0 is context where the event
 * takes it. Where any non-zero exit refuses (WorktreeCreate, WorktreeRemove; the Opta rule
 * `any-nonzero-blocks` on blocking tool events) it refuses with stderr as the reason. A hook that
 * gave no answer (see describeFailure) is a failure: reported, and a refusal when it fails closed.
 */
export function readHookOutput(spec: EventSpec, outcome: HookOutcome, rules: ReadingRules): HookVerdict {
  const verdict = emptyVerdict(outcome.id);
  const failure = noAnswerReason(spec, outcome, rules);
  if (failure !== null) {
    readFailure(spec, outcome, failure, rules, verdict);
    return verdict;
  }
  const exitCode = outcome.status === 'ok' ? 0 : (outcome.exitCode ?? 1);
  if (spec.plainStdout === 'worktreePath') readWorktreePath(spec, outcome, exitCode, verdict);
  else readOutput(spec, outcome, exitCode, rules, verdict);
  if (isRefusal(verdict.decision) && verdict.reason === null) {
    verdict.reason = reasonlessRefusal(outcome);
    verdict.reasonGiven = false;
  }
  return verdict;
}

function readOutput(spec: EventSpec, outcome: HookOutcome, exitCode: number, rules: ReadingRules, verdict: HookVerdict): void {
  const stdout = parseHookStdout(outcome.stdout);
  noteUnreadStdout(spec, stdout, outcome, verdict);
  if (isBlockingExit2(spec, exitCode)) {
    readRefusingExit(spec, stdout.kind === 'json' ? stdout.json : null, outcome, verdict);
  } else if (exitCode !== 0 && anyNonZeroRefuses(spec, rules)) {
    readRefusingExit(spec, null, outcome, verdict);
  } else if (stdout.kind === 'json') {
    applyJsonOutput(spec, stdout.json, verdict);
    if (exitCode === BLOCKING_EXIT_CODE) noteExit2(spec, outcome, verdict);
  } else if (exitCode === BLOCKING_EXIT_CODE) {
    noteExit2(spec, outcome, verdict);
  } else if (exitCode !== 0) {
    const error = withStderr(`failed with exit code ${exitCode} (a non-blocking error: the action proceeds)`, outcome);
    if (spec.exit2 === 'none') ignore(verdict, `${error}; ${spec.name} ignores exit codes`);
    else verdict.errors.push(error);
  } else if (stdout.kind === 'text' && spec.plainStdout === 'context' && stdout.text.trim() !== '') {
    verdict.additionalContext = stdout.text.trim();
  }
}

/**
 * Exit 2 where it refuses (and any non-zero exit where that refuses, whose output is not read):
 * the refusal, with the JSON decision's reason (or the JSON `reason`) over stderr. Where the action already happened
 * (`feedback`) the JSON is applied whole; where it is held back, only the universal fields are,
 * since a refused action takes no input, context or answer (Claude Code ignores an exit-2
 * Elicitation hook's hookSpecificOutput).
 */
function readRefusingExit(spec: EventSpec, json: Record<string, unknown> | null, outcome: HookOutcome, verdict: HookVerdict): void {
  let jsonReason: string | null = null;
  if (json !== null) {
    const read = spec.exit2 === 'feedback' ? verdict : emptyVerdict(outcome.id);
    applyJsonOutput(spec, json, read);
    jsonReason = isRefusal(read.decision) ? read.reason : typeof json.reason === 'string' && json.reason !== '' ? json.reason : null;
    if (read !== verdict) {
      Object.assign(verdict, { continue: read.continue, stopReason: read.stopReason, systemMessage: read.systemMessage, suppressOutput: read.suppressOutput, terminalSequence: read.terminalSequence });
      verdict.errors.push(...read.errors);
      verdict.ignored.push(...read.ignored);
    }
  }
  verdict.decision = refusalFor(spec);
  verdict.decisionVia = 'exitCode';
  verdict.reason = jsonReason ?? (outcome.stderr.trim() || null);
  verdict.reasonGiven = verdict.reason !== null;
}

/** Exit 2 on an event it cannot block: a notice for the user, or only a log line where the event ignores it. */
function noteExit2(spec: EventSpec, outcome: HookOutcome, verdict: HookVerdict): void {
  const what = withStderr(`exited 2 on ${spec.name}, which it cannot block`, outcome);
  if (spec.exit2 === 'notice') verdict.errors.push(what);
  else ignore(verdict, `${what}; ${spec.name} ignores exit 2`);
}

/**
 * Stdout that looked like JSON output and was not used as such: an error when it cannot be
 * parsed (Claude Code's "hook error" notice) on events that read output, a log line otherwise.
 */
function noteUnreadStdout(spec: EventSpec, stdout: ParsedStdout, outcome: HookOutcome, verdict: HookVerdict): void {
  const cut = outcome.truncated ? ' (its output was cut at maxOutputBytes)' : '';
  if (stdout.kind === 'invalid' && readsOutput(spec)) verdict.errors.push(`${stdout.problem}${cut}; not used`);
  else if (stdout.kind === 'invalid') ignore(verdict, `${stdout.problem}${cut}`);
  else if (stdout.kind === 'text' && stdout.note !== null) ignore(verdict, `${stdout.note}${cut}; read as plain text`);
}

/** Why the hook gave no answer to this event (see describeFailure, and cutAnswer), or null when it answered. */
export function noAnswerReason(spec: EventSpec, outcome: HookOutcome, rules: ReadingRules): string | null {
  return describeFailure(outcome) ?? cutAnswer(spec, outcome, rules);
}

/**
 * JSON output that hookpool cut at maxOutputBytes cannot be read, so the hook's answer is
 * unknown: a failure (its decision, a deny say, would otherwise be lost and the action proceed).
 * Unless its exit code refuses by itself: then that is its answer, with its stderr as the reason.
 */
function cutAnswer(spec: EventSpec, outcome: HookOutcome, rules: ReadingRules): string | null {
  if (!outcome.truncated || !readsOutput(spec) || !outcome.stdout.trimStart().startsWith('{')) return null;
  const exitCode = outcome.exitCode ?? 0;
  if (isBlockingExit2(spec, exitCode) || (exitCode !== 0 && anyNonZeroRefuses(spec, rules))) return null;
  return parseHookStdout(outcome.stdout).kind === 'json' ? null : 'printed more than maxOutputBytes: its JSON answer was cut and cannot be read';
}

// Exit 2 where it refuses the event (or, after the fact, gives feedback): Claude Code's rule.
function isBlockingExit2(spec: EventSpec, exitCode: number): boolean {
  return exitCode === BLOCKING_EXIT_CODE && (spec.exit2 === 'block' || spec.exit2 === 'feedback');
}

// Where any non-zero exit refuses: WorktreeCreate and WorktreeRemove, and Opta's rule on blocking tool events.
function anyNonZeroRefuses(spec: EventSpec, rules: ReadingRules): boolean {
  return spec.nonZeroExitRefuses || (rules.exitCodes === 'any-nonzero-blocks' && spec.toolEvent && spec.exit2 === 'block');
}

// Events that discard their hooks' output (Setup, SessionEnd, StopFailure, ...) report nothing about it.
function readsOutput(spec: EventSpec): boolean {
  return spec.specificFields.size > 0 || spec.plainStdout !== 'log' || [...spec.topLevelFields].some((field) => field !== 'terminalSequence');
}

/**
 * WorktreeCreate: a command hook answers with the path of the worktree it created, the last
 * non-empty line of its stdout (terminal escapes removed); an http hook answers JSON with
 * `hookSpecificOutput.worktreePath`. A non-zero exit, or no path, fails the creation.
 */
function readWorktreePath(spec: EventSpec, outcome: HookOutcome, exitCode: number, verdict: HookVerdict): void {
  const lines = stripVTControlCharacters(outcome.stdout).split('\n').map((line) => line.trim()).filter(Boolean);
  const path = jsonWorktreePath(outcome.stdout) ?? lines[lines.length - 1];
  if (exitCode === 0 && path !== undefined) {
    verdict.worktreePath = path;
    return;
  }
  verdict.decision = refusalFor(spec);
  verdict.decisionVia = exitCode === 0 ? 'output' : 'exitCode';
  const stderr = outcome.stderr.trim();
  verdict.reason = stderr !== '' ? stderr : exitCode === 0 ? `hook "${outcome.id}" printed no worktree path on stdout` : null;
  verdict.reasonGiven = stderr !== '';
}

// The path of an answer `{"hookSpecificOutput": {"worktreePath": "..."}}`; undefined for anything else.
function jsonWorktreePath(stdout: string): string | undefined {
  const stdoutJson = parseHookStdout(stdout);
  if (stdoutJson.kind !== 'json') return undefined;
  const specific = stdoutJson.json.hookSpecificOutput;
  const path = typeof specific === 'object' && specific !== null ? (specific as Record<string, unknown>).worktreePath : undefined;
  return typeof path === 'string' && path.trim() !== '' ? path.trim() : undefined;
}

/** A hook with no answer: reported; a refusal naming it when it fails closed where refusing means something. */
export function readFailure(spec: EventSpec, outcome: HookOutcome, message: string, rules: ReadingRules, verdict: HookVerdict): void {
  verdict.failure = { id: outcome.id, status: outcome.status, exitCode: outcome.exitCode, message, onError: rules.onError };
  if (rules.onError !== 'closed' || !canRefuse(spec)) return;
  verdict.decision = refusalFor(spec);
  verdict.decisionVia = 'failure';
  verdict.reason = `Refused by hookpool: hook "${outcome.id}" ${message}, and it fails closed (set "onError": "open" on it to let this proceed when it fails).`;
  verdict.reasonGiven = true;
}

function reasonlessRefusal(outcome: HookOutcome): string {
  if (outcome.status === 'ok') return `Blocked by hook "${outcome.id}", which gave no reason.`;
  const ending = outcome.signal === null ? `exit code ${outcome.exitCode}` : `signal ${outcome.signal}`;
  return `Blocked by hook "${outcome.id}" (${ending}), which gave no reason.`;
}

// Claude Code shows a non-blocking error with the first line of the hook's stderr.
function withStderr(what: string, outcome: HookOutcome): string {
  const line = firstLine(outcome.stderr);
  return line === '' ? what : `${what}: ${line}`;
}
