// Claude Code's `onFailure` (2.1.295+): what a hook that cannot answer (it did not start, timed
// out, exited with a code other than 0 or 2, printed invalid JSON) means. `block` is hookpool's
// `onError: "closed"`, `continue` its `onError: "open"`. On an mcp_tool hook Claude Code reads any
// other value as block; on command and http hooks another value is invalid.
import { z } from 'zod';
import type { OnError } from '../../model/hook-definition.js';

export const onFailureSchema = z.enum(['block', 'continue'], { error: 'expected "block" (the action is refused when the hook cannot answer) or "continue"' });

/** For an mcp_tool hook: "continue", or anything else, which Claude Code reads as "block". */
export const mcpOnFailureSchema = z.unknown().transform((value) => (value === 'continue' ? 'continue' : 'block'));

/** The native onError for a handler's `onFailure`, or undefined when it has none. */
export function onErrorFromOnFailure(onFailure: 'block' | 'continue' | undefined): OnError | undefined {
  return onFailure === undefined ? undefined : onFailure === 'block' ? 'closed' : 'open';
}

/** Cursor's `failClosed: true` is `onError: "closed"`; false is `"open"`. */
export function onErrorFromFailClosed(failClosed: boolean | undefined): OnError | undefined {
  return failClosed === undefined ? undefined : failClosed ? 'closed' : 'open';
}
