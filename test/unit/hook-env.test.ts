import { describe, expect, it } from 'vitest';
import { baseEnvironment, isSecretName } from '../../src/run/hook-env.js';

describe('hook environment', () => {
  it('recognises secret-looking names', () => {
    for (const name of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'GITHUB_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN',
      'DB_PASSWORD', 'MYSQL_PWD_PASSWORD', 'GOOGLE_APPLICATION_CREDENTIALS', 'CLIENT_SECRET', 'NPM_TOKEN', 'SMTP_PASS']) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['PATH', 'HOME', 'MONKEY', 'KEYBOARD_LAYOUT', 'SSH_AUTH_SOCK', 'TOKENIZERS_PARALLELISM', 'LANG']) {
      expect(isSecretName(name), name).toBe(false);
    }
  });
  it('applies inherit, pass and set', () => {
    const agent = { PATH: '/bin', HOME: '/h', API_KEY: 'k', OTHER: 'o' };
    expect(baseEnvironment({ inherit: 'safe', pass: [], set: {} }, agent)).toEqual({ PATH: '/bin', HOME: '/h', OTHER: 'o' });
    expect(baseEnvironment({ inherit: 'all', pass: [], set: {} }, agent)).toEqual(agent);
    expect(baseEnvironment({ inherit: 'none', pass: ['API_KEY'], set: { X: '1' } }, agent)).toEqual({ PATH: '/bin', HOME: '/h', API_KEY: 'k', X: '1' });
  });
});
