// A fire's merged answer and each hook's outcome, for people (`run` without --json, `test`).
import type { FireResult } from '../../model/fire-result.js';
import type { HookOutcome } from '../../model/hook-outcome.js';
import { formatDuration } from '../../project/describe.js';
import type { Paint } from './style.js';
import { formatTable, type Cell } from './table.js';

/** `blocked (deny)`, `stop the agent`, `proceed (allow)`: what the agent does next. */
export function describeVerdict(result: FireResult, paint: Paint): string {
  const decision = result.decision === null ? '' : ` (${result.decision})`;
  if (!result.continue) return paint(`stop the agent${decision}`, 'bold', 'red');
  if (result.blocked) return paint(`blocked${decision}`, 'bold', 'red');
  return paint(`proceed${decision}`, 'bold', 'green');
}

/** The answer's fields that are set, as `[name, one-line value]`. */
export function answerFields(result: FireResult): [string, string][] {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  const flag = (value: boolean) => (value ? 'yes' : null);
  const elicitation = result.elicitationAction === null ? null : `${result.elicitationAction}${result.elicitationContent === null ? '' : ` ${JSON.stringify(result.elicitationContent)}`}`;
  const fields: [string, string | null][] = [
    ['reason', result.reason],
    ['updated input', json(result.updatedInput)],
    ['updated output', json(result.updatedToolOutput)],
    ['mcp output', json(result.updatedMCPToolOutput)],
    ['updated prompt', result.updatedPrompt],
    ['context', result.additionalContext],
    ['classifier', result.classifierContext],
    ['stop reason', result.stopReason],
    ['system message', result.systemMessage],
    ['retry', flag(result.retry)],
    ['permissions', json(result.updatedPermissions)],
    ['interrupt', flag(result.interrupt)],
    ['session title', result.sessionTitle],
    ['hide prompt', flag(result.suppressOriginalPrompt)],
    ['first message', result.initialUserMessage],
    ['watch paths', result.watchPaths === null ? null : result.watchPaths.join(', ') || '(none)'],
    ['reload skills', flag(result.reloadSkills)],
    ['display', result.displayContent],
    ['elicitation', elicitation],
    ['worktree path', result.worktreePath],
    ['terminal seq', json(result.terminalSequence)],
    ['extra output', json(result.hookSpecificOutput)],
    ...result.ignoredOutput.map(({ id, message }): [string, string] => ['ignored', `hook "${id}": ${message}`]),
    ...(result.audited ?? []).map(({ id, wouldBlock, answer }): [string, string] => ['audit mode', `hook "${id}" ${wouldBlock ? 'would block' : 'would answer'}, not applied: ${JSON.stringify(answer)}`]),
  ];
  return fields.filter((field): field is [string, string] => field[1] !== null).map(([name, value]) => [name, oneLine(value)]);
}

/** One row per hook: id, status, exit code or signal, duration. */
export function describeOutcomes(outcomes: readonly HookOutcome[], paint: Paint): string[] {
  const rows = outcomes.map((outcome): Cell[] => [
    outcome.id,
    { text: outcome.status, styles: outcome.status === 'ok' ? ['green'] : ['yellow'] },
    describeExit(outcome),
    formatDuration(outcome.durationMs),
    outcome.truncated ? { text: 'output truncated', styles: ['yellow'] } : '',
  ]);
  return formatTable(rows, { paint, indent: '  ', rightAligned: new Set([3]) });
}

/** The lines `hookpool run` prints without --json. */
export function describeFire(result: FireResult, paint: Paint): string[] {
  if (result.hooks.length === 0) return [`${paint(result.event, 'bold')}: ${describeVerdict(result, paint)}, no foreground hook matched`];
  return [`${paint(result.event, 'bold')}: ${describeVerdict(result, paint)}`, ...describeAnswerFields(result, paint), ...describeOutcomes(result.hooks, paint)];
}

function describeAnswerFields(result: FireResult, paint: Paint): string[] {
  const rows = answerFields(result).map(([name, value]): Cell[] => [{ text: name, styles: ['dim'] }, value]);
  return formatTable(rows, { paint, indent: '  ' });
}

export function describeExit(outcome: HookOutcome): string {
  if (outcome.signal !== null) return `signal ${outcome.signal}`;
  if (outcome.exitCode !== null) return `exit ${outcome.exitCode}`;
  return outcome.error ?? 'no exit';
}

// Long or multi-line text stays on one row; the full text is in --json.
function oneLine(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}
