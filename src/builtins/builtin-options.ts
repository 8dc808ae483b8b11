// The options each built-in accepts (its configuration entry's `options` object), with their
// defaults. Kept apart from the hooks themselves so the catalog (read by list, config and test)
// loads zod schemas only, never a hook's child_process or network code.
import { z } from 'zod';
import { HookpoolError } from '../errors.js';
import { formatIssues } from '../config/format-issues.js';

const ruleIds = z.array(z.string()).default([]);
// A JSON-lines file; relative paths are taken from the project root. Unset: the state folder.
const logFile = z.string().min(1).optional();

/** security-guard: which rules of the table to leave out. */
export const securityGuardOptions = z.strictObject({
  /** Rule ids of src/builtins/security-rules.ts to leave out. */
  disabledRules: ruleIds,
});

/** dangerous-tool-blocker: the table, Wundr's destructive tool names and SQL. */
export const dangerousToolBlockerOptions = z.strictObject({
  disabledRules: ruleIds,
  /** Tool names refused outright (Wundr's destructive tools). */
  blockedTools: z.array(z.string()).default(['delete_database', 'format_disk', 'factory_reset']),
  /** Refuse DROP DATABASE and TRUNCATE TABLE in any string of the tool input. */
  blockDestructiveSql: z.boolean().default(true),
});

/** permission-auto-approver: what counts as a read. */
export const permissionAutoApproverOptions = z.strictObject({
  /** Tools whose calls only read; a call naming a protected file is never approved. */
  readOnlyTools: z.array(z.string()).default(['Read', 'Glob', 'Grep', 'LS', 'NotebookRead', 'read_file', 'list_directory', 'search']),
});

/** prompt-length-guardrail: its two thresholds. */
export const promptLengthGuardrailOptions = z.strictObject({
  /** Above this many characters the prompt is blocked (Wundr: 500 000). */
  blockAboveChars: z.number().int().positive().default(500_000),
  /** Above this many characters the hook answers a warning (Wundr: 50 000). */
  warnAboveChars: z.number().int().positive().default(50_000),
});

/** compaction-guardrail: the smallest conversation worth compacting. */
export const compactionGuardrailOptions = z.strictObject({
  /** Fewer messages than this: compaction is not worth it and is blocked (Wundr: 10). */
  minMessages: z.number().int().nonnegative().default(10),
});

/** Wundr's loggers: where their JSON lines go. */
export const eventLoggerOptions = z.strictObject({ logFile });

/** activity-logger (Autohand's logging hooks): where, and which modified files. */
export const activityLoggerOptions = z.strictObject({
  logFile,
  /** FileModified events are logged for these globs (relative to the project root) only. */
  paths: z.array(z.string()).default(['src/**', 'lib/**']),
});

// `log`: the router's own file in the state folder; `stderr`; or `{ file }` (relative: from the project root).
const destination = z.union([z.literal('log'), z.literal('stderr'), z.strictObject({ file: z.string().min(1) })]);
const level = z.enum(['info', 'warn', 'error']);

/** notification-router: destinations by level. */
export const notificationRouterOptions = z.strictObject({
  /** Where each level goes; a level may go to several places, or none (`[]`). */
  routes: z
    .strictObject({ info: z.array(destination).default(['log']), warn: z.array(destination).default(['log', 'stderr']), error: z.array(destination).default(['log', 'stderr']) })
    .default({ info: ['log'], warn: ['log', 'stderr'], error: ['log', 'stderr'] }),
  /** The level of a Claude Code `notification_type` (Wundr's payloads carry `level` themselves); others are info. */
  levelOfType: z.record(z.string(), level).default({ permission_prompt: 'warn', elicitation_dialog: 'warn', idle_prompt: 'info', auth_success: 'info' }),
});

/** auto-format: which formatters, for which files, for how long. */
export const autoFormatOptions = z.strictObject({
  /** Tried in this order; the first found in node_modules/.bin or on PATH formats the file. */
  formatters: z.array(z.enum(['prettier', 'eslint', 'biome'])).default(['prettier', 'eslint', 'biome']),
  /** Only files with these extensions are formatted. */
  extensions: z.array(z.string()).default(['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.json', '.css', '.md']),
  timeoutMs: z.number().int().positive().default(20_000),
});

/** git-auto-stage: what is never staged (Autohand's skip list). */
export const gitAutoStageOptions = z.strictObject({
  /** Paths never staged (globs, relative to the repository root). */
  skip: z.array(z.string()).default(['**/.env*', '**/*.log', '**/*.tmp', '**/*.swp', '**/*.bak', '**/node_modules/**', '**/.git/**', '**/dist/**', '**/build/**', '**/coverage/**']),
});

/** sound-alert: the sound to play. */
export const soundAlertOptions = z.strictObject({
  /** A sound file for paplay/afplay; unset: the system's default, or the terminal bell. */
  soundFile: z.string().optional(),
});

/** slack-notify: the webhook (else SLACK_WEBHOOK_URL) and its timeout. */
export const slackNotifyOptions = z.strictObject({
  /** Overrides SLACK_WEBHOOK_URL. */
  webhookUrl: z.url().optional(),
  timeoutMs: z.number().int().positive().default(10_000),
});

// A check smart-commit runs before committing: a program and its arguments (no shell), or false for none.
const check = z.union([z.array(z.string().min(1)).min(1), z.literal(false)]).optional();

/** smart-commit: the switch, its checks and git's own hooks. */
export const smartCommitOptions = z.strictObject({
  /** Commit even without SMART_COMMIT_HOOK=1 (or true) in the hook's environment. */
  enabled: z.boolean().default(false),
  /** The lint run first (argv); unset: `npm run lint --silent` when package.json has a lint script; false: none. */
  lint: check,
  /** The tests run next (argv); unset: `npm test --silent` when package.json has a real test script; false: none. */
  test: check,
  /** Skip git's own commit hooks. */
  noVerify: z.boolean().default(false),
});

// Parsed options by schema and by the options object a hook was given: a worker calls the same
// hook with the same object again and again, and the guards sit on every tool call.
const parsedOptions = new WeakMap<z.ZodType, WeakMap<object, unknown>>();
const NO_OPTIONS = Object.freeze({});

/** Reads a built-in's options with their defaults, or throws ERR_HOOKPOOL_INVALID_CONFIG naming the field. */
export function readBuiltinOptions<Schema extends z.ZodType>(name: string, schema: Schema, raw: unknown): z.output<Schema> {
  const key = typeof raw === 'object' && raw !== null ? raw : raw === undefined ? NO_OPTIONS : null;
  let bySchema = parsedOptions.get(schema);
  if (key !== null && bySchema?.has(key)) return bySchema.get(key) as z.output<Schema>;
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', formatIssues(parsed.error, `builtin:${name}`, 'options').join('; '));
  if (key !== null) {
    if (bySchema === undefined) parsedOptions.set(schema, (bySchema = new WeakMap()));
    bySchema.set(key, parsed.data);
  }
  return parsed.data;
}
