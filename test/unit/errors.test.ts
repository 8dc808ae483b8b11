import { describe, expect, it } from 'vitest';
import { HookpoolError } from '../../src/index.js';

// That docs/errors.md lists every code with its meaning: docs-generated.test.ts.
describe('error codes', () => {
  it('identify HookpoolErrors across copies of the package', () => {
    const foreign = Object.assign(new Error('x'), { code: 'ERR_HOOKPOOL_USAGE', [Symbol.for('hookpool.error')]: true });
    expect(foreign).toBeInstanceOf(HookpoolError);
    expect(new Error('plain')).not.toBeInstanceOf(HookpoolError);
  });
});
