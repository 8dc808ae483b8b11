// `type: "function"` hooks: the agent's own callback, run on the agent's thread (it is the
// agent's code: it shares its memory and its event loop, and a callback that blocks blocks the
// agent). It runs as a call task (src/run/remote/call-host.ts): bounded by its timeout, past which
// the answer is abandoned, never awaited; a throw is a crash. Its answer is read like a command
// hook's JSON stdout; one JSON cannot write (a function, a symbol, a BigInt) is a crash too.
import type { FunctionHook } from '../model/hook-handler.js';
import { answerText } from '../run/in-worker-answer.js';
import type { CallAnswer, CallTask } from '../run/remote/call-task.js';

/** The call task of one run of a function hook; the callback gets the input parsed afresh, so it cannot change other hooks' input. */
export function functionHookTask(hook: { id: string; event: string; timeoutMs: number; maxOutputBytes: number }, run: FunctionHook, stdin: string): CallTask {
  return {
    kind: 'call',
    hookId: hook.id,
    timeoutMs: hook.timeoutMs,
    maxOutputBytes: hook.maxOutputBytes,
    call: async (signal) => answerAsStdout(await run(JSON.parse(stdin) as Record<string, unknown>, { event: hook.event, hookId: hook.id, signal })),
  };
}

/** The answer as a command's JSON stdout on exit 0: a string as plain stdout, undefined or null as none. */
export function answerAsStdout(answer: unknown): CallAnswer {
  const text = answerText(answer);
  if ('error' in text) return { status: 'crashed', exitCode: null, stdout: '', stderr: '', error: text.error };
  return { status: 'ok', exitCode: 0, stdout: text.stdout, stderr: '' };
}
