// Which process is the agent a hook was called by: the first ancestor of the client that is not a
// shell (agents start command hooks through `sh -c` or `bash -c`). Linux /proc only; elsewhere
// none is found and the session's lifetime falls back to the server's idle timeout.
import { readFileSync } from 'node:fs';
import type { AgentProcess } from './server-protocol.js';

const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'fish', 'ash', 'busybox', 'env', 'timeout', 'nice', 'nohup']);

interface ProcStat {
  readonly comm: string;
  readonly state: string;
  readonly ppid: number;
  readonly startTicks: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // After the name: state (0), ppid (1), ... starttime is field 22 of the line, 19 here.
    return { comm, state: fields[0] ?? '', ppid: Number(fields[1]), startTicks: Number(fields[19]) };
  } catch {
    return null;
  }
}

/** The agent process above this one, or null when none can be told. */
export function findAgentProcess(from: number = process.ppid): AgentProcess | null {
  for (let pid = from, depth = 0; pid > 1 && depth < 8; depth++) {
    const stat = readStat(pid);
    if (stat === null) return null;
    if (!SHELLS.has(stat.comm)) return { pid, startTicks: stat.startTicks };
    pid = stat.ppid;
  }
  return null;
}

/** True while that very process (same pid, same start) runs. */
export function isAgentAlive(agent: AgentProcess): boolean {
  const stat = readStat(agent.pid);
  return stat !== null && stat.startTicks === agent.startTicks && stat.state !== 'Z' && stat.state !== 'X';
}
