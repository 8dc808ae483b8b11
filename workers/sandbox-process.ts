// The sandbox process: hosts the thread host for the agent, over IPC. It spawns every command hook
// on its own main thread, which does nothing else, and starts no worker thread for them: one
// thread round trip less per hook (measured: bench/cases/handoff), and a smaller process forks
// faster (thread-host.ts); module hooks run in worker threads.
// The main thread keeps spare processes for the hooks fired often (spare-hook-processes.ts). It
// runs at the agent's priority, so that guards do too; background hooks are lowered one by one.
// It runs in its own session (forked detached), so a terminal's Ctrl-C or hang-up reaches the
// agent but not the sandbox. Whatever ends it — the agent's channel closing (exit, crash,
// SIGKILL), SIGTERM/SIGINT/SIGHUP sent to it, an error of its own — it first kills every hook
// it started, then exits.
import { constants } from 'node:os';
import type { PoolHost } from '../src/run/pool-host.js';
import { killMarkedProcesses } from '../src/run/reap-marked.js';
import { SANDBOX_ID_VARIABLE, type FromSandbox, type ToSandbox } from '../src/run/sandbox-messages.js';
import { createThreadHost } from '../src/run/thread-host.js';
import { INLINE_ENV_KEY } from '../src/run/worker-file.js';
import { SpareHookProcesses } from './spare-hook-processes.js';
import { runSlottedTask } from './run-slotted-task.js';

const ORPHAN_KILL_GRACE_MS = 100;
const EXIT_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

let host: PoolHost | undefined;
let spares: SpareHookProcesses | undefined;
let sandboxId: string | undefined;
let closed = false;
let shuttingDown = false;

// A closed channel is how the agent's death shows; a send must never throw then (an 'error'
// event with no listener would kill the sandbox before it has killed the hooks).
const send = (message: FromSandbox) => {
  if (process.connected) process.send!(message, ignoreSendError);
};
const ignoreSendError = () => {};

process.on('message', (message: ToSandbox) => {
  if (shuttingDown) return;
  if (message.t === 'init') {
    sandboxId = message.sandboxId;
    // Every hook carries the sandbox's id, so the agent can find them should the sandbox die.
    const marker = { [SANDBOX_ID_VARIABLE]: message.sandboxId };
    const baseEnvByHook = Object.fromEntries(Object.entries(message.options.baseEnvByHook).map(([id, env]) => [id, { ...env, ...marker }]));
    // Hooks registered after the sandbox started carry their environment in the task; the marker they get here.
    baseEnvByHook[INLINE_ENV_KEY] = marker;
    const onWarning = (text: string) => send({ t: 'warning', message: text });
    const ownSpares = (spares = new SpareHookProcesses(message.options.spareProcesses ?? 0));
    host = createThreadHost({ ...message.options, baseEnvByHook, onWarning }, (task, registry) => runSlottedTask(task, baseEnvByHook[task.envKey], registry, ownSpares));
  } else if (message.t === 'run') {
    void host!.run(message.task).then((outcome) => send({ t: 'done', id: message.id, outcome }));
  } else if (message.t === 'ping') {
    send({ t: 'pong' });
  } else if (message.t === 'abort') {
    void host!.abortAll(message.graceMs).then(() => send({ t: 'aborted' }));
  } else {
    spares?.close();
    void (host?.close() ?? Promise.resolve()).then(() => {
      closed = true;
      process.disconnect();
    });
  }
});

/** Kills every hook (SIGTERM, grace, SIGKILL), then whatever still carries this sandbox's marker, and exits. */
async function shutDown(exitCode: number): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  spares?.close();
  try {
    await host?.abortAll(ORPHAN_KILL_GRACE_MS);
  } finally {
    try {
      // Hooks that left their group and session, and what killDescendants: false hooks left running.
      if (sandboxId !== undefined) killMarkedProcesses(SANDBOX_ID_VARIABLE, sandboxId);
    } finally {
      process.exit(exitCode);
    }
  }
}

process.on('disconnect', () => {
  // Once the pool has closed every hook has settled: nothing is left to kill.
  if (closed) process.exit(0);
  void shutDown(0);
});
for (const signal of EXIT_SIGNALS) process.on(signal, () => void shutDown(128 + constants.signals[signal]));
// An error of the sandbox's own must not end it before the hooks are killed.
const onFault = (error: unknown) => {
  if (!shuttingDown) process.stderr.write(`hookpool sandbox: ${(error as Error)?.stack ?? String(error)}\n`);
  void shutDown(70);
};
process.stderr.on('error', () => {}); // the agent's stderr may be a pipe nobody reads any more
process.on('uncaughtException', onFault);
process.on('unhandledRejection', onFault);
