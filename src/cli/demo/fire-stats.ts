// What the demo measures per event: how long the agent waited in fire(), and how much of that
// was hookpool itself rather than the hooks (the wait minus the slowest foreground hook).
import type { FireResult } from '../../model/fire-result.js';

export interface EventStats {
  readonly event: string;
  fires: number;
  /** Fires that ran at least one foreground hook. */
  firesWithHooks: number;
  /** Hook processes run in the foreground. */
  foregroundHooks: number;
  /** Background hook processes that settled. */
  backgroundHooks: number;
  blocked: number;
  readonly decisions: Map<string, number>;
  /** Waits of the fires that ran foreground hooks. */
  readonly waitsMs: number[];
  /** Of the same fires: the wait minus the slowest hook, what hookpool itself added. */
  readonly overheadsMs: number[];
  /** Waits of the fires that ran no foreground hook (nothing matched, or background hooks only). */
  readonly emptyWaitsMs: number[];
}

export class FireStats {
  readonly byEvent = new Map<string, EventStats>();
  readonly backgroundDurationsMs: number[] = [];
  /**
   * The first fire that ran hooks also waited for the pool to start (worker threads, or the
   * sandbox process); kept apart so the percentiles show the steady state.
   */
  poolStart: { event: string; waitMs: number } | undefined;

  /** Records one fire and the wall time the agent spent awaiting it. */
  recordFire(result: FireResult, waitMs: number): void {
    const stats = this.statsFor(result.event);
    stats.fires++;
    if (result.blocked) stats.blocked++;
    if (result.decision !== null) stats.decisions.set(result.decision, (stats.decisions.get(result.decision) ?? 0) + 1);
    if (result.hooks.length === 0) {
      stats.emptyWaitsMs.push(waitMs);
      return;
    }
    stats.firesWithHooks++;
    stats.foregroundHooks += result.hooks.length;
    if (this.poolStart === undefined) {
      this.poolStart = { event: result.event, waitMs };
      return;
    }
    stats.waitsMs.push(waitMs);
    const slowestHookMs = Math.max(...result.hooks.map((outcome) => outcome.durationMs));
    stats.overheadsMs.push(Math.max(0, waitMs - slowestHookMs));
  }

  recordBackgroundHook(event: string, durationMs: number): void {
    this.statsFor(event).backgroundHooks++;
    this.backgroundDurationsMs.push(durationMs);
  }

  get totalFires(): number {
    return [...this.byEvent.values()].reduce((sum, stats) => sum + stats.fires, 0);
  }

  get totalHookRuns(): number {
    return [...this.byEvent.values()].reduce((sum, stats) => sum + stats.foregroundHooks + stats.backgroundHooks, 0);
  }

  private statsFor(event: string): EventStats {
    let stats = this.byEvent.get(event);
    if (stats === undefined) {
      stats = { event, fires: 0, firesWithHooks: 0, foregroundHooks: 0, backgroundHooks: 0, blocked: 0, decisions: new Map(), waitsMs: [], overheadsMs: [], emptyWaitsMs: [] };
      this.byEvent.set(event, stats);
    }
    return stats;
  }
}

/** The nearest-rank percentile (0-100) of a list of numbers; NaN for an empty list. */
export function percentile(values: readonly number[], rank: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1))]!;
}
