// Kills what a hook started outside its process group, where the group kill cannot reach.
//
// Hooks are spawned detached, so a hook's leader also leads a new session (sid == its pid).
// Processes that leave the group without setsid (GNU `timeout`, bash `set -m` jobs) are still in
// that session; those that setsid away usually keep their environment, which holds the run's
// HOOKPOOL_RUN_ID. What drops both (setsid plus `env -i`, daemons that clear their environment)
// only a PID namespace catches: the optional bubblewrap sandbox.
//
// Cost, measured here: /proc/<pid>/stat ~11 µs to read, a missing one ~4 µs to rule out,
// readdir(/proc) ~65 µs, the last pid created ~10-25 µs. A process created after the leader has
// a larger pid (until pids wrap), so a sweep looks only at the pids handed out since the
// leader: one read for a hook that started nothing while nothing else started either.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isDeadState, lastCreatedPid, readProcStat } from './proc-stat.js';

/** Set in every hook's environment, unique per run: finds what the run left once it has left the session too. */
export const RUN_ID_VARIABLE = 'HOOKPOOL_RUN_ID';

/** One hook run: its leader's pid (its group and session id) and its run id. */
export interface HookRun {
  leaderPid: number;
  runId: string;
  /**
   * Only pids after this one can be the run's (a spare hook process started long before its run:
   * the last pid created before its hand-over); the leader's pid when absent.
   */
  createdAfter?: number;
}

// Up to this many new pids they are probed one by one; beyond, one readdir(/proc) is cheaper.
const PROBE_RANGE = 32;
// A process that forks while it is being swept: a few passes catch its children too.
const MAX_PASSES = 4;

/** SIGKILLs every live process in the runs' sessions or carrying their run id; returns how many. */
export function killEscapees(runs: readonly HookRun[]): number {
  if (process.platform !== 'linux' || runs.length === 0) return 0;
  const sessions = new Set(runs.map((run) => run.leaderPid).filter((pid) => pid > 0));
  const needles = runs.map((run) => Buffer.from(`${RUN_ID_VARIABLE}=${run.runId}\0`));
  const since = Math.min(...runs.map((run) => run.createdAfter ?? run.leaderPid));
  let killed = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { pids, wrapped } = pidsCreatedSince(since);
    let found = 0;
    for (const pid of pids) {
      if (pid === process.pid) continue;
      const stat = readProcStat(pid);
      if (stat === undefined || isDeadState(stat.state)) continue;
      // An escapee's session was made after the leader (by its setsid): one made before cannot
      // hold it, so only newer sessions cost a read of the environment.
      const ours = sessions.has(stat.session) || ((wrapped || stat.session > since) && carriesAny(pid, needles));
      if (!ours) continue;
      try {
        process.kill(pid, 'SIGKILL');
        found++;
      } catch {
        // exited meanwhile
      }
    }
    killed += found;
    if (found === 0) break;
  }
  return killed;
}

/**
 * Pids that may have been created after `pid`; `wrapped` when pids wrapped since (or `pid` is 0,
 * or the last pid is unknown), and then every pid.
 */
function pidsCreatedSince(pid: number): { pids: number[]; wrapped: boolean } {
  const last = lastCreatedPid() ?? 0;
  if (last === pid && pid > 0) return { pids: [], wrapped: false };
  if (pid > 0 && last > pid && last - pid <= PROBE_RANGE) {
    const pids: number[] = [];
    for (let candidate = pid + 1; candidate <= last; candidate++) {
      if (existsSync(`/proc/${candidate}`)) pids.push(candidate);
    }
    return { pids, wrapped: false };
  }
  // A wrap that came all the way back above `pid` during one hook run is not looked for.
  const wrapped = last < pid || last === 0 || pid === 0;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (entry.charCodeAt(0) > 57) continue; // not a pid directory
    const candidate = Number(entry);
    if (wrapped || candidate > pid) pids.push(candidate);
  }
  return { pids, wrapped };
}

function carriesAny(pid: number, needles: readonly Buffer[]): boolean {
  let environ: Buffer;
  try {
    environ = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return false; // exited, or not ours to read
  }
  for (const needle of needles) {
    let at = environ.indexOf(needle);
    while (at > 0 && environ[at - 1] !== 0) at = environ.indexOf(needle, at + 1);
    if (at >= 0) return true;
  }
  return false;
}
