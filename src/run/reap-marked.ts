// Finds and kills the processes of a sandbox that died, by the variable every one of them
// inherits. Only on that rare path does anything scan /proc.
import { readdirSync, readFileSync } from 'node:fs';

/** SIGKILLs every live process whose environment holds `name=value`; returns how many. */
export function killMarkedProcesses(name: string, value: string): number {
  if (process.platform !== 'linux') return 0;
  const needle = Buffer.from(`\0${name}=${value}\0`);
  let killed = 0;
  for (const entry of readdirSync('/proc')) {
    if (entry.charCodeAt(0) > 57) continue; // not a pid directory
    try {
      const environ = Buffer.concat([Buffer.from([0]), readFileSync(`/proc/${entry}/environ`), Buffer.from([0])]);
      if (!environ.includes(needle)) continue;
      process.kill(Number(entry), 'SIGKILL');
      killed++;
    } catch {
      // exited while we looked, or not ours to read
    }
  }
  return killed;
}
