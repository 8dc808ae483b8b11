// The body of the answer to a Claude Code `type: "http"` hook. Claude Code reads a 2xx JSON body
// as a command hook's stdout and never looks at a status code to block, so what `run --format
// claude` says with exit 2 is said here with the event's JSON decision instead.
import { merge } from './answer.js';
import { decisionFields, type Output } from './output-fields.js';
import type { FireResult } from '../../model/fire-result.js';
import type { EventSpec } from '../../events/event-specs.js';
import type { AgentAnswer } from '../dialect.js';
import { EXIT } from '../exit-codes.js';

/** The JSON object to answer with, for the answer `run --format claude` would give; `{}` when there is nothing to say (Claude Code: success). */
export function claudeHttpBody(spec: EventSpec, answer: AgentAnswer, result: FireResult): Output {
  if (spec.plainStdout === 'worktreePath') {
    // A command hook prints the path; an http hook gives it as hookSpecificOutput.worktreePath.
    return answer.exitCode === EXIT.blocked || answer.stdout === null ? {} : { hookSpecificOutput: { hookEventName: spec.name, worktreePath: answer.stdout } };
  }
  // Beside an exit 2, stdout carries every other field (notices included): the same body, plus the decision.
  const printed = answer.stdout === null ? {} : (JSON.parse(answer.stdout) as Output);
  if (answer.exitCode !== EXIT.blocked) return printed;
  const decision = decisionFields(spec, result);
  if (decision !== null) return merge(printed, decision);
  // TaskCompleted, TeammateIdle, WorktreeRemove: only an exit code refuses them. Said where the event shows messages.
  if (!spec.topLevelFields.has('systemMessage')) return printed;
  const refusal = `hookpool: a hook refused ${spec.name} (${answer.stderr ?? 'no reason given'}), which an http hook cannot do: use the hookpool-client command hook for this event`;
  return { ...printed, systemMessage: [printed.systemMessage, refusal].filter(Boolean).join('\n') };
}
