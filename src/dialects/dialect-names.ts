// The agent protocols `hookpool run --format` answers in; kept apart so fast-run.ts checks a name
// without loading any protocol's code.

/** `claude` is answered by claude-answer.ts, the others by their module beside this file. */
export const AGENT_FORMATS = ['claude', 'gemini', 'cursor', 'copilot', 'codex'] as const;

export type AgentFormatName = (typeof AGENT_FORMATS)[number];

export function isAgentFormat(name: string): name is AgentFormatName {
  return (AGENT_FORMATS as readonly string[]).includes(name);
}
