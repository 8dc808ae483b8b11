// An OpenClaw hook's answer (executor.ts, hooks/*.ts): exit 2 blocks with stderr; exit 0 answers
// with JSON on stdout (empty stdout is `{}`; anything else that is not a JSON object is an error);
// other exits are non-blocking errors. OpenClaw reads answers only on four events, each its own
// fields; the others are fire-and-forget or observe-only.
import type { EventName, EventSpec } from '../events/event-specs.js';
import type { HookOutcome } from '../model/hook-outcome.js';
import { isRefusal } from '../events/decision-rank.js';
import { createFieldReader } from './field-reader.js';
import { describeFailure } from '../model/hook-failure.js';
import { emptyVerdict, type HookVerdict } from './hook-verdict.js';
import { parseHookStdout, notJsonOutputBecause } from './parse-hook-stdout.js';
import { readFailure, type ReadingRules } from './read-hook-output.js';
import { applyJsonOutput } from './read-json-output.js';
import { noteIgnoredExit, pickFields, readSeedBlock, reasonlessRefusal } from './seed-exit-codes.js';

/** OpenClaw's reason for an exit 2 with nothing on stderr. */
export const OPENCLAW_DEFAULT_REASON = 'Hook denied';

/** The answer fields OpenClaw reads, by event (hooks/pre-tool-use.ts, user-prompt.ts, stop.ts, subagent.ts). */
export const OPENCLAW_ANSWERS: Readonly<Partial<Record<EventName, readonly string[]>>> = {
  PreToolUse: ['decision', 'reason', 'updatedInput'],
  UserPromptSubmit: ['decision', 'reason', 'prompt', 'additionalContext'],
  Stop: ['decision', 'reason', 'continuation_message'],
  SubagentStart: ['additionalContext'],
};

/** One OpenClaw hook's verdict, from its exit code and, where OpenClaw reads one, its JSON answer. */
export function readOpenclawOutput(spec: EventSpec, outcome: HookOutcome, rules: ReadingRules): HookVerdict {
  const verdict = emptyVerdict(outcome.id);
  const failure = describeFailure(outcome);
  const answers = OPENCLAW_ANSWERS[spec.name];
  if (failure !== null) readFailure(spec, outcome, failure, rules, verdict);
  else if (outcome.exitCode === 2 && answers !== undefined) readSeedBlock(spec, outcome, outcome.stderr.trim() || OPENCLAW_DEFAULT_REASON, verdict);
  else if (outcome.status !== 'ok') noteIgnoredExit(outcome, verdict);
  else if (answers !== undefined) readAnswer(spec, outcome, answers, verdict);
  return verdict;
}

function readAnswer(spec: EventSpec, outcome: HookOutcome, answers: readonly string[], verdict: HookVerdict): void {
  if (outcome.stdout.trim() === '') return;
  const stdout = parseHookStdout(outcome.stdout);
  if (stdout.kind !== 'json') {
    verdict.errors.push(`${notJsonOutputBecause(stdout) ?? 'stdout is not JSON'}; OpenClaw reads only a JSON object here; ignored`);
    return;
  }
  const json = pickFields(stdout.json, answers);
  applyJsonOutput(spec, json, verdict);
  const fields = createFieldReader(json, '', (message) => verdict.errors.push(message));
  verdict.updatedPrompt = fields.text('prompt') ?? null;
  // A Stop hook's words for the agent when it keeps it working.
  if (isRefusal(verdict.decision)) verdict.reason = fields.text('continuation_message') ?? verdict.reason ?? reasonlessRefusal(outcome.id, `decision "${verdict.decision}"`);
}
