// The squatter check of Claude Code's http wiring. The agent's settings post every tool call's hook
// input to a loopback port, and only the project's own server may hold it: another program there
// would read the inputs and could answer for the guards. The SessionStart and UserPromptSubmit
// entries name the port (`--http-port`), and a call on either stops the session, before any tool
// call, when the port is not the server's: the server knows which port it holds; a one-shot run
// (the server could not answer) refuses when another user's program listens there.
import { emptyFireResult } from '../model/fire-result.js';
import type { AgentAnswer, Dialect } from '../dialects/dialect.js';
import { EXIT } from '../dialects/exit-codes.js';
import { eventOf } from './answer-hook-call.js';
import { foreignListenerUid } from './server/loopback-owner.js';

/** Why the port is not the project's server's, seen from the server: it holds `heldPort` (0: none, for `problem`). */
export function serverPortProblem(port: number, heldPort: number, problem: string | null): string | null {
  if (port === heldPort) return null;
  return `the project's hookpool server does not hold it (${heldPort === 0 ? `it could not listen there: ${problem ?? 'unknown reason'}` : `it listens on ${heldPort}`})`;
}

/** Why the port is not safe to post to, seen from outside the server: another user's program listens there. */
export async function foreignPortProblem(port: number): Promise<string | null> {
  const uid = await foreignListenerUid(port);
  return uid === null ? null : `a program of another user (uid ${uid}) listens there`;
}

/** The answer that stops the session (any event: it says so, and refuses where the event cannot stop). */
export function stopSessionAnswer(dialect: Dialect, agentEvent: string | undefined, input: Record<string, unknown> | undefined, port: number, problem: string): AgentAnswer {
  const reason = `hookpool: the agent's settings send http hooks to port ${port}, but ${problem}: another program could read the hook inputs and answer for the guards, so the session stops. Free the port, or wire the agent with hookpool init --agent claude --transport command, which needs none.`;
  const payload = input ?? {};
  try {
    const spec = eventOf(dialect, agentEvent ?? (typeof payload.hook_event_name === 'string' ? payload.hook_event_name : undefined));
    return dialect.answer(spec, { ...emptyFireResult(spec.name), continue: false, stopReason: reason, systemMessage: reason }, [], payload);
  } catch {
    return { stdout: null, stderr: reason, exitCode: EXIT.blocked };
  }
}
