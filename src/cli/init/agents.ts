// The agents `hookpool init --agent` knows, and for those it cannot wire yet, why: hookpool answers
// in Claude Code's hook protocol only, and a settings file hookpool cannot answer correctly is worse
// than none.

export const AGENT_NAMES = ['claude', 'gemini', 'copilot', 'cursor', 'codex'] as const;

export type AgentName = (typeof AGENT_NAMES)[number];

/** Null for an agent `init` wires; else the one line saying why it does not. */
export const UNSUPPORTED_AGENTS: Readonly<Record<AgentName, string | null>> = {
  claude: null,
  gemini:
    "Gemini CLI's hooks live in .gemini/settings.json (hooks.BeforeTool etc., Claude-like entries), but its tool names (run_shell_command, write_file) and JSON answers differ from Claude Code's, and hookpool run has no --format gemini yet: add the entries by hand if its payloads suit your hooks",
  copilot: "GitHub Copilot's hook file format could not be confirmed from its documentation, so hookpool does not guess one",
  cursor:
    "Cursor's .cursor/hooks.json ({version: 1, hooks: {beforeShellExecution: [...]}}) uses its own event names and answer fields, which hookpool run does not speak yet",
  codex: "Codex CLI's config.toml offers a notify program, not lifecycle hooks hookpool could answer, so there is nothing to wire",
};
