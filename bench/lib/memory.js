// Memory the agent holds, and reading a process's memory and thread count from /proc (Linux).
import { readFileSync } from 'node:fs';

const CHUNK_BYTES = 64 * 1024 * 1024;
const PAGE_BYTES = 4096;

/**
 * Allocates `bytes` of Buffers in 64 MB chunks and writes one byte per page, so every page is
 * resident and mapped (a zero-filled allocation may be left untouched by the kernel).
 */
export function holdBuffers(bytes) {
  const chunks = [];
  for (let left = bytes; left > 0; left -= CHUNK_BYTES) {
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, left));
    for (let i = 0; i < chunk.length; i += PAGE_BYTES) chunk[i] = 1;
    chunks.push(chunk);
  }
  return chunks;
}

/** { rssBytes, threads, state, ppid } of a process, or undefined when it is gone. */
export function readProcStatus(pid = 'self') {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const field = (name) => new RegExp(`^${name}:\\s+(.*)$`, 'm').exec(text)?.[1];
  return {
    rssBytes: Number.parseInt(field('VmRSS') ?? '0', 10) * 1024,
    threads: Number.parseInt(field('Threads') ?? '0', 10),
    state: (field('State') ?? '?')[0],
    ppid: Number.parseInt(field('PPid') ?? '0', 10),
    name: field('Name'),
  };
}

/** True while `pid` runs (a zombie, dead but not yet reaped, counts as gone). */
export function isRunning(pid) {
  const status = readProcStatus(pid);
  return status !== undefined && status.state !== 'Z' && status.state !== 'X';
}

/** Pids of the live children of `parentPid`. */
export function childPids(parentPid = process.pid) {
  let tasks;
  try {
    tasks = readFileSync(`/proc/${parentPid}/task/${parentPid}/children`, 'utf8');
  } catch {
    return [];
  }
  return tasks.split(/\s+/).filter(Boolean).map(Number).filter(isRunning);
}

export const MB = 1024 * 1024;
