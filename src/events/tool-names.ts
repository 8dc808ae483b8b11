// hookpool's canonical tool vocabulary: Claude Code's tool names, which most hook scripts and
// matchers are written for. Every other agent's tools are read as these (src/dialects/), so a
// matcher, an `if` rule or a built-in written once applies to each agent's equivalent tool.

/** Each canonical tool and what it does (shown by `hookpool doctor`). */
export const CANONICAL_TOOLS = {
  Bash: 'runs a shell command',
  Read: 'reads a file',
  Write: 'creates or overwrites a file',
  Edit: 'replaces text in a file',
  MultiEdit: 'replaces several texts in a file',
  NotebookEdit: 'edits a notebook cell',
  Grep: 'searches file contents',
  Glob: 'lists files by pattern',
  LS: 'lists a folder',
  WebFetch: 'fetches a URL',
  WebSearch: 'searches the web',
  Task: 'starts a subagent',
  TodoWrite: 'updates the task list',
} as const;

export type CanonicalTool = keyof typeof CANONICAL_TOOLS;

/** The field of a payload that keeps the agent's own tool name where a dialect translated it: matchers accept either name. */
export const AGENT_TOOL_NAME_FIELD = 'agent_tool_name';

export function isCanonicalTool(name: string): name is CanonicalTool {
  return Object.hasOwn(CANONICAL_TOOLS, name);
}
