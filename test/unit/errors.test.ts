import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, HookpoolError } from '../../src/index.js';

describe('error codes', () => {
  it('are all documented in the README, with their meaning', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const [code, meaning] of Object.entries(ERROR_CODES)) expect(readme).toContain(`| \`${code}\` | ${meaning} |`);
  });

  it('identify HookpoolErrors across copies of the package', () => {
    const foreign = Object.assign(new Error('x'), { code: 'ERR_HOOKPOOL_USAGE', [Symbol.for('hookpool.error')]: true });
    expect(foreign).toBeInstanceOf(HookpoolError);
    expect(new Error('plain')).not.toBeInstanceOf(HookpoolError);
  });
});
