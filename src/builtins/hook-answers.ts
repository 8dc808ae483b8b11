// The answers built-ins give, in Claude Code's output shape (what a command hook would print on
// exit 0), so every protocol reader and the aggregator treat them like any hook's.

/** PreToolUse: refuse the tool call, telling the model why. */
export function denyToolCall(event: string, reason: string): Record<string, unknown> {
  return { hookSpecificOutput: { hookEventName: event, permissionDecision: 'deny', permissionDecisionReason: reason } };
}

/** PermissionRequest: grant the permission without asking the user (an allow carries no message). */
export function allowPermission(event: string): Record<string, unknown> {
  return { hookSpecificOutput: { hookEventName: event, decision: { behavior: 'allow' } } };
}

/** UserPromptSubmit, PreCompact, Stop...: block with a reason. */
export function blockWith(reason: string): Record<string, unknown> {
  return { decision: 'block', reason };
}

/** A note for the user that changes nothing. */
export function noteForUser(message: string): Record<string, unknown> {
  return { systemMessage: message };
}
