// The agents hookpool speaks to, by the name `--format` and `init --agent` take; kept apart from
// their modules so `hookpool run` checks a name without loading any agent's code.

export const DIALECT_NAMES = ['claude', 'gemini', 'cursor', 'copilot', 'codex'] as const;

export type DialectName = (typeof DIALECT_NAMES)[number];

export function isDialectName(name: string): name is DialectName {
  return (DIALECT_NAMES as readonly string[]).includes(name);
}
