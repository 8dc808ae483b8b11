// Signalling whole process groups. Hooks are spawned `detached`, so each leads its own group
// and `kill(-pgid)` reaches every descendant that did not leave it (setsid).
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 10;

/** Sends a signal to a group; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: gone; EPERM cannot happen for our own groups
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
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
    } catch {
      continue; // exited while we looked
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so parse after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') return true;
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
