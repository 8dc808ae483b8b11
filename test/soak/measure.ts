// Sampling and wording for the soak suite: resident memory and open descriptors of this process
// and its sandbox, percentiles, and the one-paragraph summary written to LAST_RESULT.md.
import { cpus, totalmem } from 'node:os';
import { descriptors, rssOf, sandboxPids } from '../helpers/descriptors.js';

const MiB = 1024 * 1024;

export interface Sample {
  atMs: number;
  /** This process plus its sandbox (host: 'process'), bytes. */
  rss: number;
  /** Open descriptors of this process plus its sandbox. */
  fds: number;
}

/** Memory and descriptors now, of the agent and of its sandbox together. */
export function sample(startedAt: number): Sample {
  const rss = process.memoryUsage().rss + sandboxPids().reduce((sum, pid) => sum + rssOf(pid), 0);
  const { self, sandbox } = descriptors();
  return { atMs: Date.now() - startedAt, rss, fds: self + sandbox };
}

/** Samples every `everyMs` until stopped; returns the samples so far, first and last included. */
export function startSampler(everyMs: number): { stop(): Sample[] } {
  const startedAt = Date.now();
  const samples: Sample[] = [sample(startedAt)];
  const timer = setInterval(() => samples.push(sample(startedAt)), everyMs);
  return {
    stop() {
      clearInterval(timer);
      samples.push(sample(startedAt));
      return samples;
    },
  };
}

/** Nearest-rank percentile (0..100); NaN when empty. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1))]!;
}

export const mib = (bytes: number): string => `${(bytes / MiB).toFixed(1)} MiB`;
export const micros = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`;
export const millis = (ms: number): string => `${ms.toFixed(1)} ms`;

/**
 * First, middle, last and peak value of a field. The middle matters: a cold pool's heaps grow
 * to their GC equilibrium early on (measured: the sandbox from ~100 to ~190 MiB in its first
 * 30 s, then flat), while a leak keeps growing through the second half.
 */
export function growth(samples: readonly Sample[], field: 'rss' | 'fds'): { start: number; mid: number; end: number; max: number } {
  const values = samples.map((s) => s[field]);
  return { start: values[0]!, mid: values[Math.floor(values.length / 2)]!, end: values[values.length - 1]!, max: Math.max(...values) };
}

/** The machine, in one phrase. */
export function machine(): string {
  const cores = cpus();
  return `${cores[0]?.model.trim() ?? 'unknown CPU'} (${cores.length} cores, ${mib(totalmem()).replace('.0 MiB', ' MiB')}), Node ${process.version}, ${process.platform}`;
}
