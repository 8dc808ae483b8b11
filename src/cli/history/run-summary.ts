// What `hookpool history` says of each hook: its last runs per project and hook id (the same id
// in two projects is two hooks), with how they ended and their p50/p99 durations.
import { percentile } from '../demo/fire-stats.js';
import { runOutcome, type RunRecord } from '../../project/run-log.js';

export interface HookHistory {
  /** The project directory; null for records of an earlier hookpool, which did not note it. */
  readonly project: string | null;
  readonly id: string;
  readonly event: string;
  readonly runs: number;
  /** Runs per outcome: `ok`, `blocked` (the hook refused on purpose), `would block` (audit mode), or the status of a failure (`exit_nonzero`, `timed_out`, ...). */
  readonly statuses: Record<string, number>;
  /** Runs that would have blocked in audit mode (not applied). */
  readonly wouldBlock: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly last: RunRecord;
  /** The counted runs, oldest first: what the charts draw. */
  readonly recent: readonly RunRecord[];
}

/** Per project and hook id, its last `limit` runs; the most recently run hook first. */
export function summarizeRuns(records: readonly RunRecord[], limit: number): HookHistory[] {
  const byHook = new Map<string, RunRecord[]>();
  for (const record of records) {
    const key = JSON.stringify([record.project ?? null, record.id]);
    const runs = byHook.get(key);
    if (runs === undefined) byHook.set(key, [record]);
    else runs.push(record);
  }
  const summaries = [...byHook.values()].map((all): HookHistory => {
    const runs = all.slice(-limit);
    const durations = runs.map((run) => run.durationMs);
    const statuses: Record<string, number> = {};
    for (const run of runs) statuses[runOutcome(run)] = (statuses[runOutcome(run)] ?? 0) + 1;
    const last = runs.at(-1)!;
    return {
      project: last.project ?? null,
      id: last.id,
      event: last.event,
      runs: runs.length,
      statuses,
      wouldBlock: runs.filter((run) => run.wouldBlock === true).length,
      p50Ms: percentile(durations, 50),
      p99Ms: percentile(durations, 99),
      last,
      recent: runs,
    };
  });
  return summaries.sort((a, b) => b.last.at.localeCompare(a.last.at));
}

/** True for outcomes that are neither a success nor a deliberate (or audited) block. */
export function isFailure(outcome: string): boolean {
  return outcome !== 'ok' && outcome !== 'blocked' && outcome !== 'would block';
}
