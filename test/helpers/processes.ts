// Real-process checks for the "nothing left running" guarantees.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

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

/** True while a process exists and is not a zombie (read from /proc, so a reused pid is not mistaken for it within a test). */
export function isProcessAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Polls until the process is gone (or a zombie), or fails. */
export async function expectGone(pid: number, withinMs = 3000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (isProcessAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  if (isProcessAlive(pid)) throw new Error(`process ${pid} is still running`);
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

/** The spare hook processes waiting under `parent` (its children running the spare's stub). */
export function sparesOf(parent: number): number[] {
  let out = '';
  try {
    out = execFileSync('ps', ['--ppid', String(parent), '-o', 'pid=,stat=,args='], { encoding: 'utf8' });
  } catch {
    return []; // no children
  }
  return out
    .split('\n')
    .filter((line) => line.includes('read -r h') && !/^\s*\d+\s+Z/.test(line))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}
