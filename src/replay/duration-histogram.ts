// Percentiles of hook durations in constant memory: durations fall into buckets 2% wide on a log
// scale (0.01 ms to well past an hour in under 1,000 buckets), so p50 and p99 are within 2% of the
// exact values however many runs a long transcript holds.
const GROWTH = 1.02;
const FLOOR_MS = 0.01;

export class DurationHistogram {
  readonly #buckets = new Map<number, number>();
  #count = 0;
  #max = 0;

  add(ms: number): void {
    const bucket = ms <= FLOOR_MS ? 0 : Math.ceil(Math.log(ms / FLOOR_MS) / Math.log(GROWTH));
    this.#buckets.set(bucket, (this.#buckets.get(bucket) ?? 0) + 1);
    this.#count += 1;
    this.#max = Math.max(this.#max, ms);
  }

  get count(): number {
    return this.#count;
  }

  get max(): number {
    return this.#max;
  }

  /** The duration at or below which `fraction` of the runs fall (a bucket's upper bound, never above the longest run). */
  percentile(fraction: number): number {
    if (this.#count === 0) return 0;
    const rank = Math.max(1, Math.ceil(fraction * this.#count));
    let seen = 0;
    for (const bucket of [...this.#buckets.keys()].sort((a, b) => a - b)) {
      seen += this.#buckets.get(bucket)!;
      if (seen >= rank) return Math.min(this.#max, FLOOR_MS * GROWTH ** bucket);
    }
    return this.#max;
  }
}
