// Claude Code's handler fields beyond command and timeout (hooks reference, "Hook handler
// fields"), as the native format and the internal model hold them: the `if` filter, `once`,
// `statusMessage`, `shell`, `asyncRewake` with its message, and the skill or subagent a
// frontmatter hook belongs to. Kept apart so hook-definition.ts and config/native-schema.ts only spread them in;
// their zod fields: config/handler-fields-schema.ts.

/** The shells a `command` can run through: `sh -c` (the default), `bash -c`, `pwsh -Command`. */
export const HOOK_SHELLS = ['sh', 'bash', 'powershell'] as const;
export type HookShell = (typeof HOOK_SHELLS)[number];

/** An `asyncRewake` hook: exit 2 wakes the agent with its output, after `message` when given. */
export interface RewakeOptions {
  readonly message: string | undefined;
  readonly summary: string | undefined;
}

export interface HandlerFields {
  /** One permission rule (`Bash(git push *)`, `Edit(src/**)`): tested on tool events before spawning; on other events the hook never runs. */
  readonly if: string | undefined;
  /** Removed for the engine's lifetime after its first successful run (exit 0). */
  readonly once: boolean;
  /** Shown to the user while the hook runs (`onHookStarted`, and the outcome's `statusMessage`). */
  readonly statusMessage: string | undefined;
  /** What runs `command`: ignored (and refused in the native format) with `args`. */
  readonly shell: HookShell;
  /** Runs in the background; exit 2 wakes the agent (`onRewake`). */
  readonly rewake: RewakeOptions | undefined;
  /** Active only once this skill was invoked (skill frontmatter hooks). */
  readonly skill: string | undefined;
  /** Active only on fires whose `agent_type` is this (subagent frontmatter hooks). */
  readonly agentType: string | undefined;
}

export const NO_HANDLER_FIELDS: HandlerFields = Object.freeze({
  if: undefined,
  once: false,
  statusMessage: undefined,
  shell: 'sh',
  rewake: undefined,
  skill: undefined,
  agentType: undefined,
});
