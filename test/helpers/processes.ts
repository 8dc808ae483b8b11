// Real-process checks for the "nothing left running" guarantees.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';

/** A token to put in a hook's command line so `ps` can find exactly its processes. */
export function marker(): string {
  return `hp${randomBytes(4).toString('hex')}`;
}

/** A `sleep` duration unique to this test, so its processes can be found by argument. */
export function uniqueSleep(): string {
  return `${300 + Math.floor(Math.random() * 9000)}.${Math.floor(Math.random() * 1000)}`;
}

/** Live (not zombie) processes whose command line contains `needle`, as `pid ppid stat args` lines. */
export function livingProcesses(needle: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,stat=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes(needle) && !line.includes('ps -eo'))
    .filter((line) => !/^\s*\d+\s+\d+\s+Z/.test(line));
}

/** Polls until no live process matches, or fails with what is still alive. */
export async function expectNoneAlive(needle: string, withinMs = 3000): Promise<void> {
  const deadline = Date.now() + withinMs;
  let alive = livingProcesses(needle);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    alive = livingProcesses(needle);
  }
  if (alive.length > 0) throw new Error(`still running:\n${alive.join('\n')}`);
}

/** Open file descriptors of this process. */
export function openFdCount(): number {
  return readdirSync('/proc/self/fd').length;
}

/** Threads of this process (worker threads show up here). */
export function threadCount(): number {
  return readdirSync('/proc/self/task').length;
}

export const FIXTURES = new URL('../fixtures/hooks/', import.meta.url).pathname;
