// The CLI's engine options are completed without zod (engine-defaults.ts): they must come out as
// the library's schema completes the same options, so that `run` and an agent's engine agree.
import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../src/engine/engine-defaults.js';
import { parseEngineOptions } from '../../src/engine/engine-options.js';

describe('withDefaults', () => {
  it('fills in what the schema fills in', () => {
    const own = { cwd: '/tmp/project', sessionId: 's1', host: 'direct' as const, pool: { threads: 1 } };
    expect(withDefaults(own)).toEqual(parseEngineOptions(own));
    expect(withDefaults({ cwd: '/tmp/project', sessionId: 's1' })).toEqual(parseEngineOptions({ cwd: '/tmp/project', sessionId: 's1' }));
  });

  it('gives a session id when none is given, even as an explicit undefined', () => {
    const { sessionId } = withDefaults({ cwd: '/tmp/project', sessionId: undefined });
    expect(sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});
