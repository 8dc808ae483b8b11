// Background hooks run below the agent's priority; foreground hooks (guards) at the agent's own.
import { writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers a hook process's priority `niceness` below this process's: its nice value (inherited
 * by what it starts), and, with autogroup scheduling, where each hook leads a session and so a
 * scheduling group of its own, that group's, best effort: an unprivileged process may set one
 * group's nice per 100 ms, machine-wide.
 */
export function lowerPriority(pid: number, niceness: number): void {
  if (niceness === 0) return;
  const nice = Math.min(19, getPriority() + niceness);
  try {
    setPriority(pid, nice);
  } catch {
    return; // exited already
  }
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // no autogroup here, or rate-limited (EAGAIN)
  }
}
