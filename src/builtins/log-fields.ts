// Fields the logging built-ins share, read under either seed's spelling.
import { redactSecrets } from './event-log.js';
import { flagField, numberField, objectField, textField } from './input-fields.js';

type Input = Readonly<Record<string, unknown>>;

/** The session the event belongs to. */
export function sessionFields(input: Input): Record<string, unknown> {
  return { session: textField(input, 'session_id', 'sessionId') };
}

/** A tool call's identity and duration, never its input or output. */
export function toolFields(input: Input): Record<string, unknown> {
  return {
    ...sessionFields(input),
    tool: textField(input, 'tool_name', 'toolName'),
    toolUseId: textField(input, 'tool_use_id', 'toolCallId', 'toolUseId'),
    durationMs: numberField(input, 'duration_ms', 'durationMs'),
  };
}

/** What went wrong, redacted and cut short. */
export function errorFields(input: Input): Record<string, unknown> {
  const error = textField(input, 'error') ?? textField(objectField(input, 'error') ?? {}, 'message');
  return { error: error === undefined ? undefined : redactSecrets(error), errorCode: textField(input, 'error_code', 'errorCode') };
}

/** A subagent's identity and outcome. */
export function subagentFields(input: Input): Record<string, unknown> {
  const task = textField(input, 'task');
  return {
    ...sessionFields(input),
    agentId: textField(input, 'agent_id', 'subagentId', 'subagent_id'),
    agentType: textField(input, 'agent_type', 'subagent_type', 'subagentType'),
    parentSession: textField(input, 'parentSessionId'),
    task: task === undefined ? undefined : redactSecrets(task.slice(0, 100)),
    success: flagField(input, 'success', 'subagent_success'),
    durationMs: numberField(input, 'duration_ms', 'durationMs'),
    tokensUsed: numberField(input, 'tokens_used', 'tokensUsed'),
  };
}
