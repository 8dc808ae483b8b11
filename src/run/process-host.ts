// The pool inside a sandbox process forked once: its forks stay cheap however much memory the
// agent holds (fork() of a large process stalls every thread of it), and when the agent dies
// the sandbox kills every hook it started. It runs in its own session with a minimal
// environment: a terminal's signals to the agent's group do not reach it, and a hook reading
// its parent's environment finds no secret there. If the sandbox dies or stops answering (a
// watchdog), in-flight hooks settle as crashed, their processes are found by their marker and
// killed, and the next run starts a new sandbox.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { failedOutcome, type HookOutcome } from '../model/hook-outcome.js';
import type { HookTask, PoolHost, PoolHostOptions } from './pool-host.js';
import { killMarkedProcesses } from './reap-marked.js';
import { SANDBOX_ID_VARIABLE, type FromSandbox, type ToSandbox } from './sandbox-messages.js';
import { createWatchdog } from './sandbox-watchdog.js';
import { takeSandbox } from './spare-sandbox.js';

// Beyond a hook's timeout and kill and pipe graces: the worker's own give-up delays (~2 s),
// starting the sandbox on a loaded machine, the IPC. Past it the sandbox counts as stuck.
const TASK_DEADLINE_MARGIN_MS = 10_000;
// close() of a sandbox that answers pings but never exits (a pool that will not close).
const CLOSE_DEADLINE_MS = 10_000;

interface Pending {
  task: HookTask;
  settle: (outcome: HookOutcome) => void;
  /** Date.now() by which the outcome must be in. */
  deadline: number;
}

interface Sandbox {
  child: ChildProcess;
  id: string;
  /** Why the agent killed it, when it did. */
  stuck?: string;
}

export function createProcessHost(options: PoolHostOptions): PoolHost & { readonly sandboxPid: number | undefined } {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let sandbox: Sandbox | undefined;
  let abortWaiters: (() => void)[] = [];
  let closing = false;
  let awaitingSandbox = 0; // abort or close in progress: the agent must stay alive for the answer

  const send = (message: ToSandbox) => sandbox!.child.send(message);

  const killStuck = (reason: string) => {
    if (sandbox === undefined || sandbox.stuck !== undefined) return;
    sandbox.stuck = reason;
    sandbox.child.kill('SIGKILL'); // also ends a stopped process
  };

  const watchdog = createWatchdog({
    ping: () => {
      // Not once it has disconnected (it is closing): a send then is an 'error' event.
      if (sandbox?.child.connected === true) send({ t: 'ping' });
    },
    pid: () => sandbox?.child.pid,
    earliestDeadline: () => {
      let earliest = Number.POSITIVE_INFINITY;
      for (const job of pending.values()) earliest = Math.min(earliest, job.deadline);
      return earliest;
    },
    onStuck: killStuck,
  });

  // The sandbox keeps the agent's event loop alive only while hooks are in flight, like idle
  // piscina workers: an agent that never calls close() can still exit (and the sandbox then
  // sees its channel close and cleans up). The watchdog watches exactly then.
  const updateRef = () => {
    if (sandbox === undefined) return;
    const { child } = sandbox;
    const channel = child.channel as { ref(): void; unref(): void } | undefined;
    if (pending.size > 0 || awaitingSandbox > 0) {
      child.ref();
      channel?.ref();
      watchdog.arm();
    } else {
      child.unref();
      channel?.unref();
      watchdog.disarm();
    }
  };

  const start = () => {
    const id = randomUUID();
    // A spare forked at the agent's start-up (prestartSandbox) when one waits: no fork from a big agent.
    const child = takeSandbox();
    const current: Sandbox = { child, id };
    child.on('message', (message: FromSandbox) => {
      if (message.t === 'done') {
        const job = pending.get(message.id);
        pending.delete(message.id);
        job?.settle(message.outcome);
        updateRef();
      } else if (message.t === 'pong') {
        watchdog.answered();
      } else if (message.t === 'aborted') {
        for (const waiter of abortWaiters.splice(0)) waiter();
      } else {
        options.onWarning(message.message);
      }
    });
    child.on('exit', (code, signal) => {
      if (sandbox !== current) return;
      sandbox = undefined;
      watchdog.disarm();
      for (const waiter of abortWaiters.splice(0)) waiter();
      if (closing && pending.size === 0 && code === 0) return;
      const cause = current.stuck === undefined ? `died (${signal ?? `code ${code}`})` : `${current.stuck}, and was killed`;
      const killed = killMarkedProcesses(SANDBOX_ID_VARIABLE, id);
      options.onWarning(`the sandbox process ${cause}; ${killed} hook processes killed${closing ? '' : '; restarting it on the next hook'}`);
      for (const [jobId, job] of pending) {
        pending.delete(jobId);
        job.settle(failedOutcome(job.task.hookId, 'crashed', `the sandbox process ${cause}; ${killed} hook processes killed`));
      }
    });
    child.on('error', (error) => options.onWarning(`sandbox process: ${error.message}`));
    sandbox = current;
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
        const graces = task.kind === 'module' ? 0 : task.killGraceMs + task.pipeGraceMs;
        pending.set(id, { task, settle, deadline: Date.now() + task.timeoutMs + graces + TASK_DEADLINE_MARGIN_MS });
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
      // Not events.once: it rejects on an 'error' event, and a send that raced the sandbox's
      // disconnect emits one while it exits as asked.
      const { child } = sandbox;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const deadline = setTimeout(() => killStuck(`did not close within ${CLOSE_DEADLINE_MS / 1000} s`), CLOSE_DEADLINE_MS);
      send({ t: 'close' });
      try {
        await holdingTheAgent(exited);
      } finally {
        clearTimeout(deadline);
      }
    },
  };
}
