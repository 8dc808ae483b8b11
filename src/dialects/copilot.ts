// GitHub Copilot CLI's hook protocol (docs.github.com, "GitHub Copilot CLI hooks reference";
// .github/hooks/*.json, `version: 1`). Events configured in camelCase get camelCase payloads
// (toolName, toolArgs, sessionId) without the event's name, so hookpool is called with the event
// on its command line; the PascalCase spelling gets Claude-like snake_case payloads, read as they
// are. Tool names (bash, edit, create, view, ...) stay as Copilot gives them. Copilot reads JSON
// on stdout only: preToolUse's `permissionDecision` (allow | deny | ask) with
// `permissionDecisionReason` and `modifiedArgs`; agentStop/subagentStop's `decision: "block"`
// with `reason` (the next turn's prompt); permissionRequest's `behavior`, `message`, `interrupt`;
// notification's `additionalContext`. A failing or timed-out hook is skipped, never a refusal, and
// Copilot shows no hook text to the user: notices go to stderr, which it logs.
import { isRefusal } from '../aggregate/decision-rank.js';
import type { FireResult } from '../aggregate/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import { reasonGivenBy } from './claude/output-fields.js';
import { EXIT } from './exit-codes.js';
import { givenFields, hookpoolNotices, hooksStderr, joinLines, type AgentAnswer, type AgentFormat } from './dialect.js';
import { parsedJson, withMissingFields } from './tool-payload.js';

/** The events `hookpool init --agent copilot` wires (each has an EVENT_SPECS alias). */
export const COPILOT_EVENTS = ['preToolUse', 'postToolUse', 'userPromptSubmitted', 'agentStop', 'subagentStop', 'sessionStart', 'sessionEnd', 'errorOccurred'] as const;

function adaptPayload(_agentEvent: string, payload: Record<string, unknown>): Record<string, unknown> {
  return withMissingFields(payload, {
    tool_name: payload.toolName,
    tool_input: parsedJson(payload.toolArgs),
    tool_response: payload.toolResult,
    session_id: payload.sessionId,
    transcript_path: payload.transcriptPath,
  });
}

function answer(spec: EventSpec, result: FireResult, configNotices: readonly string[]): AgentAnswer {
  const reason = reasonGivenBy(result) ?? result.reason ?? 'blocked by a hook';
  const refused = result.blocked || isRefusal(result.decision) || !result.continue;
  const why = refused ? (result.continue ? reason : (result.stopReason ?? reason)) : null;
  let output: Record<string, unknown> = {};
  if (spec.permissionAnswer === 'permissionDecision') {
    const permissionDecision = refused ? 'deny' : result.decision === 'allow' || result.decision === 'ask' ? result.decision : null;
    output = givenFields({ permissionDecision, permissionDecisionReason: why, modifiedArgs: refused ? null : result.updatedInput });
  } else if (spec.permissionAnswer === 'decisionBehavior') {
    const behavior = refused ? 'deny' : result.decision === 'allow' ? 'allow' : null;
    output = givenFields({ behavior, message: why, interrupt: refused && (result.interrupt || !result.continue) });
  } else if (spec.blockKeepsAgentRunning) {
    output = refused && result.continue ? { decision: 'block', reason } : {};
  } else {
    output = givenFields({ additionalContext: result.additionalContext });
  }
  const stderr = joinLines([hooksStderr(result), result.systemMessage, ...hookpoolNotices(spec, result, configNotices)]);
  return { stdout: JSON.stringify(output), stderr, exitCode: EXIT.proceed };
}

export const copilotFormat: AgentFormat = { adaptPayload, answer };
