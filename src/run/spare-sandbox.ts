// Starting the sandbox process, and a spare one started early. fork() copies the page tables
// of everything the caller holds, on the caller's main thread: an agent holding 1 GB stalls
// 50-70 ms in it, one at start-up 7-9 ms (bench: cold-start). A sandbox does nothing until its
// 'init' message, so a spare forked while the agent is small can be adopted by the first
// process host that needs one. Until then it keeps nothing alive; the agent's exit closes its
// channel and it exits.
import { fork, type ChildProcess } from 'node:child_process';
import { isDeadState, readProcStat } from './proc-stat.js';
import { sandboxEnvironment } from './sandbox-messages.js';
import { compiledEntryUrl } from './worker-file.js';

interface Spare {
  child: ChildProcess;
  /** What it was started with (environment and cwd): adopted only while the agent would start the same. */
  startedWith: string;
  forget: () => void;
}

let spare: Spare | undefined;

/** The agent's current start-up state for a sandbox, as one comparable string. */
const currentStartState = () => JSON.stringify({ env: sandboxEnvironment(process.env), cwd: process.cwd() });

/** Forks a sandbox process that waits for its 'init' message: the one place that says how it starts. */
export function forkSandbox(): ChildProcess {
  return fork(compiledEntryUrl('sandbox-process.js'), [], {
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    execArgv: [],
    // Its own session and process group, no controlling terminal: Ctrl-C, SIGTERM or a
    // hang-up sent to the agent's group must not kill it before it has killed the hooks.
    detached: true,
    env: sandboxEnvironment(process.env),
  });
}

/**
 * True while a child can still take an 'init' message. Its exit and disconnect events come
 * asynchronously, so a spare that died a moment ago (killed, OOM) still looks connected: the
 * kernel's word for it costs ~20 µs and saves a first fire from settling as crashed.
 */
function isUsable(child: ChildProcess): boolean {
  if (!child.connected || child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return false;
  const stat = readProcStat(child.pid);
  return stat === undefined ? isSignallable(child.pid) : !isDeadState(stat.state);
}

// Without /proc: signal 0 tells whether the pid still exists (a zombie counts; rare enough).
function isSignallable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Forks one spare sandbox process now, for the first engine with `host: 'process'` to adopt
 * instead of forking its own. Call it at start-up, before the agent holds much memory: a fork
 * from a big process blocks its main thread (about 50 ms at 1 GB). Idempotent while a spare
 * waits; the spare never keeps the agent alive and exits with it when nothing adopted it.
 * @example
 * prestartSandbox(); // first thing in the agent's main module
 * // ... load models, caches ...
 * const engine = createHookEngine({ hooks }); // adopts the spare: no fork here
 */
export function prestartSandbox(): void {
  if (spare !== undefined && isUsable(spare.child)) return;
  discardSpare();
  const child = forkSandbox();
  child.unref();
  (child.channel as { unref(): void } | undefined)?.unref();
  const current: Spare = {
    child,
    startedWith: currentStartState(),
    // An 'error' (it could not be started, or not be signalled) or an exit: the next engine forks.
    forget: () => {
      if (spare === current) spare = undefined;
    },
  };
  child.once('exit', current.forget);
  child.on('error', current.forget);
  spare = current;
}

/** The spare sandbox when it can be adopted (the caller owns it from now on), or a new fork. */
export function takeSandbox(): ChildProcess {
  const taken = spare;
  spare = undefined;
  if (taken === undefined) return forkSandbox();
  taken.child.off('exit', taken.forget);
  taken.child.off('error', taken.forget);
  if (isUsable(taken.child) && taken.startedWith === currentStartState()) return taken.child;
  stopUnadopted(taken.child);
  return forkSandbox();
}

/** Stops the waiting spare, if any (it exits as an agent's exit would make it). */
function discardSpare(): void {
  const taken = spare;
  spare = undefined;
  if (taken === undefined) return;
  taken.child.off('exit', taken.forget);
  taken.child.off('error', taken.forget);
  stopUnadopted(taken.child);
}

// A sandbox without 'init' has no hooks: closing its channel ends it. A send or a kill is not
// needed, and an 'error' from either would have no listener.
function stopUnadopted(child: ChildProcess): void {
  child.on('error', () => {});
  if (child.connected) child.disconnect();
}
