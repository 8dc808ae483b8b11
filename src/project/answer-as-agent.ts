// `hookpool run --format <agent>` for the agents other than Claude Code: the agent's payload read
// as hookpool's, the event fired, and the merged answer written in that agent's protocol. Whatever
// goes wrong in hookpool itself is answered as a hook that gave no answer: refused where the
// event's guards fail closed, and said in the agent's user-visible field either way.
import type { FireResult } from '../aggregate/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import { failedOutcome } from '../run/outcome.js';
import type { ExitCode } from '../dialects/exit-codes.js';
import { describeError, reportError } from '../cli/report-error.js';
import type { AgentFormat, AgentFormatName } from '../dialects/dialect.js';
import { writeToFd } from '../io/raw-stdio.js';

/** Loads one agent's module only: `run` is called per tool call. */
const LOADERS: Readonly<Record<Exclude<AgentFormatName, 'claude'>, () => Promise<AgentFormat>>> = {
  gemini: async () => (await import('../dialects/gemini.js')).geminiFormat,
  cursor: async () => (await import('../dialects/cursor.js')).cursorFormat,
  copilot: async () => (await import('../dialects/copilot.js')).copilotFormat,
  codex: async () => (await import('../dialects/codex.js')).codexFormat,
};

/** How run-event.ts fires: the configuration's notices and the merged result. */
export type FireForAgent = (spec: EventSpec, payload: Record<string, unknown>) => Promise<{ notices: string[]; result: FireResult }>;

/** Fires `spec` for the agent and prints its answer; resolves with the exit code the agent reads. */
export async function answerAsAgentHook(format: Exclude<AgentFormatName, 'claude'>, agentEvent: string, spec: EventSpec, payload: Record<string, unknown>, fire: FireForAgent): Promise<ExitCode> {
  const agent = await LOADERS[format]();
  let answer;
  try {
    const { notices, result } = await fire(spec, agent.adaptPayload(agentEvent, payload));
    answer = agent.answer(spec, result, notices);
  } catch (error) {
    reportError(error);
    const failed = failedOutcome('hookpool', 'crashed', `hookpool could not run the hooks: ${describeError(error)}`);
    const { aggregateFire } = await import('../aggregate/aggregate-fire.js');
    answer = agent.answer(spec, aggregateFire(spec, [{ exitCodes: 'claude', onError: spec.defaultOnError }], [failed]), []);
  }
  if (answer.stdout !== null) writeToFd(1, `${answer.stdout}\n`);
  if (answer.stderr !== null) writeToFd(2, `${answer.stderr}\n`);
  return answer.exitCode;
}
