// The one way an agent's hook call is answered, whoever receives it (`hookpool run --format`, the
// resident server over HTTP or a socket): the input read in the agent's dialect, its event fired
// in the project (one-shot or resident), the hooks' exports forwarded, hookpool's notices said
// once per session, and the merged answer written back in the dialect. Whatever goes wrong in
// hookpool itself is answered as a hook that gave no answer: refused where the event's guards
// fail closed, and said either way; never an answer the agent would read as "proceed" by mistake.
import type { FireResult } from '../model/fire-result.js';
import type { Rewake } from '../engine/observers.js';
import type { EventSpec } from '../events/event-specs.js';
import { describeError, HookpoolError } from '../errors.js';
import type { AgentAnswer, Dialect } from '../dialects/dialect.js';
import { failureAnswer } from '../dialects/failure-answer.js';
import { EXIT } from '../dialects/exit-codes.js';
import { configNotices } from './config-notices.js';
import { ALL_PARTS, type HookParts } from './hook-parts.js';
import { resolveCliEvent } from './event-named.js';
import { withForwardedExports } from './forward-env-exports.js';
import type { CliConfig } from './load-project.js';
import { takeUnsaidNotices } from './session-notices.js';

/** A hook call as the agent made it. */
export interface HookCall {
  /** The event as the agent named it on the command line; undefined: the input's `hook_event_name` says it. */
  readonly agentEvent: string | undefined;
  /** The agent's hook input, or why it could not be read (then nothing runs). */
  readonly input: Record<string, unknown> | { readonly unreadable: unknown };
  /** The caller's CLAUDE_ENV_FILE: the hooks' `export` lines are appended there. */
  readonly envFile?: string | undefined;
  /** Which of the event's hooks run (default: all; hook-parts.ts). */
  readonly parts?: HookParts;
  /** False where the answer's stderr is never shown on success (a Claude Code http hook): notices for stderr wait for a call that shows them. */
  readonly stderrShown?: boolean;
}

/** Fires an event in the project (one-shot or resident) and gives the configuration it ran under. */
export type ProjectFire = (spec: EventSpec, payload: Record<string, unknown>, parts: HookParts) => Promise<ProjectFired>;

export interface ProjectFired {
  readonly result: FireResult;
  readonly config: CliConfig;
  /** asyncRewake hooks that exited 2 (a one-shot fire of the rewake part). */
  readonly rewakes?: readonly Rewake[];
  /** What hookpool must say about this fire beside the configuration's notices. */
  readonly notices?: readonly string[];
}

export interface HookCallAnswer {
  readonly answer: AgentAnswer;
  /** The event, when it could be told. */
  readonly spec: EventSpec | null;
  /** The merged result (hookpool's own failure aggregated as a hook that gave no answer); null when no event could be told. */
  readonly result: FireResult | null;
  /** hookpool's own failure, for the caller's log; null when the hooks ran. */
  readonly failure: unknown;
}

export async function answerHookCall(dialect: Dialect, call: HookCall, fire: ProjectFire): Promise<HookCallAnswer> {
  const input = 'unreadable' in call.input ? undefined : call.input;
  // The agent's own name for the event: on its command line, else in its input.
  const agentEvent = call.agentEvent ?? textField(input ?? {}, 'hook_event_name');
  let spec: EventSpec;
  try {
    spec = eventOf(dialect, agentEvent);
  } catch (error) {
    // No event, no way to know what refusing means: exit 2 with the reason, which every agent shows.
    const failure = input === undefined ? (call.input as { unreadable: unknown }).unreadable : error;
    return { answer: { stdout: null, stderr: `hookpool: ${describeError(failure)}`, exitCode: EXIT.blocked }, spec: null, result: null, failure };
  }
  if (input === undefined) return failed(dialect, spec, (call.input as { unreadable: unknown }).unreadable);
  try {
    const payload = dialect.readInput(agentEvent ?? spec.name, input);
    const parts = call.parts ?? ALL_PARTS;
    const fired = await fire(spec, payload, parts);
    const result = await withForwardedExports(fired.result, call.envFile);
    // An agent's rewake entry: its answer is the wake-up, when a hook asked for one.
    if (parts.size === 1 && parts.has('rewake')) return { answer: rewakeAnswer(fired.rewakes ?? []), spec, result, failure: null };
    const answer = await answerWithNotices(dialect, spec, result, fired, payload, { stderrShown: call.stderrShown ?? true });
    return { answer, spec, result, failure: null };
  } catch (error) {
    return failed(dialect, spec, error);
  }
}

/** The event an agent named: its own name for it, else a canonical name or alias. */
export function eventOf(dialect: Dialect, name: string | undefined): EventSpec {
  if (name === undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', 'name the event: hookpool run --format <agent> <event> (or give the input a "hook_event_name")');
  return resolveCliEvent(Object.hasOwn(dialect.events, name) ? dialect.events[name]! : name);
}

/** Exit 2 with every wake-up message (the agent's async entry gives stderr to the model), or a silent exit 0. */
function rewakeAnswer(rewakes: readonly Rewake[]): AgentAnswer {
  if (rewakes.length === 0) return { stdout: null, stderr: null, exitCode: EXIT.proceed };
  return { stdout: null, stderr: rewakes.map((rewake) => rewake.message).join('\n'), exitCode: EXIT.blocked };
}

function failed(dialect: Dialect, spec: EventSpec, error: unknown): HookCallAnswer {
  const { answer, result } = failureAnswer(dialect, spec, `hookpool could not run the hooks: ${describeError(error)}`);
  return { answer, spec, result, failure: error };
}

/**
 * The dialect's answer with hookpool's notices: configuration notices once per session where the
 * agent shows them (a session's every tool call would repeat them), hook failures every time (in the answer itself),
 * and, on exit 0 where stderr is shown, a line about the settings hooks left to the agent itself.
 */
async function answerWithNotices(dialect: Dialect, spec: EventSpec, result: FireResult, fired: ProjectFired, payload: Record<string, unknown>, how: { stderrShown: boolean }): Promise<AgentAnswer> {
  const { config } = fired;
  const sessionId = textField(payload, 'session_id');
  const notices = [...configNotices(config), ...(fired.notices ?? [])];
  const answer = dialect.answer(spec, result, dialect.showsNotices(spec) ? await takeUnsaidNotices(sessionId, notices) : notices, payload);
  if (answer.exitCode !== EXIT.proceed || !how.stderrShown) return answer;
  const leftOver = await takeUnsaidNotices(sessionId, leftToAgent(dialect, config));
  return leftOver.length === 0 ? answer : { ...answer, stderr: [answer.stderr, ...leftOver].filter(Boolean).join('\n') };
}

// The hooks of the agent's own settings files are the agent's to run; hookpool runs them only when asked.
function leftToAgent(dialect: Dialect, config: CliConfig): string[] {
  if (config.leftToClaudeCode.length === 0) return [];
  const files = config.leftToClaudeCode.map((file) => file.path).join(', ');
  return [`hookpool: the hooks in ${files} are left to ${dialect.agent}, which runs them itself; an agent that is not ${dialect.agent} runs them through hookpool with --claude-settings auto`];
}

function textField(payload: Record<string, unknown>, key: string): string | undefined {
  const value = payload[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
