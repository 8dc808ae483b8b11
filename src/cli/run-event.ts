// `hookpool run <event>`: fire one event through every configured hook and answer like an agent's
// hook: exit 0 proceed, 2 blocked, 1 usage or config error; --json or Claude Code's protocol on stdout.
// Called once per tool call by agents, so it loads only what the event needs: the configuration
// from the cache (config-cache/), and the planner, the engine and its pool only when some hook
// could match.
import { emptyFireResult, type FireResult } from '../aggregate/fire-result.js';
import type { EventSpec } from '../events/event-specs.js';
import { HookpoolError } from '../errors.js';
import { matcherSubjectOf } from '../events/matcher-subject.js';
import { compileMatcher } from '../plan/compile-matcher.js';
import type { ClaudeAnswer } from '../dialects/claude/answer.js';
import type { AgentFormatName } from '../dialects/dialect-names.js';
import type { ConfigOptions, InputOptions, PassEnvOptions } from './config-options.js';
import { loadCachedCliConfig } from '../project/config-cache/load-cached-project.js';
import { EXIT, type ExitCode } from '../dialects/exit-codes.js';
import { configNotices } from '../project/config-notices.js';
import { withForwardedExports } from '../project/forward-env-exports.js';
import type { CliConfig } from '../project/load-project.js';
import { assertNotNestedTooDeep } from '../project/nested-run.js';
import { printJson, printLines, printWarning } from './output/print.js';
import { readPayload } from './read-payload.js';
import { describeError, reportError } from './report-error.js';
import { resolveCliEvent } from '../project/event-named.js';
import { writeToFd } from '../io/raw-stdio.js';

/** `run`'s options, as commander or fast-run.ts parsed them. */
export interface RunOptions extends ConfigOptions, InputOptions, PassEnvOptions {
  readonly sessionId?: string;
  readonly json?: boolean;
  readonly format?: AgentFormatName;
}

/** Fires the event and prints the answer; resolves with the exit code. */
export async function runEvent(eventArgument: string | undefined, options: RunOptions): Promise<ExitCode> {
  if (options.format === 'claude') return runAsClaudeHook(eventArgument, options);
  const payload = (await readPayload(options, { stdinByDefault: true })) ?? {};
  const eventName = requireEventName(eventArgument ?? textField(payload, 'hook_event_name'));
  const spec = resolveCliEvent(eventName);
  if (options.format !== undefined) return answerAsOtherAgent(options.format, eventName, spec, payload, options);
  const { config, result } = await loadAndFire(spec, payload, options);
  configNotices(config).forEach(printWarning);
  if (options.json) printJson(result);
  else {
    const [{ describeFire }, { createPaint }] = await Promise.all([import('./output/describe-fire.js'), import('./output/style.js')]);
    printLines(describeFire(result, createPaint()));
  }
  return result.blocked ? EXIT.blocked : EXIT.proceed;
}

async function loadAndFire(spec: EventSpec, payload: Record<string, unknown>, options: RunOptions): Promise<{ config: CliConfig; result: FireResult }> {
  assertNotNestedTooDeep();
  const { config } = await loadCachedCliConfig(options, { cwdFallback: textField(payload, 'cwd'), skipDiscoveredClaudeSettings: options.format === 'claude' });
  const sessionId = options.sessionId ?? textField(payload, 'session_id');
  // For Claude Code everything goes into the answer; stderr is the reason of an exit 2.
  const passEnv = [...config.loaded.passEnv, ...(options.passEnv ?? [])];
  const result = await fireOnce(config, spec, payload, { sessionId, passEnv, warnOnStderr: options.format === undefined });
  return { config, result: await withForwardedExports(result) };
}

function requireEventName(eventName: string | undefined): string {
  if (eventName !== undefined) return eventName;
  throw new HookpoolError('ERR_HOOKPOOL_USAGE', 'name the event: hookpool run <event> (with --format claude it may come from the payload\'s "hook_event_name")');
}

/**
 * A hook Claude Code called. Whatever goes wrong in hookpool itself (unreadable input or
 * configuration, a nested run, an internal error) is answered as claudeFailureAnswer says, never
 * with an exit 1 that Claude Code would take as "proceed"; when not even the event can be told,
 * with exit 2 and the reason.
 */
async function runAsClaudeHook(eventArgument: string | undefined, options: RunOptions): Promise<ExitCode> {
  let payload: Record<string, unknown> = {};
  let unreadable: unknown;
  try {
    payload = (await readPayload(options, { stdinByDefault: true })) ?? {};
  } catch (error) {
    unreadable = error;
  }
  let spec: EventSpec;
  try {
    spec = resolveCliEvent(requireEventName(eventArgument ?? textField(payload, 'hook_event_name')));
  } catch (error) {
    reportError(unreadable ?? error);
    return EXIT.blocked;
  }
  if (unreadable === undefined) return answerAsClaudeHook(spec, payload, options);
  reportError(unreadable);
  return printClaudeAnswer(await hookpoolFailure(spec, unreadable));
}

