// Gemini CLI's hook protocol (geminicli.com/docs/hooks/reference): the payload already uses
// Claude Code's field names (tool_name, tool_input, prompt, ...) and Gemini's own tool names
// (run_shell_command, write_file, replace), which stay as they are so matchers written for Gemini
// work. The answer is always JSON on exit 0, which Gemini prefers: `decision: "deny"` with
// `reason` refuses (BeforeTool: the tool; BeforeAgent: the turn; AfterAgent: the reply, with
// `reason` as the retry prompt), `continue: false` stops the agent loop, `systemMessage` is shown
// to the user, and `hookSpecificOutput` carries additionalContext and BeforeTool's tool_input.
import { isRefusal } from '../aggregate/decision-rank.js';
import type { FireResult } from '../aggregate/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import { reasonGivenBy } from './claude/output-fields.js';
import { EXIT } from './exit-codes.js';
import { givenFields, hookpoolNotices, hooksStderr, samePayload, type AgentAnswer, type AgentFormat } from './dialect.js';

/** The events Gemini CLI fires that hookpool has a canonical event for (EVENT_SPECS aliases). */
export const GEMINI_EVENTS = ['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'SessionStart', 'SessionEnd', 'Notification', 'PreCompress'] as const;

function answer(spec: EventSpec, result: FireResult, configNotices: readonly string[]): AgentAnswer {
  const reason = reasonGivenBy(result) ?? result.reason ?? 'blocked by a hook';
  const refused = result.continue && (result.blocked || isRefusal(result.decision));
  // A refusal after the fact (AfterTool) becomes context for the model: Gemini's deny there would hide the tool's real output.
  const feedback = refused && spec.exit2 === 'feedback';
  const decision = refused && !feedback ? { decision: 'deny', reason } : result.decision === 'allow' ? { decision: 'allow' } : {};
  const specific = givenFields({
    additionalContext: [result.additionalContext, feedback ? reason : null].filter(Boolean).join('\n') || null,
    tool_input: spec.permissionAnswer === 'permissionDecision' && !refused ? result.updatedInput : null,
  });
  const output = {
    ...decision,
    ...(result.continue ? {} : givenFields({ continue: false, stopReason: result.stopReason })),
    ...givenFields({
      systemMessage: [result.systemMessage, ...hookpoolNotices(spec, result, configNotices)].filter(Boolean).join('\n') || null,
      suppressOutput: result.suppressOutput,
    }),
    ...(Object.keys(specific).length > 0 ? { hookSpecificOutput: specific } : {}),
  };
  return { stdout: JSON.stringify(output), stderr: hooksStderr(result), exitCode: EXIT.proceed };
}

export const geminiFormat: AgentFormat = { adaptPayload: samePayload, answer };
