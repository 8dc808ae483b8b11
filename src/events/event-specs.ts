// The one table that knows what each lifecycle event means (Claude Code's hooks reference, 2026,
// "Exit code 2 behavior per event", "Decision control" and each event's section). Aliases include
// the names Gemini CLI, Cursor and GitHub Copilot CLI give the same events (`run --format <agent>`). Nothing else
// switches on event names: the aggregator, the CLI and the loaders read these columns.
import type { EventSpec as EventSpecOf, SpecificField, TopLevelField } from './event-spec.js';

export type { Exit2Effect, MatcherSubject, MatcherSyntax, PermissionAnswer, PlainStdout, SpecificField, TopLevelField } from './event-spec.js';
export { SPECIFIC_FIELDS } from './event-spec.js';

type SpecRow = Omit<EventSpecOf, 'name' | 'topLevelFields' | 'specificFields'> & {
  /** The top-level JSON fields the event acts on. */
  readonly top: readonly TopLevelField[];
  /** The `hookSpecificOutput` fields the event acts on. */
  readonly specific: readonly SpecificField[];
};

const UNIVERSAL: readonly TopLevelField[] = ['continue', 'systemMessage', 'suppressOutput', 'terminalSequence'];
const STANDARD: readonly TopLevelField[] = [...UNIVERSAL, 'decision'];
// Events that drop `systemMessage` and `continue` (Notification, PreCompact, Elicitation, ...).
const QUIET: readonly TopLevelField[] = ['suppressOutput', 'terminalSequence'];
// Events that discard their hooks' output: only the side effect of a terminal sequence remains.
const DISCARDED: readonly TopLevelField[] = ['terminalSequence'];
const WATCHER: readonly TopLevelField[] = ['systemMessage', 'suppressOutput', 'terminalSequence'];

const defaults: SpecRow = {
  aliases: [],
  matcherField: null,
  matcherSubject: 'value',
  matcherSyntax: 'standard',
  exit2: 'none',
  nonZeroExitRefuses: false,
  plainStdout: 'log',
  top: UNIVERSAL,
  specific: [],
  toolEvent: false,
  permissionAnswer: null,
  permissionDecisions: [],
  blockKeepsAgentRunning: false,
  stopHookActive: false,
  unblockableSubjects: [],
  defaultOnError: 'open',
  defaultTimeoutMs: 600_000,
  getsEnvFile: false,
};

const tool: Partial<SpecRow> = { matcherField: 'tool_name', toolEvent: true };
const modelSwitch: Partial<SpecRow> = { matcherField: 'to_model', matcherSubject: 'modelName', defaultTimeoutMs: 30_000 };
const elicitation: Partial<SpecRow> = { matcherField: 'mcp_server_name', exit2: 'block', top: QUIET, specific: ['action', 'content'] };

