// Every built-in hook hookpool ships: what it is, which seed it comes from, the hook entries it
// installs, whether it is on by default, its options and the module that runs it in a pool
// worker. The registry wires this table into the engine, config, `hookpool list` and `test`;
// loading it loads zod schemas only, never a hook's code.
import { builtinModulePath } from './builtin-modules.js';
import type { z } from 'zod';
import type { EventName } from '../events/event-specs.js';
import * as options from './builtin-options.js';

/** The seed design a built-in comes from. */
export type BuiltinSeed = 'wundr' | 'autohand';

/** One hook entry a built-in installs. */
export interface BuiltinHookEntry {
  readonly event: EventName;
  /** The entry's matcher (Claude Code syntax); null matches every subject. */
  readonly matcher: string | null;
  /** Higher runs first (Wundr: safety 500 to 1000, logging -100, user hooks 0 to 100). */
  readonly priority: number;
  /** The fire does not wait for it (Autohand's `async` hooks). */
  readonly background: boolean;
}

/** One built-in: enabled in configuration by `name`. */
export interface BuiltinSpec {
  /** Kebab case; `builtin:<name>` in ids and `hookpool test`. */
  readonly name: string;
  readonly seed: BuiltinSeed;
  readonly description: string;
  readonly hooks: readonly BuiltinHookEntry[];
  readonly enabledByDefault: boolean;
  /** The `options` object's schema; parsing `{}` gives every default. */
  readonly options: z.ZodType;
  /** The module's absolute path; its default export is an InWorkerHook. */
  readonly module: string;
  /** Environment variables it reads; secret-looking ones (SLACK_WEBHOOK_URL) reach it only when passed by name (`env.pass`). */
  readonly env: readonly string[];
  /** What it changes outside its answer (writes a log, formats or stages files, commits, notifies), or null when it only answers. */
  readonly sideEffect: string | null;
  /** Its hooks' timeout in milliseconds, when hookpool's 10 s default is too short. */
  readonly timeoutMs?: number;
}


const FILE_TOOLS = 'Write|Edit|MultiEdit|NotebookEdit';
const GUARDED_TOOLS = `Bash|Read|Grep|Glob|NotebookRead|${FILE_TOOLS}|run_command|shell|write_file|edit_file|delete_path|read_file`;

function entry(event: EventName, priority: number, more: Partial<Pick<BuiltinHookEntry, 'matcher' | 'background'>> = {}): BuiltinHookEntry {
  return { event, priority, matcher: more.matcher ?? null, background: more.background ?? false };
}

// What each built-in changes besides its answer (`hookpool replay` runs these only when asked).
const SIDE_EFFECTS: Readonly<Record<string, string>> = {
  'session-lifecycle-logger-start': 'writes a log',
  'session-lifecycle-logger-end': 'writes a log',
  'tool-execution-logger-success': 'writes a log',
  'tool-execution-logger-failure': 'writes a log',
  'subagent-tracker-start': 'writes a log',
  'subagent-tracker-stop': 'writes a log',
  'task-completion-logger': 'writes a log',
  'notification-router': 'writes notifications to files',
  'auto-format': 'formats files',
  'git-auto-stage': 'stages files in git',
  'sound-alert': 'plays a sound',
  'slack-notify': 'posts to Slack',
  'smart-commit': 'commits in git',
  'activity-logger': 'writes a log',
};

// Wundr registers all twelve enabled (built-in-hooks.ts: `enabled: true`), priorities from its table.
function wundr(name: string, description: string, hooks: readonly BuiltinHookEntry[], schema: z.ZodType): BuiltinSpec {
  return { name, seed: 'wundr', description, hooks, enabledByDefault: true, options: schema, module: builtinModulePath(name), env: [], sideEffect: SIDE_EFFECTS[name] ?? null };
}

// Autohand installs its built-ins disabled (docs/hooks.md, "Built-in Hooks").
function autohand(name: string, description: string, hooks: readonly BuiltinHookEntry[], schema: z.ZodType, more: Partial<Pick<BuiltinSpec, 'env' | 'timeoutMs'>> = {}): BuiltinSpec {
  return { name, seed: 'autohand', description, hooks, enabledByDefault: false, options: schema, module: builtinModulePath(name), env: more.env ?? [], sideEffect: SIDE_EFFECTS[name] ?? null, ...more };
}

