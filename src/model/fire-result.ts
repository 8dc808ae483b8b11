import type { Decision } from '../events/decision.js';
import type { EventName } from '../events/event-specs.js';
import type { HookOutcome } from './hook-outcome.js';
import type { HookFailure } from './hook-failure.js';

/** An MCP elicitation's answer (Elicitation, ElicitationResult). */
export type ElicitationAction = 'accept' | 'decline' | 'cancel';

/** Names of the FireResult fields whose text is capped (see `textTruncated`). */
export type CappedTextField = 'reason' | 'additionalContext' | 'systemMessage' | 'stopReason' | 'initialUserMessage' | 'classifierContext';

/**
 * What hooks answer, one hook's share (HookVerdict) or a whole fire's merged answer (FireResult).
 * Each field says how several hooks' values merge; merging follows config order, never the order
 * in which hooks finished. A field the event does not take stays at its empty value.
 */
export interface HookAnswer {
  decision: Decision | null;
  reason: string | null;
  /** Replacement tool input (PreToolUse; PermissionRequest allow). Merged: the first in config order wins. */
  updatedInput: Record<string, unknown> | null;
  /** Replacement for what the tool returned (PostToolUse). Merged: the first in config order wins. */
  updatedToolOutput: unknown | null;
  /** Replacement for an MCP tool's output (PostToolUse). Merged: the first in config order wins. */
  updatedMCPToolOutput: unknown | null;
  /** Replacement prompt (UserPromptSubmit: Wundr's `prompt`, OpenClaw's `prompt`), if a hook gave one (merged: the first in config order wins). */
  updatedPrompt: string | null;
  /** Text for the model. Merged: every hook's, joined in config order (Claude Code gives Claude all of them). */
  additionalContext: string | null;
  /**
   * A note about a tool result for Claude Code's auto-mode classifier (PostToolUse). Merged: joined in
   * config order and capped at 2,000 characters, the cap Claude Code puts on one call's notes.
   */
  classifierContext: string | null;
  /** false: stop the agent (wins over everything). Merged: false when any hook says so. */
  continue: boolean;
  /** Merged: the stopping hooks' reasons, joined in config order. */
  stopReason: string | null;
  /** Merged: joined in config order; each hook's message is shown. */
  systemMessage: string | null;
  /** Keep the hook output out of the transcript; it changes no decision. Merged: any hook. */
  suppressOutput: boolean;
  /**
   * PermissionDenied: the model may retry the denied call. Merged: any hook, so one hook that
   * knows the call is safe to retry is enough.
   */
  retry: boolean;
  /**
   * PermissionRequest allow: permission updates to apply (addRules, setMode, ...). Merged: the
   * entries of every hook that allowed, in config order; null when the merged answer is not allow.
   */
  updatedPermissions: Record<string, unknown>[] | null;
  /** PermissionRequest deny: stop Claude as well. Merged: any hook that denied; false when the merged answer is not deny. */
  interrupt: boolean;
  /** UserPromptSubmit, SessionStart: a new session title. Merged: the first in config order wins (one title). */
  sessionTitle: string | null;
  /** UserPromptSubmit block: leave the prompt out of the block message. Merged: any hook (the safer reading). */
  suppressOriginalPrompt: boolean;
  /** SessionStart (with `-p`): the session's first user message. Merged: the first in config order wins (one message). */
  initialUserMessage: string | null;
  /**
   * SessionStart, CwdChanged, FileChanged: absolute paths for the file watcher; `[]` clears the
   * dynamic list, null leaves it. Merged: the union, in config order (every hook's paths are watched).
   */
  watchPaths: string[] | null;
  /** SessionStart: re-scan skills after the hooks ran. Merged: any hook. */
  reloadSkills: boolean;
  /** MessageDisplay: text shown instead of the streamed lines. Merged: the first in config order wins (one screen). */
  displayContent: string | null;
  /**
   * Elicitation, ElicitationResult: the answer sent to the MCP server. Merged: `decline` when the
   * fire blocked (exit 2); otherwise a decline or cancel wins over accept, the first in config
   * order among equals; null when no hook answered.
   */
  elicitationAction: ElicitationAction | null;
  /** The form values given with the winning `accept`, or null. */
  elicitationContent: Record<string, unknown> | null;
  /** WorktreeCreate: the created worktree's path (a command hook's last non-empty stdout line). Merged: the first in config order. */
  worktreePath: string | null;
  /** Terminal escape sequences for the agent to write (OSC 0/1/2/9/99/777, BEL). Merged: concatenated in config order. */
  terminalSequence: string | null;
  /**
   * `hookSpecificOutput` fields hookpool does not know (a newer agent's), passed through rather
   * than dropped, on events that take `hookSpecificOutput`. Merged per field: the first in config
   * order wins. null when there were none.
   */
  hookSpecificOutput: Record<string, unknown> | null;
}

