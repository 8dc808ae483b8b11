// Runs one hook process to its outcome. Owns every timer and signal of that run, and leaves
// nothing armed when it resolves: the one module both pool hosts run, unchanged. The process is
// spawned, or comes already running from a spare (the sandbox's main thread passes `fromSpare`).
import { spawn, type ChildProcess } from 'node:child_process';
import type { GroupRegistry } from '../src/run/group-registry.js';
import { failedOutcome, type HookOutcome, type HookStatus, type SpawnTask } from '../src/model/hook-outcome.js';
import { withHostSocketsHidden } from '../src/run/bubblewrap.js';
import { killEscapees } from '../src/run/kill-escapees.js';
import { signalGroup, terminateGroup } from '../src/run/process-group.js';
import { startStopwatch } from '../src/run/stopwatch.js';
import { trustedScriptsProblem } from '../src/trust/verify-trusted-scripts.js';
import { CappedCapture } from './capture-output.js';
import { lowerPriority } from './hook-priority.js';
import type { HandedOver } from './spare-hook-processes.js';

/** A process already running `file argv` with the task's environment, or undefined: spawn it. */
export type FromSpare = (task: SpawnTask, argv: readonly string[]) => HandedOver | undefined;

// After SIGKILL a leader that still has not exited (uninterruptible sleep) is given up on.
const STUCK_AFTER_KILL_MS = 1_000;

export function runHookProcess(task: SpawnTask, registry: GroupRegistry, fromSpare?: FromSpare): Promise<HookOutcome> {
  const elapsed = startStopwatch();
  if (registry.isCancelled(task.slot)) return Promise.resolve(failedOutcome(task.hookId, 'aborted', 'cancelled before start'));
  // The scripts of a trusted project file's hook, hashed again right before the spawn (an earlier
  // hook of a sequential chain, or a `git pull`, may have changed one since the file was loaded).
  const changed = task.trustedScripts === undefined ? null : trustedScriptsProblem(task.trustedScripts, task.cwd);
  if (changed !== null) return Promise.resolve(failedOutcome(task.hookId, 'spawn_failed', changed, elapsed()));

  let child: ChildProcess;
  // Where the sweep for escaped descendants starts: the leader's pid, or a spare's hand-over.
  let createdAfter: number | undefined;
  try {
    // A sandboxed hook: the host's sockets as they are now, covered where the sandbox would show them.
    const argv = task.sandboxView === undefined ? task.argv : withHostSocketsHidden(task.argv, task.sandboxView);
    // Checked right above: a spare is handed over only after the trust check, like a spawn.
    const spare = fromSpare?.(task, argv);
    if (spare !== undefined) {
      child = spare.child;
      createdAfter = spare.createdAfter;
    } else {
      child = spawn(task.file, argv, { cwd: task.cwd, env: task.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
      // A background hook: below the agent's priority from its start (a spare was lowered when it started).
      if (task.niceness !== undefined && child.pid !== undefined) lowerPriority(child.pid, task.niceness);
    }
  } catch (error) {
    return Promise.resolve(failedOutcome(task.hookId, 'spawn_failed', describeSpawnError(error, task)));
  }

  return new Promise<HookOutcome>((resolve) => {
    const stdout = new CappedCapture(child.stdout!, task.maxOutputBytes);
    const stderr = new CappedCapture(child.stderr!, task.maxOutputBytes);
    const timers = new Set<NodeJS.Timeout>();
    const arm = (ms: number, action: () => void) => timers.add(setTimeout(action, ms));
    const pgid = child.pid;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let timedOut = false;
    let settled = false;

    const settle = async (status?: HookStatus, error?: string) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      child.stdout!.destroy();
      child.stderr!.destroy();
      child.stdin!.destroy();
      if (pgid !== undefined) {
        if (task.killDescendants || timedOut || registry.isCancelled(task.slot)) {
          await terminateGroup(pgid, task.killGraceMs);
          // What left the group: still in the hook's session, or carrying its run id.
          killEscapees([{ leaderPid: pgid, runId: task.runId, ...(createdAfter === undefined ? {} : { createdAfter }) }]);
        }
        registry.clearGroup(task.slot);
      }
      resolve({
        id: task.hookId,
        status: status ?? statusOf(exit, timedOut, registry.isCancelled(task.slot)),
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        durationMs: Math.round(elapsed() * 10) / 10,
        stdout: stdout.text(),
        stderr: stderr.text(),
        truncated: stdout.truncated || stderr.truncated,
        ...(error === undefined ? {} : { error }),
      });
    };

    child.on('error', (error) => {
      // Without a pid the process never started; otherwise this is a failed kill or pipe, not an outcome.
      if (child.pid === undefined) void settle('spawn_failed', describeSpawnError(error, task));
    });
    if (pgid === undefined) return;

    if (registry.recordGroup(task.slot, pgid)) signalGroup(pgid, 'SIGKILL');

    child.stdin!.on('error', () => {}); // EPIPE: the hook exited without reading its input
    child.stdin!.end(task.stdin);

    arm(task.timeoutMs, () => {
      timedOut = true;
      signalGroup(pgid, 'SIGTERM');
      arm(task.killGraceMs, () => {
        signalGroup(pgid, 'SIGKILL');
        arm(STUCK_AFTER_KILL_MS, () => void settle());
      });
    });

    child.on('exit', (code, signal) => {
      exit = { code, signal };
      // A descendant may still hold stdout or stderr: give it a moment, then settle without it.
      // Timers run before I/O in each turn of the loop, so after a turn that overran the grace
      // (a busy thread, a loaded machine) the timer would fire with output already waiting in
      // the pipes; setImmediate settles after the next I/O phase has read it.
      arm(task.pipeGraceMs, () => setImmediate(() => void settle()));
    });
    child.on('close', () => void settle());
  });
}

function statusOf(
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined,
  timedOut: boolean,
  cancelled: boolean,
): HookStatus {
  if (cancelled) return 'aborted';
  if (timedOut) return 'timed_out';
  return exit?.code === 0 ? 'ok' : 'exit_nonzero';
}

// Never quotes Node's own message: for a bad argument it holds the value, which may be tool input.
function describeSpawnError(error: unknown, task: SpawnTask): string {
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
  if (code === 'ENOENT') return `cannot run "${task.file}": no such file, or no such working directory "${task.cwd}"`;
  if (code === 'EACCES') return `cannot run "${task.file}": permission denied`;
  if (code === 'E2BIG') return `cannot run "${task.file}": its arguments and environment are larger than the system allows (E2BIG)`;
  if (code.startsWith('ERR_INVALID_ARG')) return `cannot run "${task.file}": an argument or environment value is not a valid string (${code})`;
  return `cannot run "${task.file}": ${code}`;
}
