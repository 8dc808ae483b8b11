// The sandbox process: hosts the same piscina pool as the thread host, for the agent, over IPC.
// When the agent's channel closes (exit, crash, SIGKILL) it kills every hook group it owns and exits.
import { getPriority, setPriority } from 'node:os';
import type { FromSandbox, ToSandbox } from '../src/run/sandbox-protocol.js';
import { SANDBOX_ID_VARIABLE } from '../src/run/sandbox-protocol.js';
import type { PoolHost } from '../src/run/pool-host.js';
import { createThreadHost } from '../src/run/thread-host.js';

const ORPHAN_KILL_GRACE_MS = 100;

let host: PoolHost | undefined;

const send = (message: FromSandbox) => process.send?.(message);

process.on('message', (message: ToSandbox) => {
  if (message.t === 'init') {
    lowerPriority(message.options.niceness);
    // Every hook carries the sandbox's id, so the agent can find them should the sandbox die.
    const marker = { [SANDBOX_ID_VARIABLE]: message.sandboxId };
    const baseEnvByHook = Object.fromEntries(Object.entries(message.options.baseEnvByHook).map(([id, env]) => [id, { ...env, ...marker }]));
    host = createThreadHost({ ...message.options, baseEnvByHook, onWarning: (text) => send({ t: 'warning', message: text }) });
  } else if (message.t === 'run') {
    void host!.run(message.task).then((outcome) => send({ t: 'done', id: message.id, outcome }));
  } else if (message.t === 'abort') {
    void host!.abortAll(message.graceMs).then(() => send({ t: 'aborted' }));
  } else {
    void host!.close().then(() => process.disconnect());
  }
});

// Before any worker thread exists: Linux keeps a nice value per thread, and new threads and
// the processes they spawn inherit it. Measured: with 8 hooks running on 2 cores, the agent's
// worst event-loop delay halves when the sandbox runs at nice 10.
function lowerPriority(niceness: number): void {
  if (niceness === 0) return;
  try {
    setPriority(Math.min(19, getPriority() + niceness));
  } catch (error) {
    send({ t: 'warning', message: `cannot lower the sandbox's priority: ${(error as Error).message}` });
  }
}

process.on('disconnect', () => {
  void (host?.abortAll(ORPHAN_KILL_GRACE_MS) ?? Promise.resolve()).finally(() => process.exit(0));
});
