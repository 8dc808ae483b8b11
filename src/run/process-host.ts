// The pool inside a sandbox process forked once: its forks stay cheap however much memory the
// agent holds (fork() of a large process stalls every thread of it), and when the agent dies
// the sandbox kills every hook it started. If the sandbox itself dies, in-flight hooks settle
// as crashed, their processes are found by their marker and killed, and the next run restarts it.
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { failedOutcome, type HookOutcome } from './outcome.js';
import type { HookTask, PoolHost, PoolHostOptions } from './pool-host.js';
import { killMarkedProcesses } from './reap-marked.js';
import { SANDBOX_ID_VARIABLE, type FromSandbox, type ToSandbox } from './sandbox-protocol.js';
import { compiledEntryUrl } from './worker-file.js';

interface Pending {
  task: HookTask;
  settle: (outcome: HookOutcome) => void;
}

export function createProcessHost(options: PoolHostOptions): PoolHost & { readonly sandboxPid: number | undefined } {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let sandbox: { child: ChildProcess; id: string } | undefined;
  let abortWaiters: (() => void)[] = [];
  let closing = false;
  let awaitingSandbox = 0; // abort or close in progress: the agent must stay alive for the answer

  const send = (message: ToSandbox) => sandbox!.child.send(message);

  // The sandbox keeps the agent's event loop alive only while hooks are in flight, like idle
  // piscina workers: an agent that never calls close() can still exit (and the sandbox then
  // sees its channel close and cleans up).
  const updateRef = () => {
    if (sandbox === undefined) return;
    const { child } = sandbox;
    const channel = child.channel as { ref(): void; unref(): void } | undefined;
    if (pending.size > 0 || awaitingSandbox > 0) {
      child.ref();
      channel?.ref();
    } else {
      child.unref();
      channel?.unref();
    }
  };

  const start = () => {
    const id = randomUUID();
    const child = fork(compiledEntryUrl('sandbox-process.js'), [], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      execArgv: [],
    });
    child.on('message', (message: FromSandbox) => {
      if (message.t === 'done') {
        const job = pending.get(message.id);
        pending.delete(message.id);
        job?.settle(message.outcome);
        updateRef();
      } else if (message.t === 'aborted') {
        for (const waiter of abortWaiters.splice(0)) waiter();
      } else {
        options.onWarning(message.message);
      }
    });
    child.on('exit', (code, signal) => {
      if (sandbox?.child !== child) return;
      sandbox = undefined;
      for (const waiter of abortWaiters.splice(0)) waiter();
      if (closing && pending.size === 0) return;
      options.onWarning(`sandbox process exited (${signal ?? `code ${code}`}); restarting it on the next hook`);
      const killed = killMarkedProcesses(SANDBOX_ID_VARIABLE, id);
      for (const [jobId, job] of pending) {
        pending.delete(jobId);
        job.settle(failedOutcome(job.task.hookId, 'crashed', `the sandbox process died (${signal ?? `code ${code}`}); ${killed} hook processes killed`));
      }
    });
    child.on('error', (error) => options.onWarning(`sandbox process: ${error.message}`));
    sandbox = { child, id };
    const { onWarning: _, ...poolOptions } = options;
    send({ t: 'init', options: poolOptions, sandboxId: id });
    updateRef();
  };

  const holdingTheAgent = async <T>(answer: Promise<T>): Promise<T> => {
    awaitingSandbox++;
    updateRef();
    try {
      return await answer;
    } finally {
      awaitingSandbox--;
      updateRef();
    }
  };

  start();

  return {
    get sandboxPid() {
      return sandbox?.child.pid;
    },
    run(task: HookTask): Promise<HookOutcome> {
      if (sandbox === undefined) start();
      return new Promise((settle) => {
        const id = nextId++;
        pending.set(id, { task, settle });
        send({ t: 'run', id, task });
        updateRef();
      });
    },
    async abortAll(graceMs: number): Promise<void> {
      if (sandbox === undefined) return;
      const done = new Promise<void>((resolve) => abortWaiters.push(resolve));
      send({ t: 'abort', graceMs });
      await holdingTheAgent(done);
    },
    async close(): Promise<void> {
      closing = true;
      if (sandbox === undefined) return;
      const exited = once(sandbox.child, 'exit');
      send({ t: 'close' });
      await holdingTheAgent(exited);
    },
  };
}
