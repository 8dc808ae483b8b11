// mcp_tool hooks (hooks reference, "MCP tool hook fields"): a tool of an MCP server the agent is
// connected to, called through the caller the agent injects (`createHookEngine({ mcp: { callTool } })`).
// String values of `input` take `${path}` from the hook input; the tool's text result is read as
// a command hook's stdout; `isError` is a non-blocking error; a call that throws (server not
// connected), or answers something that is not a tool result (a number, `{}`), is a hook that
// failed: a guard that fails closed refuses instead of reading it as "proceed".
import type { McpToolHandler } from '../../model/remote-handler.js';
import { valueAt } from '../../compilers/template.js';
import type { CallAnswer } from './call-task.js';

/** An MCP tool result, as the MCP TypeScript SDK's `client.callTool` returns it (or a plain string). */
export interface McpToolResult {
  readonly content?: readonly { readonly type: string; readonly text?: string }[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
}

/** How hookpool reaches the agent's MCP servers. */
export interface McpCaller {
  /** Calls `tool` of the connected server named `server`; rejects when there is no such server. */
  callTool(server: string, tool: string, args: Record<string, unknown>, options: { readonly signal: AbortSignal }): Promise<McpToolResult | string> | McpToolResult | string;
}

const WHOLE = /^\$\{([\w.-]+)\}$/;
const PART = /\$\{([\w.-]+)\}/g;

/**
 * The tool's arguments for one fire: `${path}` in a string is the input's field as text; a string
 * that is exactly one `${path}` takes the field's value as it is (an object stays an object).
 */
export function fillToolInput(value: unknown, input: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole !== null) return rawValueAt(input, whole[1]!) ?? '';
    return value.replace(PART, (_token, path: string) => valueAt(input, path));
  }
  if (Array.isArray(value)) return value.map((item) => fillToolInput(item, input));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillToolInput(item, input)]));
  return value;
}

/** Calls the tool and reads its result as a command hook's output. */
export async function callMcpTool(caller: McpCaller, handler: McpToolHandler, input: Record<string, unknown>, signal: AbortSignal): Promise<CallAnswer> {
  const args = fillToolInput(handler.input, input) as Record<string, unknown>;
  const result: unknown = await caller.callTool(handler.server, handler.tool, args, { signal });
  const name = `the MCP tool ${handler.server}/${handler.tool}`;
  if (typeof result === 'string') return { status: 'ok', exitCode: 0, stdout: result, stderr: '' };
  if (!isToolResult(result)) return { status: 'crashed', exitCode: null, stdout: '', stderr: '', error: `${name} answered something that is not a tool result (${describeResult(result)})` };
  const text = resultText(result);
  if (result.isError === true) return { status: 'exit_nonzero', exitCode: 1, stdout: '', stderr: `${name} reported an error: ${text}` };
  return { status: 'ok', exitCode: 0, stdout: text, stderr: '' };
}

// The MCP specification's CallToolResult: `content`, a list (which may be empty), and optionally
// `structuredContent`. Anything else (a number, null, `{}`, a list) is not an answer of the tool.
function isToolResult(result: unknown): result is McpToolResult {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return false;
  const { content, structuredContent } = result as Record<string, unknown>;
  return Array.isArray(content) || (structuredContent !== undefined && content === undefined);
}

function describeResult(result: unknown): string {
  if (result === null) return 'null';
  if (Array.isArray(result)) return 'a list';
  if (typeof result !== 'object') return `a ${typeof result}`;
  return 'an object with no "content" list';
}

// The text parts joined; a tool that answers only structured content is read as that JSON.
function resultText(result: McpToolResult): string {
  const parts = (result.content ?? []).filter((part) => typeof part === 'object' && part !== null && part.type === 'text' && typeof part.text === 'string').map((part) => part.text!);
  if (parts.length > 0) return parts.join('\n');
  return result.structuredContent === undefined ? '' : (JSON.stringify(result.structuredContent) ?? '');
}

function rawValueAt(input: Record<string, unknown>, path: string): unknown {
  let value: unknown = input;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
