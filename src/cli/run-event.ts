// `hookpool run <event>`: fire one event through every configured hook and answer: exit 0 proceed,
// 2 blocked, 1 usage or configuration error, with a description or --json for people; with
// --format <agent>, the agent's own hook protocol (project/answer-hook-call.ts), so hookpool can be
// the one hook an agent calls. Called once per tool call by agents, so it loads only what the
// event needs (project/fire-one-shot.ts).
import type { AgentAnswer } from '../dialects/dialect.js';
import type { DialectName } from '../dialects/dialect-names.js';
import { HookpoolError } from '../errors.js';
import type { ConfigOptions, InputOptions, PassEnvOptions } from './config-options.js';
import { EXIT, type ExitCode } from '../dialects/exit-codes.js';
import { configNotices } from '../project/config-notices.js';
import { resolveCliEvent } from '../project/event-named.js';
import { fireOneShot, textField } from '../project/fire-one-shot.js';
import { parseHookParts, type HookParts } from '../project/hook-parts.js';
import { withForwardedExports } from '../project/forward-env-exports.js';
import { printJson, printLines, printWarning } from './output/print.js';
import { readPayload } from './read-payload.js';
import { reportError } from './report-error.js';
import { writeToFd } from '../io/raw-stdio.js';
import { flushRunExport } from '../telemetry/run-export.js';

/** `run`'s options, as commander or fast-run.ts parsed them. */
export interface RunOptions extends ConfigOptions, InputOptions, PassEnvOptions {
  readonly sessionId?: string;
  readonly json?: boolean;
  readonly format?: DialectName;
  /** `--part`: which of the event's hooks run (hook-parts.ts). */
  readonly part?: string;
  /** `--http-port`: the port the agent's http entries post to (project/http-port-check.ts). */
  readonly httpPort?: string;
}

/** Fires the event and prints the answer, then flushes the run's telemetry (when it exports); resolves with the exit code. */
export async function runEvent(eventArgument: string | undefined, options: RunOptions): Promise<ExitCode> {
  try {
    return await (options.format !== undefined ? answerAsAgent(options.format, eventArgument, options) : answer(eventArgument, options));
  } finally {
    await flushRunExport();
  }
}

async function answer(eventArgument: string | undefined, options: RunOptions): Promise<ExitCode> {
  const payload = (await readPayload(options, { stdinByDefault: true })) ?? {};
  const eventName = eventArgument ?? textField(payload, 'hook_event_name');
  if (eventName === undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', 'name the event: hookpool run <event> (or give the payload a "hook_event_name")');
  const spec = resolveCliEvent(eventName);
  const { config, result: fired } = await fireOneShot(spec, payload, { ...options, parts: partsOf(options) });
  const result = await withForwardedExports(fired);
  configNotices(config).forEach(printWarning);
  if (options.json) printJson(result);
  else {
    const [{ describeFire }, { createPaint }] = await Promise.all([import('./output/describe-fire.js'), import('./output/style.js')]);
    printLines(describeFire(result, createPaint()));
  }
  return result.blocked ? EXIT.blocked : EXIT.proceed;
}

/**
 * A hook an agent called: answered in its dialect, whatever goes wrong in hookpool itself
 * included (answer-hook-call.ts), never with an exit 1 that the agent would take as "proceed".
 * hookpool's own error is also reported on stderr in one line.
 */
async function answerAsAgent(dialectName: DialectName, eventArgument: string | undefined, options: RunOptions): Promise<ExitCode> {
  const [{ loadDialect }, { answerHookCall }] = await Promise.all([import('../dialects/dialects.js'), import('../project/answer-hook-call.js')]);
  const dialect = await loadDialect(dialectName);
  let input: Record<string, unknown> | { unreadable: unknown };
  let parts: HookParts | undefined;
  let httpPort: number | undefined;
  try {
    input = (await readPayload(options, { stdinByDefault: true })) ?? {};
    // A wiring with a wrong --part or --http-port is hookpool's own failure, answered as the agent must hear one.
    parts = partsOf(options);
    httpPort = httpPortOf(options);
  } catch (error) {
    input = { unreadable: error };
  }
  if (httpPort !== undefined) {
    const { foreignPortProblem, stopSessionAnswer } = await import('../project/http-port-check.js');
    const problem = await foreignPortProblem(httpPort);
    if (problem !== null) return print(stopSessionAnswer(dialect, eventArgument, 'unreadable' in input ? undefined : input, httpPort, problem));
  }
  const call = { agentEvent: eventArgument, input, envFile: process.env.CLAUDE_ENV_FILE, parts };
  const { answer, failure, spec } = await answerHookCall(dialect, call, (spec, payload, parts) =>
    fireOneShot(spec, payload, { ...options, parts, skipDiscoveredClaudeSettings: dialect.name === 'claude', warnOnStderr: false }),
  );
  // Where no event could be told, the answer's stderr is the error itself.
  if (failure !== null && spec !== null) reportError(failure);
  return print(answer);
}

function print(answer: AgentAnswer): ExitCode {
  if (answer.stdout !== null) writeToFd(1, `${answer.stdout}\n`);
  if (answer.stderr !== null) writeToFd(2, `${answer.stderr}\n`);
  return answer.exitCode;
}

function httpPortOf(options: RunOptions): number | undefined {
  if (options.httpPort === undefined) return undefined;
  const port = Number(options.httpPort);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `--http-port ${options.httpPort}: expected a port number`);
  return port;
}

function partsOf(options: RunOptions): HookParts | undefined {
  return options.part === undefined ? undefined : parseHookParts(options.part);
}
