// The columns of an EVENT_SPECS row (src/events/event-specs.ts): everything hookpool needs to know
// about an event, so the rest of the code reads columns and never switches on names.
import type { Decision } from './decision.js';

/** What exit code 2 does on an event (Claude Code's "Exit code 2 behavior per event"). */
export type Exit2Effect =
  | 'block' //    the action is stopped: `blocked: true`, the reason goes to the model or the user
  | 'feedback' // the action already happened: the reason is fed back to the model, nothing is blocked
  | 'notice' //   nothing is blocked; stderr is shown to the user as a "hook error" notice
  | 'none'; //    the exit code and stderr are ignored (logged only)

/** What a hook's plain (non-JSON) stdout is on exit 0. */
export type PlainStdout =
  | 'log' //           written to the log only
  | 'context' //       model context, as `additionalContext`
  | 'worktreePath'; // its last non-empty line is the path of the created worktree; stdout is never JSON

/** How a matcher's subject is taken from the payload field named by `matcherField`. */
export type MatcherSubject =
  | 'value' //     the field as it is
  | 'basename' //  the last segment of a file path (FileChanged)
  | 'modelName'; // a model's canonical name, `[1m]`-style suffixes dropped; none derivable: every hook runs

/**
 * Which matchers are lists of exact names: `standard` is `[A-Za-z0-9_\- ,|]` split on `|` or `,`;
 * `narrow` is `[A-Za-z0-9_|]` split on `|` only (Claude Code's rule for FileChanged and StopFailure).
 */
export type MatcherSyntax = 'standard' | 'narrow';

/** Top-level fields of a hook's JSON output an event may act on (`stopReason` goes with `continue`). */
export type TopLevelField = 'continue' | 'systemMessage' | 'suppressOutput' | 'terminalSequence' | 'decision';

/** The `hookSpecificOutput` fields hookpool reads; any other field passes through to the agent. */
export const SPECIFIC_FIELDS = [
  'additionalContext',
  'permissionDecision',
  'permissionDecisionReason',
  'updatedInput',
  'decision',
  'updatedToolOutput',
  'updatedMCPToolOutput',
  'classifierContext',
  'retry',
  'sessionTitle',
  'suppressOriginalPrompt',
  'initialUserMessage',
  'watchPaths',
  'reloadSkills',
  'displayContent',
  'action',
  'content',
] as const;

export type SpecificField = (typeof SPECIFIC_FIELDS)[number];

/** How a hook writes its answer to a permission question (see `EventSpec.permissionAnswer`). */
export type PermissionAnswer = 'permissionDecision' | 'decisionBehavior';

export interface EventSpec<Name extends string = string> {
  readonly name: Name;
  /** Names the seed designs and other agents (Gemini CLI, Cursor, Copilot CLI) use for the same event. */
  readonly aliases: readonly string[];
  /** The top-level payload field a matcher tests, or null when the event ignores matchers. */
  readonly matcherField: string | null;
  readonly matcherSubject: MatcherSubject;
  readonly matcherSyntax: MatcherSyntax;
  readonly exit2: Exit2Effect;
  /** Any non-zero exit refuses the action, whatever the output says (WorktreeCreate, WorktreeRemove). */
  readonly nonZeroExitRefuses: boolean;
  readonly plainStdout: PlainStdout;
  /**
   * The top-level JSON fields the event acts on; the others are ignored (and noted in
   * `FireResult.ignoredOutput`). `decision` is `"block"`, or on a permission event its legacy and
   * Autohand spellings (approve/allow, block/deny, ask).
   */
  readonly topLevelFields: ReadonlySet<TopLevelField>;
  /** The `hookSpecificOutput` fields the event acts on. */
  readonly specificFields: ReadonlySet<SpecificField>;
  /** Fired around a tool call: the tool name is exposed to hooks. */
  readonly toolEvent: boolean;
  /**
   * Where a hook answers a permission question, or null when the event asks none:
   * `permissionDecision` (PreToolUse, PreModelSwitch) or
   * `decisionBehavior` (`decision: { behavior: allow | deny, ... }`, PermissionRequest).
   */
  readonly permissionAnswer: PermissionAnswer | null;
  /** The permission decisions a hook may give; empty when `permissionAnswer` is null. */
  readonly permissionDecisions: readonly Decision[];
  /**
   * A block makes the agent keep working instead of stopping (Stop, SubagentStop, TeammateIdle),
   * and `continue: false` cancels the block rather than holding the agent.
   */
  readonly blockKeepsAgentRunning: boolean;
  /**
   * The input carries `stop_hook_active`, and consecutive fires that keep the agent running are
   * capped (maxStopBlocks, 8 as in Claude Code): Stop and SubagentStop.
   */
  readonly stopHookActive: boolean;
  /** Matcher subjects on which a block is not honoured (ConfigChange: `policy_settings`). */
  readonly unblockableSubjects: readonly string[];
  /**
   * What a hook that gives no answer (timed out, could not start, crashed) means unless it sets
   * `onError`: `closed` refuses the action. **hookpool:** guards of a tool call, a permission or a
   * prompt fail closed (Claude Code lets them pass); a model switch and a worktree's creation or
   * removal fail closed as in Claude Code (a timed-out PreModelSwitch hook blocks the switch; a
   * failed worktree hook fails the worktree).
   */
  readonly defaultOnError: 'open' | 'closed';
  /** Claude Code's timeout for a command hook whose settings give none. */
  readonly defaultTimeoutMs: number;
  /** Claude Code gives the hook a `CLAUDE_ENV_FILE` to append `export` lines to. */
  readonly getsEnvFile: boolean;
}
