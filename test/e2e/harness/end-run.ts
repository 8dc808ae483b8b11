// Ending an agent run: its process group, and every process that carries the run's tag variable
// (hooks the agent started in groups of their own), killed until none is left.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * Live (not zombie) processes, other than this one, that carry `variable=value` in their
 * environment or are in the group `pgid` (Linux /proc; elsewhere only the group is known).
 */
export function runProcesses(variable: string, value: string, pgid?: number): number[] {
  if (!existsSync('/proc/self/stat')) {
    if (pgid === undefined) return [];
    try {
      process.kill(-pgid, 0);
      return [-pgid];
    } catch {
      return [];
    }
  }
  const needle = `${variable}=${value}\0`;
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z' || fields[0] === 'X') continue;
      if (Number(fields[2]) === pgid || readFileSync(`/proc/${pid}/environ`, 'latin1').includes(needle)) found.push(pid);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Kills the agent's process group and every process of the run, and waits (up to 10 s) until none is left. */
export async function endRun(agent: string, pgid: number, tagVariable: string, tag: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  killQuietly(-pgid);
  for (let left = runProcesses(tagVariable, tag, pgid); left.length > 0; left = runProcesses(tagVariable, tag, pgid)) {
    if (Date.now() > deadline) throw new Error(`${agent} driver: processes of the run still alive: ${left.join(', ')}`);
    killQuietly(-pgid);
    for (const pid of left) killQuietly(pid);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
