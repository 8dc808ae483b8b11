// Opta's HookContext (both plans: `tool_args` "JSON string", `tool_result` "tool.post only",
// `error_message` "error event only"): an agent written against Opta fires with these names. They
// are read as Claude Code's `tool_input`, `tool_response` and `error`, which every hook, filter and
// built-in reads, whatever its protocol; a Claude Code name the payload also gives wins, and the
// Opta names stay in the input beside them.
import { HookpoolError } from '../errors.js';

/** The payload with Opta's context names read into Claude Code's, or the payload itself when it has none. */
export function readOptaContextNames(event: string, payload: Record<string, unknown>): Record<string, unknown> {
  const { tool_args: toolArgs, tool_result: toolResult, error_message: errorMessage } = payload;
  if (toolArgs === undefined && toolResult === undefined && errorMessage === undefined) return payload;
  const read = { ...payload };
  if (read.tool_input === undefined && toolArgs !== undefined) read.tool_input = parseToolArgs(event, toolArgs);
  if (read.tool_response === undefined && toolResult !== undefined) read.tool_response = toolResult;
  if (read.error === undefined && errorMessage !== undefined) read.error = errorMessage;
  return read;
}

function parseToolArgs(event: string, toolArgs: unknown): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = typeof toolArgs === 'string' ? JSON.parse(toolArgs) : undefined;
  } catch (error) {
    throw invalidArgs(event, `is not JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidArgs(event, typeof toolArgs === 'string' ? 'is JSON, but not an object' : `is a ${typeof toolArgs}, not a JSON string`);
  return parsed as Record<string, unknown>;
}

function invalidArgs(event: string, what: string): HookpoolError {
  return new HookpoolError('ERR_HOOKPOOL_INVALID_PAYLOAD', `fire("${event}"): tool_args (Opta's tool arguments, a JSON object as a string) ${what}`);
}
