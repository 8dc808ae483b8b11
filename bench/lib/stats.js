// Order statistics for benchmark samples. Nearest-rank percentiles: with few samples the p99 is
// simply the worst one, which is the honest reading.

/** The q-th percentile (0..100) of `values` by nearest rank; NaN when empty. */
export function percentile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((q / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** n, median, p99, min, max and mean of a list of samples. */
export function summarize(values) {
  if (values.length === 0) {
    return { n: 0, median: Number.NaN, p99: Number.NaN, min: Number.NaN, max: Number.NaN, mean: Number.NaN };
  }
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return {
    n: values.length,
    median: percentile(values, 50),
    p99: percentile(values, 99),
    min,
    max,
    mean: sum / values.length,
  };
}

/** The median of `values` by nearest rank; NaN when empty. */
export const median = (values) => percentile(values, 50);