async function answerAsClaudeHook(spec: EventSpec, payload: Record<string, unknown>, options: RunOptions): Promise<ExitCode> {
  let answer: ClaudeAnswer;
  try {
    const { config, result } = await loadAndFire(spec, payload, options);
    // Only this protocol's modules: `run` is called per tool call.
    const { claudeFireAnswer } = await import('../project/claude-fire-answer.js');
    answer = await claudeFireAnswer(spec, result, config, options.sessionId ?? textField(payload, 'session_id'));
  } catch (error) {
    reportError(error);
    answer = await hookpoolFailure(spec, error);
  }
  return printClaudeAnswer(answer);
}

async function hookpoolFailure(spec: EventSpec, error: unknown): Promise<ClaudeAnswer> {
  const { claudeFailureAnswer } = await import('../dialects/failure-answer.js');
  return claudeFailureAnswer(spec, `hookpool could not run the hooks: ${describeError(error)}`).answer;
}

function printClaudeAnswer(answer: ClaudeAnswer): ExitCode {
  if (answer.stdout !== null) writeToFd(1, `${answer.stdout}\n`);
  if (answer.stderr !== null) writeToFd(2, `${answer.stderr}\n`);
  return answer.exitCode;
}

// Gemini CLI, Cursor, Copilot, Codex: their module (formats/) reads the payload and writes the answer.
async function answerAsOtherAgent(format: Exclude<AgentFormatName, 'claude'>, agentEvent: string, spec: EventSpec, payload: Record<string, unknown>, options: RunOptions): Promise<ExitCode> {
  const { answerAsAgentHook } = await import('../project/answer-as-agent.js');
  return answerAsAgentHook(format, agentEvent, spec, payload, async (adaptedSpec, adapted) => {
    const { config, result } = await loadAndFire(adaptedSpec, adapted, options);
    return { notices: configNotices(config), result };
  });
}

// The answer is printed by the caller once close() has let background hooks finish, so the
// process never exits while they still run.
async function fireOnce(config: CliConfig, spec: EventSpec, payload: Record<string, unknown>, how: { sessionId: string | undefined; passEnv: string[]; warnOnStderr: boolean }): Promise<FireResult> {
  if (!(await anyHookMatches(config, spec, payload))) return emptyFireResult(spec.name);
  const { createCliEngine } = await import('../project/engine-bundle.js');
  const engine = createCliEngine({
    hooks: config.hooks.map((hook) => hook.definition),
    broken: config.loaded,
    cwd: config.cwd,
    ...how,
    transcriptPath: textField(payload, 'transcript_path'),
    permissionMode: textField(payload, 'permission_mode'),
    disableAllHooks: config.loaded.disableAllHooks,
  });
  try {
    return await engine.fire(spec.name, payload);
  } finally {
    await engine.close();
  }
}

// An engine starts its worker pool as soon as it has hooks; a one-shot process whose event
// matches none (most tool calls, when hookpool is an agent's one hook) skips that boot. The
// planner (and zod, for broken entries) is loaded only when some hook's matcher accepts the
// subject: the matcher is the first of the planner's tests, so a miss there is a miss.
async function anyHookMatches(config: CliConfig, spec: EventSpec, payload: Record<string, unknown>): Promise<boolean> {
  if (config.loaded.disableAllHooks) return false;
  const { brokenHooks, brokenFiles } = config.loaded;
  const broken = brokenHooks.length > 0 || brokenFiles.length > 0;
  if (!broken && !someMatcherAccepts(config, spec, payload)) return false;
  const { planEvents, brokenHookDefinitions } = await import('../project/engine-bundle.js');
  const anchors = { projectDir: process.env.CLAUDE_PROJECT_DIR ?? config.cwd, home: config.home };
  const eventPlan = planEvents([...config.hooks.map((hook) => hook.definition), ...brokenHookDefinitions(brokenHooks, brokenFiles)], anchors).get(spec.name);
  return eventPlan !== undefined && eventPlan.plan(matcherSubjectOf(spec, payload)).length > 0;
}

function someMatcherAccepts(config: CliConfig, spec: EventSpec, payload: Record<string, unknown>): boolean {
  const hooks = config.hooks.map((hook) => hook.definition).filter((hook) => hook.event === spec.name && hook.enabled);
  if (hooks.length === 0) return false;
  const subject = matcherSubjectOf(spec, payload);
  if (subject === null || spec.matcherField === null) return true;
  return hooks.some((hook) => compileMatcher(hook.matcher, spec.matcherSyntax)(subject));
}

function textField(payload: Record<string, unknown>, key: string): string | undefined {
  const value = payload[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
