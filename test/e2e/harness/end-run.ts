// Ending an agent run: its process group, and every process that carries the run's tag variable
// (hooks the agent started in groups of their own), killed until none is left.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Live (not zombie) processes that are in the group or carry `tagVariable=tag` (Linux /proc; elsewhere only the group is known). */
function survivors(pgid: number, tagVariable: string, tag: string): number[] {
  if (!existsSync('/proc/self/stat')) {
    try {
      process.kill(-pgid, 0);
      return [-pgid];
    } catch {
      return [];
    }
  }
  const needle = `${tagVariable}=${tag}\0`;
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
  for (let left = survivors(pgid, tagVariable, tag); left.length > 0; left = survivors(pgid, tagVariable, tag)) {
    if (Date.now() > deadline) throw new Error(`${agent} driver: processes of the run still alive: ${left.join(', ')}`);
    killQuietly(-pgid);
    for (const pid of left) killQuietly(pid);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
