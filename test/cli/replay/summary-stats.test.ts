// The summary's two constant-memory parts: percentiles from log-scale buckets, and the timeline's
// bins that merge in pairs once they run out.
import { describe, expect, it } from 'vitest';
import { DurationHistogram } from '../../../src/replay/duration-histogram.js';
import { Timeline } from '../../../src/replay/timeline-bins.js';

describe('DurationHistogram', () => {
  it('gives p50 and p99 within 2% of the exact values, never above the longest run', () => {
    const histogram = new DurationHistogram();
    for (let ms = 1; ms <= 1000; ms++) histogram.add(ms);
    expect(histogram.count).toBe(1000);
    expect(histogram.percentile(0.5)).toBeGreaterThanOrEqual(500);
    expect(histogram.percentile(0.5)).toBeLessThanOrEqual(510);
    expect(histogram.percentile(0.99)).toBeGreaterThanOrEqual(990);
    expect(histogram.percentile(0.99)).toBeLessThanOrEqual(1000);
    expect(histogram.percentile(1)).toBe(1000);
    expect(new DurationHistogram().percentile(0.5)).toBe(0);
  });
});

describe('Timeline', () => {
  const marks = (line: number, blocked = false) => ({ line, toolCall: true, blocked, failed: false, changed: false, fireMs: 1 });

  it('keeps one bar per event until the bins run out, then twice as many events per bar', () => {
    const timeline = new Timeline(4);
    for (let line = 1; line <= 4; line++) timeline.add(marks(line, line === 3));
    expect([timeline.eventsPerBin, timeline.bins.map((bin) => bin.events)]).toEqual([1, [1, 1, 1, 1]]);
    timeline.add(marks(5));
    expect(timeline.eventsPerBin).toBe(2);
    expect(timeline.bins.map((bin) => [bin.firstLine, bin.events, bin.blocked])).toEqual([[1, 2, 0], [3, 2, 1], [5, 1, 0]]);
    for (let line = 6; line <= 100; line++) timeline.add(marks(line));
    expect(timeline.bins.length).toBeLessThanOrEqual(4);
    expect(timeline.bins.reduce((sum, bin) => sum + bin.events, 0)).toBe(100);
    expect(timeline.bins.reduce((sum, bin) => sum + bin.blocked, 0)).toBe(1);
  });
});
