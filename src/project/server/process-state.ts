// Whether a process still runs, read from /proc: a zombie (killed, not yet reaped by its parent)
// is not running, though signal 0 still reaches it; and a process is told from a later one that
// reused its pid by its start time. Linux only; elsewhere a pid that answers signal 0 is alive.
import { readFileSync } from 'node:fs';

export interface ProcState {
  /** The command name (/proc/<pid>/stat's second field). */
  readonly comm: string;
  readonly state: string;
  readonly ppid: number;
  /** Start time in clock ticks since boot. */
  readonly startTicks: number;
}

export function readProcState(pid: number): ProcState | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    // After the name: state (field 3 of the line), ppid (4), ... starttime (22).
    return { comm: text.slice(text.indexOf('(') + 1, close), state: fields[0] ?? '', ppid: Number(fields[1]), startTicks: Number(fields[19]) };
  } catch {
    return null;
  }
}

/** True while `pid` runs (and, when `startTicks` is given, is that very process). */
export function isRunning(pid: number, startTicks?: number): boolean {
  if (process.platform !== 'linux') return signalReaches(pid);
  const state = readProcState(pid);
  if (state === null || state.state === 'Z' || state.state === 'X') return false;
  return startTicks === undefined || state.startTicks === startTicks;
}

function signalReaches(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
