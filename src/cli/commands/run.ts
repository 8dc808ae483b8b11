// `hookpool run <event>`: fire one event through every configured hook and answer like an agent's
// hook: exit 0 proceed, 2 blocked, 1 usage or config error; --json or Claude Code's protocol on stdout.
import { Option, type Command } from 'commander';
import { emptyFireResult, type FireResult } from '../../aggregate/fire-result.js';
import { EVENT_NAMES, type EventSpec } from '../../events/event-specs.js';
import { HookpoolError } from '../../errors.js';
import { matcherSubjectOf } from '../../events/matcher-subject.js';
import { brokenHookDefinitions } from '../../config/broken-hooks.js';
import { planEvents } from '../../plan/planner.js';
import { aggregateFire } from '../../aggregate/aggregate-fire.js';
import { failedOutcome } from '../../run/outcome.js';
import { answerForClaude, type ClaudeAnswer } from '../claude-answer.js';
import { forwardEnvironmentExports } from '../forward-env-exports.js';
import { describeError, reportError } from '../report-error.js';
import { addConfigOptions, addInputOptions, addPassEnvOption, type ConfigOptions, type InputOptions, type PassEnvOptions } from '../config-options.js';
import { assertNotNestedTooDeep, createCliEngine } from '../create-cli-engine.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { loadCliConfig, type CliConfig } from '../load-cli-config.js';
import { describeFire } from '../output/describe-fire.js';
import { describeSource } from '../output/describe.js';
import { printJson, printLines, printWarning } from '../output/print.js';
import { createPaint } from '../output/style.js';
import type { Finish } from '../program.js';
import { readPayload } from '../read-payload.js';
import { resolveCliEvent } from '../resolve-cli-event.js';
import { takeUnsaidNotices } from '../session-notices.js';

interface RunOptions extends ConfigOptions, InputOptions, PassEnvOptions {
  readonly sessionId?: string;
  readonly json?: boolean;
  readonly format?: 'claude';
}

export function registerRunCommand(program: Command, finish: Finish): void {
  const command = program
    .command('run')
    .summary('fire one event through the configured hooks')
    .description('Fire one event through every matching hook and print the merged answer.\nExit 0: the agent may proceed; 2: blocked; 1: usage or configuration error.')
    .argument('[event]', 'event name or alias, e.g. PreToolUse or tool.pre (optional with --format claude: taken from hook_event_name)');
  addInputOptions(command, 'default: stdin when it is not a terminal');
  addPassEnvOption(addConfigOptions(command))
    .option('--session-id <id>', 'session id given to hooks (default: the payload\'s session_id, else a new one)')
    .addOption(new Option('--json', 'print the merged answer (FireResult) as JSON').conflicts('format'))
    .addOption(new Option('--format <format>', "answer in an agent's hook protocol: JSON on stdout and its exit codes").choices(['claude']))
    .addHelpText('after', `
Events: ${EVENT_NAMES.join(', ')}

Examples:
  $ hookpool run PreToolUse --json --input '{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}'
  $ echo '{"hook_event_name":"Stop","session_id":"s1","cwd":"'"$PWD"'"}' | hookpool run --format claude

As the one command hook in .claude/settings.json (hookpool then runs .hookpool/hooks.json); on a
guard event, refuse when hookpool itself cannot run (not installed: Claude Code reads exit 1 as "proceed"):
  {"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command":
    "npx --no hookpool run --format claude; s=$?; [ $s = 0 ] || [ $s = 2 ] || { echo \\"hookpool could not run (exit $s)\\" >&2; s=2; }; exit $s"}]}]}}`)
    .action(async (event: string | undefined, options: RunOptions) => finish(await runEvent(event, options)));
}

async function runEvent(eventArgument: string | undefined, options: RunOptions): Promise<ExitCode> {
  const payload = (await readPayload(options, { stdinByDefault: true })) ?? {};
  const eventName = eventArgument ?? textField(payload, 'hook_event_name');
  if (eventName === undefined) {
    throw new HookpoolError('ERR_HOOKPOOL_USAGE', 'name the event: hookpool run <event> (with --format claude it may come from the payload\'s "hook_event_name")');
  }
  const spec = resolveCliEvent(eventName);
  if (options.format === 'claude') return answerAsClaudeHook(spec, payload, options);
  const { config, result } = await loadAndFire(spec, payload, options);
  [...config.loaded.problems, ...selfCallNotices(config)].forEach(printWarning);
  if (options.json) printJson(result);
  else printLines(describeFire(result, createPaint(process.stdout)));
  return result.blocked ? EXIT.blocked : EXIT.proceed;
}

