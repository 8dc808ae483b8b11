// The body of the answer to a Claude Code `type: "http"` hook. Claude Code reads a 2xx JSON body
// as a command hook's stdout and never looks at a status code to block, so what `run --format
// claude` says with exit 2 is said here with the event's JSON decision instead.
import { answerFields, decisionFields, type Output } from '../cli/claude-output-fields.js';
import { merge } from '../cli/claude-answer.js';
import type { ClaudeHookReply } from './claude-hook-answer.js';
import { isExit2 } from './claude-hook-answer.js';

/** The JSON object to answer with; `{}` when there is nothing to say (Claude Code: success). */
export function claudeHttpBody(reply: ClaudeHookReply): Output {
  const { spec, answer, result, notices } = reply;
  if (spec.plainStdout === 'worktreePath') {
    // A command hook prints the path; an http hook gives it as hookSpecificOutput.worktreePath.
    return isExit2(answer) || answer.stdout === null ? {} : { hookSpecificOutput: { hookEventName: spec.name, worktreePath: answer.stdout } };
  }
  if (!isExit2(answer)) return answer.stdout === null ? {} : (JSON.parse(answer.stdout) as Output);
  const shown = spec.topLevelFields.has('systemMessage') ? notices.map((notice) => `hookpool: ${notice}`) : [];
  const decision = decisionFields(spec, result);
  if (decision !== null) return merge(answerFields(spec, result, shown), decision);
  // TaskCompleted, TeammateIdle, WorktreeRemove: only an exit code refuses them. Say it where the event shows messages.
  const refusal = `hookpool: a hook refused ${spec.name} (${answer.stderr ?? 'no reason given'}), which an http hook cannot refuse: use the hookpool-client command hook for this event`;
  return merge(answerFields(spec, result, spec.topLevelFields.has('systemMessage') ? [...shown, refusal] : shown), null);
}
