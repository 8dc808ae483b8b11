import { describe, expect, it } from 'vitest';
import { emptyFireResult, type FireResult } from '../../src/model/fire-result.js';
import { DEFAULT_MAX_CONSECUTIVE_BLOCKS, maxBlocksFor, OPENCLAW_MAX_STOP_BLOCKS, StopLoopGuard } from '../../src/aggregate/stop-loop-guard.js';
import type { EventName } from '../../src/events/event-specs.js';

function blocking(event: EventName): FireResult {
  return { ...emptyFireResult(event), blocked: true, decision: 'block', reason: 'keep going' };
}

describe('StopLoopGuard', () => {
  it('is inactive before any block and active after the first (stop_hook_active)', () => {
    const guard = new StopLoopGuard();
    expect(guard.isActive('s1', 'Stop')).toBe(false);
    guard.apply('s1', blocking('Stop'));
    expect(guard.isActive('s1', 'Stop')).toBe(true);
  });
  it('honours up to maxConsecutiveBlocks blocks, then releases the next with a warning', () => {
    const guard = new StopLoopGuard({ maxConsecutiveBlocks: 3 });
    for (let fire = 1; fire <= 3; fire += 1) {
      const { result, warning } = guard.apply('s1', blocking('Stop'));
      expect(result.blocked).toBe(true);
      expect(warning).toBeUndefined();
    }
    const { result, warning } = guard.apply('s1', blocking('Stop'));
    expect(result).toMatchObject({ blocked: false, decision: null, reason: null, event: 'Stop' });
    expect(warning).toMatch(/Stop hooks blocked 4 times in a row in session "s1"/);
    expect(guard.isActive('s1', 'Stop')).toBe(false);
  });
  it('defaults to 8 consecutive blocks', () => {
    const guard = new StopLoopGuard();
    const blockedFlags = Array.from({ length: 9 }, () => guard.apply('s1', blocking('SubagentStop')).result.blocked);
    expect(DEFAULT_MAX_CONSECUTIVE_BLOCKS).toBe(8);
    expect(blockedFlags).toEqual([true, true, true, true, true, true, true, true, false]);
  });
  it('resets when a fire does not block', () => {
    const guard = new StopLoopGuard({ maxConsecutiveBlocks: 2 });
    guard.apply('s1', blocking('Stop'));
    guard.apply('s1', blocking('Stop'));
    guard.apply('s1', emptyFireResult('Stop'));
    expect(guard.isActive('s1', 'Stop')).toBe(false);
    expect(guard.apply('s1', blocking('Stop')).result.blocked).toBe(true);
    expect(guard.apply('s1', blocking('Stop')).result.blocked).toBe(true);
  });
  it('counts each session apart', () => {
    const guard = new StopLoopGuard({ maxConsecutiveBlocks: 1 });
    guard.apply('s1', blocking('Stop'));
    expect(guard.isActive('s2', 'Stop')).toBe(false);
    expect(guard.apply('s2', blocking('Stop')).result.blocked).toBe(true);
    expect(guard.apply('s1', blocking('Stop')).result.blocked).toBe(false);
  });
  it('counts Stop and SubagentStop apart, so a quiet subagent does not reset the main loop', () => {
    const guard = new StopLoopGuard({ maxConsecutiveBlocks: 1 });
    guard.apply('s1', blocking('Stop'));
    guard.apply('s1', emptyFireResult('SubagentStop'));
    expect(guard.isActive('s1', 'Stop')).toBe(true);
    expect(guard.apply('s1', blocking('Stop')).result.blocked).toBe(false);
  });
  it('passes results of events whose block does not keep the agent running through untouched', () => {
    const guard = new StopLoopGuard({ maxConsecutiveBlocks: 0 });
    const denied: FireResult = { ...emptyFireResult('PreToolUse'), blocked: true, decision: 'deny' };
    const { result, warning } = guard.apply('s1', denied);
    expect(result).toBe(denied);
    expect(warning).toBeUndefined();
    expect(guard.isActive('s1', 'PreToolUse')).toBe(false);
  });
  it('rejects a limit that is not a whole number of blocks', () => {
    for (const maxConsecutiveBlocks of [-1, 1.5, Number.NaN]) {
      expect(() => new StopLoopGuard({ maxConsecutiveBlocks })).toThrow(expect.objectContaining({ code: 'ERR_HOOKPOOL_INVALID_OPTIONS' }));
    }
  });
});

describe('StopLoopGuard: the cap per hook source', () => {
  it('maxBlocksFor: 3 when every hook of the fire speaks OpenClaw\'s protocol (never above the engine cap), else the engine cap', () => {
    expect(OPENCLAW_MAX_STOP_BLOCKS).toBe(3);
    expect(maxBlocksFor(['openclaw'], 8)).toBe(3);
    expect(maxBlocksFor(['openclaw', 'openclaw'], 8)).toBe(3);
    expect(maxBlocksFor(['openclaw'], 2)).toBe(2);
    expect(maxBlocksFor(['openclaw', 'claude'], 8)).toBe(8);
    expect(maxBlocksFor(['autohand'], 5)).toBe(5);
  });
  it('honours the cap given for a fire instead of its own', () => {
    const guard = new StopLoopGuard({ maxConsecutiveBlocks: 8 });
    for (let fire = 1; fire <= 3; fire += 1) expect(guard.apply('s1', blocking('Stop'), { maxConsecutiveBlocks: 3 }).result.blocked).toBe(true);
    const { result, warning } = guard.apply('s1', blocking('Stop'), { maxConsecutiveBlocks: 3 });
    expect(result.blocked).toBe(false);
    expect(warning).toMatch(/past maxConsecutiveBlocks \(3\)/);
  });
});
