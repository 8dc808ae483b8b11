// Open descriptors and memory of this process and of its sandbox process, for the leak checks
// of the fault and soak suites. The sandbox (host: 'process') holds the hooks' pipes, so its
// descriptors count as much as ours.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { HookEngine } from '../../src/index.js';
import { sparesOf } from './processes.js';

/** Live sandbox processes started by this process (engines with host: 'process'). */
export function sandboxPids(): number[] {
  let out = '';
  try {
    out = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,stat=,args='], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when this process has no children
  }
  return out
    .split('\n')
    .filter((line) => line.includes('sandbox-process') && !/^\s*\d+\s+Z/.test(line))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** Open descriptors of a process (0 when it is gone). */
export function fdCountOf(pid: number | 'self'): number {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return 0;
  }
}

/** Resident memory of a process in bytes (0 when it is gone). */
export function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export interface Descriptors {
  self: number;
  /** The sandbox's descriptors; 0 on the thread host. */
  sandbox: number;
}

// What a waiting spare hook process holds in its parent: its stdin, stdout, stderr and hand-over pipes.
const SPARE_DESCRIPTORS = 4;

/**
 * Descriptors now, in this process and in its (single) sandbox process, beyond those of the
 * spare hook processes waiting there (bounded by pool.spareProcesses, and meant to stay).
 */
export function descriptors(): Descriptors {
  const sandboxes = sandboxPids();
  const held = (pid: number) => SPARE_DESCRIPTORS * sparesOf(pid).length;
  return {
    self: fdCountOf('self') - held(process.pid),
    sandbox: sandboxes.reduce((sum, pid) => sum + fdCountOf(pid) - held(pid), 0),
  };
}

/**
 * Brings the pool to its steady state and returns the descriptor baseline. Each worker thread
 * opens one descriptor on its first spawn (libuv's signal pipe) and keeps it, so every worker
 * must have spawned before counting: `concurrent` overlapping fires spread over the threads.
 */
export async function warm(engine: HookEngine, concurrent = 4): Promise<Descriptors> {
  const results = await Promise.all(Array.from({ length: concurrent }, () => engine.fire('SessionStart', { source: 'startup' })));
  for (const result of results) expect(result.hooks.map((hook) => hook.status)).toEqual(['ok']);
  return descriptors();
}

/** A hook for `warm`: short, but long enough that concurrent warm fires overlap and spread over the workers. */
export const WARM_HOOK = { id: 'warm', event: 'SessionStart', args: ['sleep', '0.05'] } as const;

/** Waits until no descriptor is open beyond the baseline (pipes close asynchronously after settle). */
export async function expectDescriptorsBack(baseline: Descriptors): Promise<void> {
  await expect
    .poll(() => {
      const now = descriptors();
      return { selfLeaked: Math.max(0, now.self - baseline.self), sandboxLeaked: Math.max(0, now.sandbox - baseline.sandbox) };
    }, { timeout: 10_000 })
    .toEqual({ selfLeaked: 0, sandboxLeaked: 0 });
}
