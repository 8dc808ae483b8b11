// Monotonic clock in milliseconds with sub-microsecond resolution.
import { performance } from 'node:perf_hooks';

/** Milliseconds since an arbitrary origin (performance.now). */
export const nowMs = () => performance.now();

/** Resolves after `ms` milliseconds. */
export const sleepMs = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the milliseconds `fn()` took to settle. */
export async function elapsedMs(fn) {
  const t0 = nowMs();
  await fn();
  return nowMs() - t0;
}

/** Resolves `true` when `promise` settled within `ms`, `false` otherwise; leaves no timer behind. */
export async function settlesWithin(promise, ms) {
  let timer;
  const limit = new Promise((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([promise.then(() => true, () => true), limit]);
  } finally {
    clearTimeout(timer);
  }
}