async function loadAndFire(spec: EventSpec, payload: Record<string, unknown>, options: RunOptions): Promise<{ config: CliConfig; result: FireResult }> {
  assertNotNestedTooDeep();
  const config = await loadCliConfig(options, { cwdFallback: textField(payload, 'cwd'), skipDiscoveredClaudeSettings: options.format === 'claude' });
  const sessionId = options.sessionId ?? textField(payload, 'session_id');
  // For Claude Code everything goes into the answer; stderr is the reason of an exit 2.
  const passEnv = [...config.loaded.passEnv, ...(options.passEnv ?? [])];
  const result = await fireOnce(config, spec, payload, { sessionId, passEnv, warnOnStderr: options.format !== 'claude' });
  const forwardProblem = await forwardEnvironmentExports(result);
  return { config, result: forwardProblem === null ? result : { ...result, hookErrors: [...result.hookErrors, { id: 'hookpool', message: forwardProblem }] } };
}

/**
 * The answer of a hook Claude Code called. Whatever goes wrong in hookpool itself (unreadable
 * configuration, a nested run, an internal error) is answered as a hook that gave no answer:
 * refused where the event's guards fail closed, and said in systemMessage either way, never an
 * exit 1 that Claude Code would take as "proceed".
 */
async function answerAsClaudeHook(spec: EventSpec, payload: Record<string, unknown>, options: RunOptions): Promise<ExitCode> {
  const sessionId = options.sessionId ?? textField(payload, 'session_id');
  let answer: ClaudeAnswer;
  try {
    const { config, result } = await loadAndFire(spec, payload, options);
    // Configuration notices reach the user once per session; hook failures every time they happen.
    const configNotices = [...config.loaded.problems, ...selfCallNotices(config)];
    const notices = spec.topLevelFields.has('systemMessage') ? await takeUnsaidNotices(sessionId, configNotices) : configNotices;
    answer = answerForClaude(spec, result, notices);
    const leftOver = answer.exitCode === EXIT.proceed ? await takeUnsaidNotices(sessionId, leftToClaudeCode(config)) : [];
    answer = { ...answer, stderr: [answer.stderr, ...leftOver].filter(Boolean).join('\n') || null };
  } catch (error) {
    reportError(error);
    const failed = failedOutcome('hookpool', 'crashed', `hookpool could not run the hooks: ${describeError(error)}`);
    answer = answerForClaude(spec, aggregateFire(spec, [{ exitCodes: 'claude', onError: spec.defaultOnError }], [failed]));
  }
  if (answer.stdout !== null) process.stdout.write(`${answer.stdout}\n`);
  if (answer.stderr !== null) process.stderr.write(`${answer.stderr}\n`);
  return answer.exitCode;
}

/**
 * Said on stderr (Claude Code's debug log) on exit 0 only: on exit 2 stderr is the reason. The
 * hooks of discovered Claude Code settings are Claude Code's to run; an agent that is not Claude
 * Code asks for them with --claude-settings auto.
 */
function leftToClaudeCode(config: CliConfig): string[] {
  if (config.leftToClaudeCode.length === 0) return [];
  const files = config.leftToClaudeCode.map((file) => file.path).join(', ');
  return [`hookpool: the hooks in ${files} are left to Claude Code, which runs them itself; an agent that is not Claude Code runs them through hookpool with --claude-settings auto`];
}

// Settings entries that call hookpool (its own wiring) are skipped; said so that a hand-made one is not lost silently.
function selfCallNotices(config: CliConfig): string[] {
  if (config.selfCalls.length === 0) return [];
  const places = config.selfCalls.map((hook) => describeSource(hook.definition.source, config.cwd)).join(', ');
  const count = config.selfCalls.length;
  return [`skipped ${count === 1 ? 'an entry that calls' : `${count} entries that call`} hookpool itself (${places}): hookpool never runs inside hookpool`];
}

// The answer is printed by the caller once close() has let background hooks finish, so the
// process never exits while they still run.
async function fireOnce(config: CliConfig, spec: EventSpec, payload: Record<string, unknown>, how: { sessionId: string | undefined; passEnv: string[]; warnOnStderr: boolean }): Promise<FireResult> {
  if (!anyHookMatches(config, spec, payload)) return emptyFireResult(spec.name);
  const engine = createCliEngine({
    hooks: config.hooks.map((hook) => hook.input),
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
// matches none (most tool calls, when hookpool is an agent's one hook) skips that boot.
function anyHookMatches(config: CliConfig, spec: EventSpec, payload: Record<string, unknown>): boolean {
  if (config.loaded.disableAllHooks) return false;
  const { brokenHooks, brokenFiles } = config.loaded;
  const anchors = { projectDir: process.env.CLAUDE_PROJECT_DIR ?? config.cwd, home: config.home };
  const eventPlan = planEvents([...config.hooks.map((hook) => hook.definition), ...brokenHookDefinitions(brokenHooks, brokenFiles)], anchors).get(spec.name);
  return eventPlan !== undefined && eventPlan.plan(matcherSubjectOf(spec, payload)).length > 0;
}

function textField(payload: Record<string, unknown>, key: string): string | undefined {
  const value = payload[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
