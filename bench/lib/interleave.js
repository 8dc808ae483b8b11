// Round-robin runner: every round calls each contender once, starting from a different one each
// round, so machine noise (other builds, CPU frequency, GC) lands on all contenders alike.
import { performance } from 'node:perf_hooks';
import { nowMs } from './clock.js';
import { firstLine } from './contenders.js';

/**
 * Calls `contender.fire()` for every contender, round after round, one call at a time.
 * Records per call: `total` (call to settle), `sync` (until fire() returned its promise: the
 * main thread blocked by the call itself) and `busy` (main-thread active time, from event-loop
 * utilisation, between call and settle). A contender whose fire throws is dropped and keeps
 * its error; the others go on.
 *
 * @param contenders [{ name, fire: () => Promise<unknown>, check?: (value) => void, ownTime?: (value) => ms }]
 *   (`ownTime`: a floor program that timed its own work, bench/lib/floor-child.js: its `total` is that time)
 * @param options { warmup, rounds, budgetMs } stop after `rounds` or once `budgetMs` has passed
 *   (at least 3 rounds), whichever comes first
 * @returns Map name -> { total: number[], sync: number[], busy: number[], error?: string }
 */
export async function runInterleaved(contenders, { warmup = 5, rounds = 100, budgetMs = Infinity } = {}) {
  const samples = new Map(contenders.map((c) => [c.name, { total: [], sync: [], busy: [] }]));
  const live = [...contenders];

  const callOnce = async (contender, record) => {
    const slot = samples.get(contender.name);
    try {
      const elu0 = performance.eventLoopUtilization();
      const t0 = nowMs();
      const pending = contender.fire();
      const t1 = nowMs();
      const value = await pending;
      const t2 = nowMs();
      const busy = performance.eventLoopUtilization(elu0).active;
      if (contender.check) contender.check(value);
      if (record) {
        slot.total.push(contender.ownTime ? contender.ownTime(value) : t2 - t0);
        slot.sync.push(t1 - t0);
        slot.busy.push(busy);
      }
    } catch (error) {
      slot.error = String(error?.stack ?? error);
      live.splice(live.indexOf(contender), 1);
    }
  };

  for (let round = 0; round < warmup && live.length > 0; round++) {
    for (const c of rotate(live, round)) await callOnce(c, false);
  }
  const start = nowMs();
  for (let round = 0; round < rounds && live.length > 0; round++) {
    for (const c of rotate(live, round)) await callOnce(c, true);
    if (round >= 2 && nowMs() - start > budgetMs) break;
  }
  return samples;
}

/**
 * Calls `measure(contender, round)` for every contender, round after round, starting from a
 * different one each round. A contender whose measure throws is dropped and keeps its error
 * (first line); a contender with `trials` stops after that many results.
 *
 * @returns Map name -> { results: value[], error?: string }
 */
export async function runRounds(contenders, rounds, measure) {
  const records = new Map(contenders.map((c) => [c.name, { results: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const c of rotate(contenders, round)) {
      const record = records.get(c.name);
      if (record.error !== undefined || record.results.length >= (c.trials ?? Infinity)) continue;
      try {
        record.results.push(await measure(c, round));
      } catch (error) {
        record.error = firstLine(error);
      }
    }
  }
  return records;
}

/** The contenders in round-robin order starting at `round % length`. */
export function rotate(list, round) {
  const k = round % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}
