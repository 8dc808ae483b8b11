// Turning measurements into the table a case reports: a row per contender from its samples, a
// ratio against the baseline row and, where the issue sets a goal, pass or miss.
import { summarize } from './stats.js';

/**
 * A case's result as the report reads it: the given fields, with `rows` finished against the
 * result's own `baseline` and `ratioKey` (ratios computed, goals judged, unavailable rows added).
 */
export function caseResult({ rows, goals, unavailable, ...result }) {
  return { ...result, rows: finishRows(rows, { baseline: result.baseline, ratioKey: result.ratioKey, goals, unavailable }) };
}

/**
 * @param rows [{ name, values: { key: number }, note? }] measured rows, baseline among them
 * @param options { baseline: row name, ratioKey, goals: { rowName: goal }, unavailable: rows
 *   that could not run }, a goal being { text, pass?(row, byName), measured?(row, byName) } (no `pass`:
 *   reference only; `measured`: what to show next to the goal, default the ratio)
 */
function finishRows(rows, { baseline, ratioKey, goals = {}, unavailable = [] }) {
  const byName = new Map(rows.map((row) => [row.name, row]));
  const base = byName.get(baseline)?.values?.[ratioKey];
  for (const row of rows) {
    const value = row.values?.[ratioKey];
    row.ratio = Number.isFinite(base) && Number.isFinite(value) && base !== 0 ? value / base : null;
  }
  for (const row of rows) {
    const goal = goals[row.name];
    if (row.status) {
      // already decided (an error while measuring)
    } else if (row.name === baseline) {
      row.status = 'baseline';
    } else if (goal?.pass) {
      row.status = goal.pass(row, byName) ? 'pass' : 'miss';
    } else {
      row.status = 'info';
    }
    row.goal = row.name === baseline ? '1x' : goal?.text ?? '';
    if (goal?.measured && row.values) row.measured = goal.measured(row, byName);
  }
  const missing = unavailable.map((u) => ({ name: u.name, values: {}, ratio: null, goal: goals[u.name]?.text ?? '', status: u.status, note: u.note }));
  return [...rows, ...missing];
}

/**
 * A measured row per contender, in their order: an error row where measuring it failed, else
 * { name, values: valuesOf(record, contender) }.
 * @param samples Map name -> { error?, ... } (what runInterleaved and runRounds return)
 */
export function contenderRows(contenders, samples, valuesOf) {
  return contenders.map((contender) => {
    const record = samples.get(contender.name);
    if (record.error !== undefined) return errorRow(contender.name, record.error);
    return { name: contender.name, values: valuesOf(record, contender) };
  });
}

/** The table columns of medianP99's values when the samples are milliseconds. */
export const MEDIAN_P99_COLUMNS = Object.freeze([
  { key: 'median', label: 'median ms' },
  { key: 'p99', label: 'p99 ms' },
]);

/** A row's values from its samples: median, p99, then `extra`, then n (the order the JSON keeps). */
export function medianP99(samples, extra = {}) {
  const { median, p99, n } = summarize(samples);
  return { median, p99, ...extra, n };
}

/** Goal: ratio against the baseline at most `max`. */
export const ratioAtMost = (max, text = `≤ ${max}x`) => ({ text, pass: (row) => row.ratio !== null && row.ratio <= max });

/** Goal: ratio against the baseline at least `min`. */
export const ratioAtLeast = (min, text = `≥ ${min}x`) => ({ text, pass: (row) => row.ratio !== null && row.ratio >= min });

/** Goal: the row's median at most `max` times the median of the row named `other` (not the baseline). */
export function medianToRowAtMost(max, other, text = `≤ ${max}x ${other}`) {
  const ratio = (row, byName) => row.values.median / byName.get(other)?.values?.median;
  return { text, pass: (row, byName) => ratio(row, byName) <= max, measured: (row, byName) => `${ratio(row, byName).toFixed(2)}x ${other}` };
}

/** A reference figure from the issue, not a goal for this row. */
export const reference = (text) => ({ text });

/** A row for a contender that failed while being measured. */
export function errorRow(name, error) {
  return { name, values: {}, status: 'error', note: String(error).split('\n')[0] };
}
