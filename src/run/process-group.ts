// Signalling whole process groups. Hooks are spawned `detached`, so each leads its own group
// and `kill(-pgid)` reaches every descendant that did not leave it (setsid).
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeadState, readProcStat } from './proc-stat.js';

const POLL_MS = 10;

/** Sends a signal to a group; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  // Every settle asks a group that is usually gone: the ESRCH error is thrown and dropped, so
  // it is built without capturing a stack trace (the costly part of making it).
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: gone; EPERM cannot happen for our own groups
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/**
 * True while a group has a member that is not a zombie. Orphaned members are reparented to
 * PID 1, and some container inits never reap them: `kill(-pgid, 0)` then succeeds on zombies
 * alone, so on Linux a positive answer is confirmed from /proc. Cheap in the common case
 * (the group is simply gone: one failed syscall).
 */
export function isGroupAlive(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false;
  if (process.platform !== 'linux') return true;
  return hasLiveMember(pgid);
}

function hasLiveMember(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) > 57) continue; // not a pid directory
    const stat = readProcStat(Number(entry)); // undefined: exited while we looked
    if (stat !== undefined && stat.pgrp === pgid && !isDeadState(stat.state)) return true;
  }
  return false;
}

/** Resolves once the group has no live member or `timeoutMs` has passed; true when it is gone. */
export async function waitForGroupExit(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isGroupAlive(pgid)) {
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
  return true;
}

/** SIGTERM the group, SIGKILL whatever is left after `graceMs`, and wait until nothing is. */
export async function terminateGroup(pgid: number, graceMs: number): Promise<void> {
  if (!isGroupAlive(pgid)) return;
  signalGroup(pgid, 'SIGTERM');
  if (await waitForGroupExit(pgid, graceMs)) return;
  signalGroup(pgid, 'SIGKILL');
  await waitForGroupExit(pgid, 1_000);
}

// Atomics.wait needs a shared cell; nothing ever notifies it, so each wait is a plain sleep.
const sleepCell = new Int32Array(new SharedArrayBuffer(4));

/**
 * terminateGroup for a process that is about to exit and cannot wait on its event loop: SIGTERM
 * every group, poll until they are gone for at most `graceMs`, SIGKILL what is left.
 */
export function terminateGroupsSync(pgids: readonly number[], graceMs: number): void {
  let alive = pgids.filter((pgid) => signalGroup(pgid, 'SIGTERM'));
  const deadline = Date.now() + graceMs;
  while (alive.length > 0 && Date.now() < deadline) {
    Atomics.wait(sleepCell, 0, 0, POLL_MS);
    alive = alive.filter(isGroupAlive);
  }
  for (const pgid of alive) signalGroup(pgid, 'SIGKILL');
}
