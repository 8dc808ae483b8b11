// The agents `hookpool init --agent` wires: Claude Code (wire-claude.ts) and the agents whose hook
// protocol `hookpool run --format` speaks (agent-settings.ts).

export const AGENT_NAMES = ['claude', 'gemini', 'copilot', 'cursor', 'codex'] as const;

export type AgentName = (typeof AGENT_NAMES)[number];
