// The engine's shortcut for fires whose hooks all exited 0 silently (src/engine/quiet-fire.ts)
// must answer exactly what merging their outcomes answers, for every event, in the same key order.
import { describe, expect, it } from 'vitest';
import { aggregateFire } from '../../src/aggregate/aggregate-fire.js';
import type { HookProtocol } from '../../src/model/hook-definition.js';
import { EVENT_NAMES, EVENT_SPECS } from '../../src/events/event-specs.js';
import { quietFireResult } from '../../src/engine/quiet-fire.js';
import type { HookOutcome } from '../../src/model/hook-outcome.js';

const quiet = (id: string): HookOutcome => ({ id, status: 'ok', exitCode: 0, signal: null, durationMs: 1.2, stdout: '', stderr: '', truncated: false });
const RULES = [
  { protocol: 'claude' as HookProtocol, exitCodes: 'claude' as const, onError: 'open' as const },
  { protocol: 'claude' as HookProtocol, exitCodes: 'any-nonzero-blocks' as const, onError: 'closed' as const },
];

describe('quietFireResult', () => {
  it.each(EVENT_NAMES.filter((name) => name !== 'WorktreeCreate'))('answers what aggregateFire answers for %s', (name) => {
    const spec = EVENT_SPECS[name];
    const emptyJson = { ...quiet('b'), stdout: '{}' };
    for (const outcomes of [[quiet('a')], [emptyJson], [quiet('a'), { ...quiet('b'), statusMessage: 'checking' }], [emptyJson, quiet('a')]]) {
      const rules = RULES.slice(0, outcomes.length);
      const merged = aggregateFire(spec, rules, outcomes);
      const shortcut = quietFireResult(spec, rules, outcomes);
      expect(shortcut).toStrictEqual(merged);
      expect(JSON.stringify(shortcut)).toBe(JSON.stringify(merged));
    }
  });

  it('declines anything with an answer to read: output, a failure, a cut, another protocol, WorktreeCreate', () => {
    const spec = EVENT_SPECS.PreToolUse;
    const claude = [RULES[0]!];
    expect(quietFireResult(spec, claude, [{ ...quiet('a'), stdout: '{"continue":true}' }])).toBeNull();
    expect(quietFireResult(spec, claude, [{ ...quiet('a'), stdout: 'text' }])).toBeNull();
    expect(quietFireResult(spec, claude, [{ ...quiet('a'), stdout: '{ }' }])).toBeNull();
    expect(quietFireResult(spec, claude, [{ ...quiet('a'), stderr: 'note' }])).toBeNull();
    expect(quietFireResult(spec, claude, [{ ...quiet('a'), truncated: true }])).toBeNull();
    expect(quietFireResult(spec, claude, [{ ...quiet('a'), status: 'exit_nonzero', exitCode: 1 }])).toBeNull();
    expect(quietFireResult(spec, claude, [{ ...quiet('a'), status: 'timed_out', exitCode: null }])).toBeNull();
    expect(quietFireResult(spec, [{ protocol: 'wundr' }], [quiet('a')])).toBeNull();
    expect(quietFireResult(spec, [RULES[0]!, { protocol: 'opta' }], [quiet('a'), quiet('b')])).toBeNull();
    expect(quietFireResult(EVENT_SPECS.WorktreeCreate, claude, [quiet('a')])).toBeNull();
  });
});