/** Every built-in, Wundr's twelve then Autohand's seven. */
export const BUILTIN_CATALOG: readonly BuiltinSpec[] = Object.freeze([
  wundr('dangerous-tool-blocker', 'denies destructive tools by name, every security-table rule and DROP DATABASE / TRUNCATE TABLE in tool input', [entry('PreToolUse', 1000)], options.dangerousToolBlockerOptions),
  wundr('permission-auto-approver', 'allows permission requests for low-risk reads (read-only tools, no protected file)', [entry('PermissionRequest', -50)], options.permissionAutoApproverOptions),
  wundr('prompt-length-guardrail', 'blocks prompts over 500 000 characters, warns over 50 000', [entry('UserPromptSubmit', 500)], options.promptLengthGuardrailOptions),
  wundr('compaction-guardrail', 'blocks compaction of conversations under 10 messages', [entry('PreCompact', 500)], options.compactionGuardrailOptions),
  wundr('session-lifecycle-logger-start', 'logs session starts (JSON lines)', [entry('SessionStart', -100)], options.eventLoggerOptions),
  wundr('session-lifecycle-logger-end', 'logs session ends with duration and usage (JSON lines)', [entry('SessionEnd', -100)], options.eventLoggerOptions),
  wundr('tool-execution-logger-success', 'logs tool calls that succeeded (JSON lines)', [entry('PostToolUse', -100)], options.eventLoggerOptions),
  wundr('tool-execution-logger-failure', 'logs tool calls that failed, error redacted (JSON lines)', [entry('PostToolUseFailure', -100)], options.eventLoggerOptions),
  wundr('subagent-tracker-start', 'logs subagent starts (JSON lines)', [entry('SubagentStart', -100)], options.eventLoggerOptions),
  wundr('subagent-tracker-stop', 'logs subagent stops with outcome and cost (JSON lines)', [entry('SubagentStop', -100)], options.eventLoggerOptions),
  wundr('task-completion-logger', 'logs completed tasks with outcome and cost (JSON lines)', [entry('TaskCompleted', -100)], options.eventLoggerOptions),
  wundr('notification-router', 'routes notifications by level to a log file, stderr or other files', [entry('Notification', -100)], options.notificationRouterOptions),
  autohand('security-guard', 'denies destructive commands, piped installers and secret-file access (the security table)', [entry('PreToolUse', 1000, { matcher: GUARDED_TOOLS })], options.securityGuardOptions),
  autohand('auto-format', 'formats written files with prettier, eslint --fix or biome when the project has one', [entry('PostToolUse', 0, { matcher: FILE_TOOLS }), entry('FileModified', 0)], options.autoFormatOptions),
  autohand('git-auto-stage', 'git-adds written files, except env files, logs, build output and dependencies', [entry('PostToolUse', -10, { matcher: FILE_TOOLS }), entry('FileModified', -10)], options.gitAutoStageOptions),
  autohand('sound-alert', 'plays a sound (paplay/afplay) or rings the terminal bell when the agent stops', [entry('Stop', -100, { background: true })], options.soundAlertOptions),
  autohand('slack-notify', 'posts a summary to the Slack webhook in SLACK_WEBHOOK_URL when the agent stops', [entry('Stop', -100, { background: true })], options.slackNotifyOptions, { env: ['SLACK_WEBHOOK_URL'] }),
  // Lint and tests take minutes, not hookpool's default 10 s; it runs in the background, on the
  // agent's thread (builtin-modules.ts), where the prompt evaluator that writes its message is.
  autohand('smart-commit', "runs the project's lint and tests, then commits staged changes with a message from the prompt evaluator, or written from the changes (SMART_COMMIT_HOOK=1)", [entry('Stop', -50, { background: true })], options.smartCommitOptions, { env: ['SMART_COMMIT_HOOK'], timeoutMs: 600_000 }),
  autohand('activity-logger', 'logs session start/end, turn ends and modified files under src/ and lib/ (JSON lines)', [entry('SessionStart', -100), entry('SessionEnd', -100), entry('Stop', -100), entry('FileModified', -100)], options.activityLoggerOptions),
]);

/** The built-in called `name` (with or without `builtin:`), or undefined. */
export function findBuiltin(name: string): BuiltinSpec | undefined {
  const bare = name.startsWith('builtin:') ? name.slice('builtin:'.length) : name;
  return BUILTIN_CATALOG.find((spec) => spec.name === bare);
}
