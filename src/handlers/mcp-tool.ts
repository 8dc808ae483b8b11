// `type: "mcp_tool"`: a tool of a connected MCP server, called through the caller the agent injects.
import type { McpToolHandler } from '../model/remote-handler.js';
import type { HandlerKindSpec } from './handler-kind.js';

export const MCP_TOOL_KIND = {
  kind: 'mcp_tool',
  remote: true,
  onAgentThread: true,
  defaultTimeoutMs: undefined,
  fields: { required: ['server', 'tool'], optional: ['input'] },
  describe: (handler) => `mcp_tool ${handler.server} ${handler.tool}`,
  program: () => 'mcp_tool',
  missingRunner: (runners) => (runners.mcp === undefined ? 'an mcp_tool hook needs an MCP caller, and the engine has none (createHookEngine({ mcp: { callTool } }))' : null),
} as const satisfies HandlerKindSpec<McpToolHandler>;