/** The merged answer of every hook of one fire (docs/library.md). */
export interface FireResult extends HookAnswer {
  event: EventName;
  /** The agent must not proceed (deny, block, exit 2 on a blocking event). */
  blocked: boolean;
  /**
   * The hooks whose answer is the merged `decision`, in config order: how each gave it (`output`:
   * its JSON; `exitCode`: exit 2, or any non-zero exit where that refuses; `failure`: it gave no
   * answer and fails closed) and the reason it gave itself (null when `reason` had to be written for it).
   */
  decidedBy: DecidingHook[];
  /** Fields whose text was cut at 10,000 characters (classifierContext: 2,000); empty when nothing was cut. */
  textTruncated: CappedTextField[];
  /**
   * Hooks that gave no answer (timed out, could not start, crashed, exit 126/127), in config
   * order, each with what it meant (`onError`). Never silent: a guard that refused by failing
   * says so here and in `reason`; one that let the action through says so here.
   */
  failures: HookFailure[];
  /**
   * What the user should see about hooks that answered with an error, in config order (Claude
   * Code's "hook error" notices): a non-blocking error exit with its first stderr line, output
   * that could not be read, a field of the wrong type, an event's exit-2 stderr shown to the user.
   */
  hookErrors: HookError[];
  /**
   * What hooks said that the event does not act on, in config order: fields Claude Code ignores
   * there (a decision on an event that cannot block, `systemMessage` where it is discarded), exit
   * codes the event ignores. Claude Code drops these silently; hookpool logs them.
   */
  ignoredOutput: HookError[];
  /**
   * SessionStart, Setup, CwdChanged, FileChanged: the `export` lines the hooks appended to their
   * CLAUDE_ENV_FILE, in config order, for the agent to source before each Bash command (as Claude
   * Code does); null when none wrote any, and on every other event.
   */
  environmentExports: string | null;
  hooks: HookOutcome[];
  /**
   * Wundr hooks of the event that did not run because their matcher did not match, each with its
   * `skipReason` (Wundr's result carries them); absent when there are none.
   */
  skipped?: SkippedHook[];
  /**
   * Hooks in audit mode (`enforce: false`) whose answer said something, in config order: what it
   * would have done, none of which was applied. Absent when no such hook answered anything.
   */
  audited?: AuditedHook[];
}

/** A hook in audit mode and the answer it gave, which was recorded and not applied. */
export interface AuditedHook {
  readonly id: string;
  /** Enforced, its answer alone would have refused the action or stopped the agent. */
  readonly wouldBlock: boolean;
  /** The fields its answer gave (the decision and reason included), as they would have been merged alone. */
  readonly answer: Partial<HookAnswer>;
}

/** A hook its matcher left out of a fire (Wundr's `skipped` with its `skipReason`). */
export interface SkippedHook {
  readonly id: string;
  readonly skipReason: string;
}

/** One hook whose answer is the fire's decision. */
export interface DecidingHook {
  readonly id: string;
  readonly via: 'output' | 'exitCode' | 'failure';
  readonly reason: string | null;
}

/** One notice about one hook's answer. */
export interface HookError {
  readonly id: string;
  readonly message: string;
}

const noHooks: readonly HookOutcome[] = Object.freeze([]);
const nothingTruncated: readonly CappedTextField[] = Object.freeze([]);
const noFailures: readonly HookFailure[] = Object.freeze([]);
const noErrors: readonly HookError[] = Object.freeze([]);
const noDeciders: readonly DecidingHook[] = Object.freeze([]);

/** An answer that says nothing: the start of every hook's reading and of every merge. */
export function emptyAnswer(): HookAnswer {
  return {
    decision: null,
    reason: null,
    updatedInput: null,
    updatedToolOutput: null,
    updatedMCPToolOutput: null,
    updatedPrompt: null,
    additionalContext: null,
    classifierContext: null,
    continue: true,
    stopReason: null,
    systemMessage: null,
    suppressOutput: false,
    retry: false,
    updatedPermissions: null,
    interrupt: false,
    sessionTitle: null,
    suppressOriginalPrompt: false,
    initialUserMessage: null,
    watchPaths: null,
    reloadSkills: false,
    displayContent: null,
    elicitationAction: null,
    elicitationContent: null,
    worktreePath: null,
    terminalSequence: null,
    hookSpecificOutput: null,
  };
}

/** The result of a fire that ran no hook. Frozen: the no-op path shares one per event, built once. */
export function emptyFireResult(event: EventName): Readonly<FireResult> {
  return Object.freeze({
    ...emptyAnswer(),
    event,
    blocked: false,
    decidedBy: noDeciders as DecidingHook[],
    textTruncated: nothingTruncated as CappedTextField[],
    failures: noFailures as HookFailure[],
    hookErrors: noErrors as HookError[],
    ignoredOutput: noErrors as HookError[],
    environmentExports: null,
    hooks: noHooks as HookOutcome[],
  });
}
