// Which process is the agent a hook was called by: the first ancestor of the client that is not a
// shell (agents start command hooks through `sh -c` or `bash -c`). Linux /proc only; elsewhere
// none is found and the session's lifetime falls back to the server's idle timeout.
import { isRunning, readProcState } from './process-state.js';
import type { AgentProcess } from './server-messages.js';

const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'fish', 'ash', 'busybox', 'env', 'timeout', 'nice', 'nohup']);

/** The agent process above this one, or null when none can be told. */
export function findAgentProcess(from: number = process.ppid): AgentProcess | null {
  for (let pid = from, depth = 0; pid > 1 && depth < 8; depth++) {
    const stat = readProcState(pid);
    if (stat === null) return null;
    if (!SHELLS.has(stat.comm)) return { pid, startTicks: stat.startTicks };
    pid = stat.ppid;
  }
  return null;
}

/** True while that very process (same pid, same start) runs. */
export function isAgentAlive(agent: AgentProcess): boolean {
  return isRunning(agent.pid, agent.startTicks);
}
