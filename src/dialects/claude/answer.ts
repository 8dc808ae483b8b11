// hookpool's merged answer in Claude Code's hook output protocol, so `hookpool run --format claude`
// can be the one hook an agent calls and Claude Code reads what it would have read from the hooks
// themselves. What each event takes is read from its EVENT_SPECS row, never from its name.
import { isRefusal } from '../../events/decision-rank.js';
import type { FireResult } from '../../model/fire-result.js';
import type { EventSpec } from '../../events/event-specs.js';
import { answerFields, decisionFields, reasonGivenBy, type Output } from './output-fields.js';
import { EXIT } from '../exit-codes.js';
import { hookpoolNotices, hooksStderr, joinLines } from '../answer-text.js';
import type { AgentAnswer } from '../dialect.js';

/** What `run --format claude` prints and exits with; on exit 2 stderr is the reason Claude Code gives on. */
export type ClaudeAnswer = AgentAnswer;


/**
 * The answer for a fire, as the hooks would have given it to Claude Code directly: JSON on exit 0
 * carrying the decision and every field the event takes. Exit 2, with the reason on stderr, only
 * where the refusal came from the hooks' own exit codes and there is nothing else to carry, or
 * where the event has no JSON way to refuse (TaskCompleted, TeammateIdle, WorktreeRemove); JSON
 * printed beside an exit 2 still counts (Claude Code reads it on every exit code). `continue:
 * false` always goes as JSON on exit 0.
 */
export function answerForClaude(spec: EventSpec, result: FireResult, configNotices: readonly string[] = []): ClaudeAnswer {
  const notices = hookpoolNotices(spec, result, configNotices);
  const shown = spec.topLevelFields.has('systemMessage') ? notices : [];
  const unshown = spec.topLevelFields.has('systemMessage') ? [] : notices;
  if (spec.plainStdout === 'worktreePath') return worktreeAnswer(result, notices);

  const decision = decisionFields(spec, result);
  const other = answerFields(spec, result, shown);
  const refusal = result.continue && isRefusal(result.decision);
  const jsonCanRefuse = decision !== null;
  const fromExitCodes = result.decidedBy.length > 0 && result.decidedBy.every((hook) => hook.via === 'exitCode');
  const byExit2 = refusal && (!jsonCanRefuse || (fromExitCodes && isEmpty(other)));
  if (byExit2) {
    return {
      stdout: isEmpty(other) ? null : JSON.stringify(merge(other, null)),
      stderr: reasonGivenBy(result) ?? result.reason ?? 'blocked by a hook',
      exitCode: EXIT.blocked,
    };
  }
  const output = merge(other, decision);
  return {
    stdout: isEmpty(output) ? null : JSON.stringify(output),
    stderr: joinLines([hooksStderr(result), ...unshown]),
    exitCode: EXIT.proceed,
  };
}

/** WorktreeCreate: the path as stdout's last line, or exit 2 when the creation failed. */
function worktreeAnswer(result: FireResult, notices: readonly string[]): ClaudeAnswer {
  if (result.blocked) return { stdout: null, stderr: result.reason ?? 'worktree creation failed in a hook', exitCode: EXIT.blocked };
  return { stdout: result.worktreePath, stderr: joinLines([hooksStderr(result), ...notices]), exitCode: EXIT.proceed };
}

/** The answer's fields and the decision's, with one `hookSpecificOutput` naming the event. */
export function merge(other: Output, decision: Output | null): Output {
  const specific = { ...other.hookSpecificOutput, ...decision?.hookSpecificOutput };
  const output: Output = { ...decision, ...other };
  delete output.hookSpecificOutput;
  if (Object.keys(specific).length > 1) output.hookSpecificOutput = specific;
  return output;
}

function isEmpty(output: Output): boolean {
  return Object.keys(merge(output, null)).length === 0;
}


