// From a hook with a remote handler and one fire's input to the task that runs it: an http task
// for the pool's workers, or a call task for the agent's thread. A handler whose evaluator or MCP
// caller the engine was not given cannot run: that is said once when the engine starts, and each
// fire it is a hook that failed (on a guard that fails closed, a refusal), never a silent skip.
import { kindOf } from '../../handlers/handler-kinds.js';
import type { HookDefinition, HookProtocol } from '../../model/hook-definition.js';
import type { RemoteHandler } from '../../model/remote-handler.js';
import type { CallTask } from './call-task.js';
import { readEvaluatorReply, type HookEvaluators } from './evaluator.js';
import type { HttpTask } from './http-task.js';
import { callMcpTool, type McpCaller } from './mcp-tool.js';
import { fillPrompt } from './prompt-text.js';

/** What the engine was given to run remote handlers with. */
export interface RemoteRunners {
  readonly evaluators: HookEvaluators;
  readonly mcp: McpCaller | undefined;
}

/** One fire's input as a remote hook gets it. */
export interface RemoteInput {
  readonly event: string;
  /** The wire-format input (Claude Code's). */
  readonly input: Record<string, unknown>;
  /** The input as the hook's protocol writes it on stdin (what `$ARGUMENTS` and the request body are). */
  readonly stdin: string;
}

export interface RemoteTaskSettings {
  readonly envKey: string;
  readonly killGraceMs: number;
  readonly pipeGraceMs: number;
  /** The http hook's headers with their variables filled in (done once per engine). */
  readonly headers: Record<string, string>;
}

/** Why a remote hook cannot run with these runners (each kind's own sentence), or null when it can. */
export function missingRunner(remote: RemoteHandler, runners: RemoteRunners): string | null {
  return kindOf(remote).missingRunner(runners);
}

/** The task of a remote hook for one fire, or why it cannot run. */
export function buildRemoteTask(hook: HookDefinition, remote: RemoteHandler, fire: RemoteInput, runners: RemoteRunners, settings: RemoteTaskSettings): HttpTask | CallTask | string {
  const missing = missingRunner(remote, runners);
  if (missing !== null) return `this hook cannot run: ${missing}`;
  const { timeoutMs, maxOutputBytes } = hook;
  if (remote.kind === 'http') {
    const { envKey, killGraceMs, pipeGraceMs, headers } = settings;
    return { kind: 'http', hookId: hook.id, envKey, url: remote.url, headers, body: fire.stdin, timeoutMs, killGraceMs, pipeGraceMs, maxOutputBytes };
  }
  if (remote.kind === 'mcp_tool') {
    const caller = runners.mcp!;
    return { kind: 'call', hookId: hook.id, timeoutMs, maxOutputBytes, call: (signal) => callMcpTool(caller, remote, fire.input, signal) };
  }
  const evaluate = runners.evaluators[remote.kind]!;
  const expects = expectedReply(hook.protocol);
  const input = protocolInput(fire);
  const request = {
    kind: remote.kind,
    prompt: fillPrompt(remote.prompt, fire.input, fire.stdin),
    model: remote.model,
    expects,
    event: fire.event,
    hookId: hook.id,
    input,
    agentConfig: remote.agentConfig,
    timeoutMs,
  };
  return {
    kind: 'call',
    hookId: hook.id,
    timeoutMs,
    maxOutputBytes,
    call: async (signal) => readEvaluatorReply(await evaluate({ ...request, signal }), expects, fire.event),
  };
}

// Wundr's prompt and agent hooks return Wundr results; every other protocol speaks Claude Code's {ok, reason}.
function expectedReply(protocol: HookProtocol): 'okReason' | 'hookResult' {
  return protocol === 'wundr' ? 'hookResult' : 'okReason';
}

function protocolInput(fire: RemoteInput): Readonly<Record<string, unknown>> {
  try {
    return JSON.parse(fire.stdin) as Record<string, unknown>;
  } catch {
    return fire.input;
  }
}