const rows = {
  // Session and setup
  SessionStart: { aliases: ['session.start', 'session-start', 'sessionStart'], matcherField: 'source', exit2: 'notice', plainStdout: 'context', specific: ['additionalContext', 'initialUserMessage', 'sessionTitle', 'watchPaths', 'reloadSkills'], getsEnvFile: true },
  Setup: { matcherField: 'trigger', top: [], getsEnvFile: true },
  // SessionEnd: Claude Code gives all its hooks a shared 1.5 s budget, raised by per-hook timeouts
  // (up to 60 s). hookpool gives each hook its own deadline: 1.5 s unless the hook sets one.
  SessionEnd: { aliases: ['session.end', 'session-end', 'sessionEnd'], matcherField: 'reason', exit2: 'notice', top: DISCARDED, defaultTimeoutMs: 1_500 },
  // Prompts
  UserPromptSubmit: { aliases: ['pre-prompt', 'prompt.pre', 'prompt.submit', 'BeforeAgent', 'beforeSubmitPrompt', 'userPromptSubmitted'], exit2: 'block', plainStdout: 'context', top: STANDARD, specific: ['additionalContext', 'sessionTitle', 'suppressOriginalPrompt'], defaultOnError: 'closed', defaultTimeoutMs: 30_000 },
  UserPromptExpansion: { matcherField: 'command_name', exit2: 'block', plainStdout: 'context', top: STANDARD, specific: ['additionalContext'] },
  // Tools
  PreToolUse: { ...tool, aliases: ['tool.pre', 'pre-tool', 'BeforeTool', 'preToolUse', 'beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile'], exit2: 'block', top: STANDARD, specific: ['permissionDecision', 'permissionDecisionReason', 'updatedInput', 'additionalContext'], permissionAnswer: 'permissionDecision', permissionDecisions: ['allow', 'deny', 'ask', 'defer'], defaultOnError: 'closed' },
  // Exit 2 is not honoured on PermissionRequest (the 2026 reference; older pages said it denies).
  PermissionRequest: { ...tool, aliases: ['permission-request', 'permissionRequest'], specific: ['decision'], permissionAnswer: 'decisionBehavior', permissionDecisions: ['allow', 'deny'], defaultOnError: 'closed' },
  // "The only output this event reads is hookSpecificOutput.retry".
  PermissionDenied: { ...tool, aliases: ['permission-denied'], top: DISCARDED, specific: ['retry'] },
  PostToolUse: { ...tool, aliases: ['tool.post', 'post-tool', 'AfterTool', 'postToolUse'], exit2: 'feedback', top: STANDARD, specific: ['additionalContext', 'updatedToolOutput', 'updatedMCPToolOutput', 'classifierContext'] },
  PostToolUseFailure: { ...tool, aliases: ['tool.error', 'post-tool-failure', 'postToolUseFailure'], exit2: 'feedback', top: STANDARD, specific: ['additionalContext'] },
  // A block stops the agentic loop before the next model call.
  PostToolBatch: { exit2: 'block', top: STANDARD, specific: ['additionalContext'] },
  // Notification, display, subagents
  Notification: { aliases: ['notification'], matcherField: 'notification_type', top: QUIET },
  MessageDisplay: { top: QUIET, specific: ['displayContent'], defaultTimeoutMs: 10_000 },
  SubagentStart: { aliases: ['subagent-start', 'subagentStart'], matcherField: 'agent_type', exit2: 'notice', specific: ['additionalContext'] },
  SubagentStop: { aliases: ['subagent-stop', 'subagentStop'], matcherField: 'agent_type', exit2: 'block', top: STANDARD, specific: ['additionalContext'], blockKeepsAgentRunning: true, stopHookActive: true },
  // Tasks, stopping, teammates
  TaskCreated: { aliases: ['task-created'], exit2: 'block', top: ['systemMessage', 'suppressOutput', 'terminalSequence', 'decision'] },
  TaskCompleted: { aliases: ['task-completed'], exit2: 'block' },
  Stop: { aliases: ['stop', 'post-response', 'AfterAgent', 'agentStop'], exit2: 'block', top: STANDARD, specific: ['additionalContext'], blockKeepsAgentRunning: true, stopHookActive: true },
  StopFailure: { aliases: ['stop-failure'], matcherField: 'error', matcherSyntax: 'narrow', top: DISCARDED },
  TeammateIdle: { aliases: ['teammate-idle'], exit2: 'block', blockKeepsAgentRunning: true },
  // Instructions, configuration, file system
  InstructionsLoaded: { matcherField: 'load_reason', top: DISCARDED },
  ConfigChange: { matcherField: 'source', exit2: 'block', top: [...QUIET, 'decision'], unblockableSubjects: ['policy_settings'] },
  CwdChanged: { exit2: 'notice', top: WATCHER, specific: ['watchPaths'], getsEnvFile: true },
  DirectoryAdded: { matcherField: 'source', top: WATCHER },
  // FileChanged is Claude Code's file watcher: any writer (a tool, a script, another program)
  // changed a watched file; `file_path` and `event` (change | add | unlink). Its matcher tests the
  // file's basename. FileModified (below) is Autohand's "a tool modified a file": another event.
  FileChanged: { matcherField: 'file_path', matcherSubject: 'basename', matcherSyntax: 'narrow', exit2: 'notice', top: WATCHER, specific: ['watchPaths'], getsEnvFile: true },
  // Worktrees: any non-zero exit fails; WorktreeCreate's stdout is the new worktree's path.
  WorktreeCreate: { exit2: 'block', nonZeroExitRefuses: true, plainStdout: 'worktreePath', top: [], defaultOnError: 'closed' },
  WorktreeRemove: { exit2: 'block', nonZeroExitRefuses: true, top: DISCARDED, defaultOnError: 'closed' },
  // Compaction
  PreCompact: { aliases: ['pre-compact', 'PreCompress', 'preCompact'], matcherField: 'trigger', exit2: 'block', top: [...QUIET, 'decision'] },
  PostCompact: { aliases: ['compact', 'post-compact'], matcherField: 'trigger', exit2: 'notice', top: QUIET },
  // Model switches and MCP elicitation
  PreModelSwitch: { ...modelSwitch, exit2: 'block', top: STANDARD, specific: ['permissionDecision', 'permissionDecisionReason'], permissionAnswer: 'permissionDecision', permissionDecisions: ['allow', 'deny', 'ask'], defaultOnError: 'closed' },
  PostModelSwitch: { ...modelSwitch, exit2: 'notice', plainStdout: 'context', specific: ['additionalContext'] },
  Elicitation: elicitation,
  ElicitationResult: elicitation,
  // hookpool's own and the seed designs'
  Error: { aliases: ['error', 'session-error', 'errorOccurred'], matcherField: 'error_type' },
  FileModified: { aliases: ['file-modified'], matcherField: 'file_path' },
} satisfies Record<string, Partial<SpecRow>>;

export type EventName = keyof typeof rows;

/** Everything hookpool knows about one event (see the columns in event-spec.ts). */
export type EventSpec = EventSpecOf<EventName>;

function buildSpecs(): Readonly<Record<EventName, EventSpec>> {
  const specs = {} as Record<EventName, EventSpec>;
  for (const [name, row] of Object.entries(rows) as [EventName, Partial<SpecRow>][]) {
    const { top, specific, ...columns } = { ...defaults, ...row };
    specs[name] = Object.freeze({ ...columns, name, topLevelFields: new Set(top), specificFields: new Set(specific) });
  }
  return Object.freeze(specs);
}

export const EVENT_SPECS = buildSpecs();

export const EVENT_NAMES = Object.keys(EVENT_SPECS) as EventName[];
