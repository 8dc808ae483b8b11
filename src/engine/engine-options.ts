// What createHookEngine accepts, validated once with zod (the defaults: engine-defaults.ts).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { brokenFileSchema, brokenHookEntrySchema } from '../config/broken-schemas.js';
import { envNameSchema } from '../config/field-schemas.js';
import { formatIssues } from '../config/format-issues.js';
import { HookpoolError } from '../errors.js';
import type { AgentLogger } from './engine-logger.js';
import type { AsyncAnswer, HookStarted, Rewake } from './observers.js';
import type { HookEvaluator } from '../run/remote/evaluator.js';
import type { McpCaller } from '../run/remote/mcp-tool.js';
import { ENGINE_DEFAULTS, POOL_DEFAULTS } from './engine-defaults.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from './payload-limit.js';

// The engine logs through a child logger (for its bindings and redaction), so a pino logger it must be.
const loggerShape = z.custom<AgentLogger>(
  (value) => typeof value === 'object' && value !== null && ['child', 'debug', 'info', 'warn', 'error'].every((method) => typeof (value as Record<string, unknown>)[method] === 'function'),
  { message: 'expected a pino logger (pino() or a child of it)' },
);

const poolSchema = z.strictObject({
  threads: z.number().int().min(1).max(64).default(POOL_DEFAULTS.threads).describe('worker threads in the pool'),
  maxConcurrentHooks: z.number().int().min(1).max(4096).default(POOL_DEFAULTS.maxConcurrentHooks).describe('hook processes running at once; more wait'),
  backgroundConcurrency: z.number().int().min(1).default(POOL_DEFAULTS.backgroundConcurrency).describe('background hooks running at once'),
  backgroundQueueSize: z.number().int().min(1).default(POOL_DEFAULTS.backgroundQueueSize).describe('background hooks waiting; when full the oldest is dropped'),
  niceness: z.number().int().min(0).max(19).default(POOL_DEFAULTS.niceness)
    .describe('how much lower the CPU priority of background hooks is than the agent; foreground hooks run at the agent\'s own; 0 keeps them all equal'),
  spareProcesses: z.number().int().min(0).max(64).default(POOL_DEFAULTS.spareProcesses)
    .describe('process host: at most this many hook processes started ahead of time, one for each hook fired twice within 30 s; 0: none'),
  killGraceMs: z.number().int().min(0).default(POOL_DEFAULTS.killGraceMs).describe('SIGTERM to SIGKILL'),
  pipeGraceMs: z.number().int().min(0).default(POOL_DEFAULTS.pipeGraceMs).describe('after a hook exits, how long descendants may hold its output open'),
});

const functionShape = <T>(what: string) => z.custom<T>((value) => typeof value === 'function', { message: `expected ${what}` });

const evaluatorsSchema = z.strictObject({
  prompt: functionShape<HookEvaluator>('a function (request) => reply, e.g. createAnthropicEvaluator()').optional().describe('answers prompt hooks'),
  agent: functionShape<HookEvaluator>('a function (request) => reply, e.g. createAnthropicEvaluator()').optional().describe('answers agent hooks'),
});

const mcpSchema = z.custom<McpCaller>(
  (value) => typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).callTool === 'function',
  { message: 'expected { callTool(server, tool, args, { signal }) }' },
);

export { DEFAULT_MAX_PAYLOAD_BYTES };

export const engineOptionsSchema = z.strictObject({
  hooks: z.array(z.unknown()).default([]),
  cwd: z.string().default(() => process.cwd()),
  projectDir: z.string().optional().describe('CLAUDE_PROJECT_DIR; defaults to cwd'),
  sessionId: z.string().min(1).default(() => randomUUID()),
  transcriptPath: z.string().optional(),
  permissionMode: z.string().optional(),
  model: z.string().min(1).optional().describe("the model the agent runs: Opta hooks' OPTA_MODEL, unless a payload gives its own `model`"),
  logger: loggerShape.optional(),
  closeTimeout: z.number().int().min(0).default(ENGINE_DEFAULTS.closeTimeout).describe('milliseconds close() waits for background hooks'),
  host: z.enum(['thread', 'process', 'direct']).default(ENGINE_DEFAULTS.host).describe("where the pool lives: a sandbox process forked once (the default), or this process; 'direct': no pool, hooks spawned from the calling thread (one-shot commands)"),
  pool: poolSchema.default(poolSchema.parse({})),
  maxPayloadBytes: z.number().int().positive().default(ENGINE_DEFAULTS.maxPayloadBytes).describe('largest hook input (stdin JSON) in bytes; larger fires start no hook'),
  maxStopBlocks: z.number().int().min(1).default(ENGINE_DEFAULTS.maxStopBlocks).describe('consecutive Stop blocks honoured per session'),
  env: z.record(z.string(), z.string().optional()).optional().describe("the agent environment hooks inherit from; defaults to process.env"),
  passEnv: z.array(envNameSchema).default([]).describe('variable names every hook gets even when its env policy would drop them (the user-level env.pass)'),
  evaluators: evaluatorsSchema.default({}).describe('what answers prompt and agent hooks (functions of this process, run on its thread)'),
  mcp: mcpSchema.optional().describe('how mcp_tool hooks reach the agent\'s MCP servers'),
  onHookSettled: z.custom<(settled: HookSettled) => void>((value) => typeof value === 'function').optional(),
  onHookStarted: z.custom<(started: HookStarted) => void>((value) => typeof value === 'function').optional(),
  onAsyncAnswer: z.custom<(answer: AsyncAnswer) => void>((value) => typeof value === 'function').optional(),
  onRewake: z.custom<(rewake: Rewake) => void>((value) => typeof value === 'function').optional(),
  telemetry: z.union([
    z.literal(false),
    z.strictObject({ contents: z.boolean().default(false).describe("also record the payload and each hook's stdout/stderr on the spans") }),
  ]).default(ENGINE_DEFAULTS.telemetry).describe('OpenTelemetry spans and metrics, when @opentelemetry/api is installed and a provider registered; false: none'),
  // Accepted so that `createHookEngine({ ...await loadHooksConfig(), ... })` works.
  problems: z.array(z.string()).optional(),
  files: z.array(z.unknown()).optional(),
  untrusted: z.array(z.unknown()).optional(),
  brokenFiles: z.array(brokenFileSchema).default([]).describe('files that could not be loaded: their hooks are unknown, so guard events are refused'),
  brokenHooks: z.array(brokenHookEntrySchema).default([]).describe('entries that could not be loaded: on a guard event they refuse'),
  disableAllHooks: z.boolean().optional(),
});

export type HookEngineOptions = z.input<typeof engineOptionsSchema>;
export type ResolvedEngineOptions = z.output<typeof engineOptionsSchema>;

/** Reported for every hook run, foreground or background. */
export interface HookSettled {
  event: string;
  background: boolean;
  outcome: import('../model/hook-outcome.js').HookOutcome;
  /** The hook answered with a refusal (deny, or block) of its own: a deliberate block, not a failure. Always false for a background hook. */
  refused: boolean;
  /**
   * Set for a hook in audit mode (`enforce: false`) only: whether its answer, had it been applied,
   * would have refused the action or stopped the agent (never for a background hook).
   */
  wouldBlock?: boolean;
}

export function parseEngineOptions(options: unknown): ResolvedEngineOptions {
  const result = engineOptionsSchema.safeParse(options ?? {});
  if (result.success) return result.data;
  throw new HookpoolError('ERR_HOOKPOOL_INVALID_OPTIONS', formatIssues(result.error, 'createHookEngine options').join('\n'));
}
