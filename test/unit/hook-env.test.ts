import { describe, expect, it } from 'vitest';
import { baseEnvironment, CUT_VARIABLES_NAME, MAX_ENV_VALUE_BYTES } from '../../src/run/hook-env.js';
import { isSecretName, looksLikeCredential } from '../../src/run/secrets.js';
import { EVENT_SPECS } from '../../src/events/event-specs.js';
import type { HookProtocol } from '../../src/model/hook-definition.js';
import { PROTOCOLS } from '../../src/run/hook-protocols/protocols.js';

const context = { sessionId: 's1', cwd: '/p', projectDir: '/p', model: undefined };

function variablesOf(protocol: HookProtocol, event: keyof typeof EVENT_SPECS, input: Record<string, unknown>): Record<string, string> {
  return PROTOCOLS[protocol].view({ spec: EVENT_SPECS[event], input, inputJson: JSON.stringify(input), context }).variables;
}

describe('secret variables', () => {
  it('recognises secret-looking names', () => {
    for (const name of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'GITHUB_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN',
      'DB_PASSWORD', 'MYSQL_PWD_PASSWORD', 'GOOGLE_APPLICATION_CREDENTIALS', 'CLIENT_SECRET', 'NPM_TOKEN', 'SMTP_PASS',
      // issue 9: names that reached hooks under the default policy
      'DATABASE_URL', 'REDIS_URL', 'MONGODB_URI', 'GITHUB_PAT', 'GH_PAT', 'MYSQL_PWD', 'npm_config_//registry.npmjs.org/:_authToken',
      'npm_config__auth', 'SENTRY_DSN', 'SLACK_WEBHOOK_URL', 'SSH_AUTH_SOCK', 'DOCKER_AUTH_CONFIG', 'STRIPE_KEY_2', 'API_KEY2']) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['PATH', 'HOME', 'PWD', 'OLDPWD', 'MONKEY', 'KEYBOARD_LAYOUT', 'TOKENIZERS_PARALLELISM', 'LANG', 'GIT_AUTHOR_NAME', 'OAUTH_CLIENT_ID_HINT', 'SSH_KEY_PATH_HINT', 'HTTP_PROXY', 'NODE_ENV']) {
      expect(isSecretName(name), name).toBe(false);
    }
  });
  it('recognises credentials by their value, whatever the name', () => {
    for (const value of ['http://user:s3cret@proxy.example:8080', 'postgres://app:pw@db/app', `ghp_${'a'.repeat(36)}`, `sk-ant-api03-${'x'.repeat(40)}`,
      'AKIAABCDEFGHIJKLMNOP', '-----BEGIN OPENSSH PRIVATE KEY-----\nabc', 'https://hooks.slack.com/services/T0/B0/x', `xoxb-${'1'.repeat(12)}-abc`]) {
      expect(looksLikeCredential(value), value).toBe(true);
    }
    for (const value of ['http://proxy.example:8080', '/usr/bin:/bin', 'en_US.UTF-8', 'postgres://localhost/app', 'skip-this']) {
      expect(looksLikeCredential(value), value).toBe(false);
    }
  });
});

describe('hook environment', () => {
  it('applies inherit, pass and set', () => {
    const agent = { PATH: '/bin', HOME: '/h', API_KEY: 'k', OTHER: 'o', HTTPS_PROXY: 'http://u:p@proxy:3128' };
    expect(baseEnvironment({ inherit: 'safe', pass: [], set: {} }, agent)).toEqual({ PATH: '/bin', HOME: '/h', OTHER: 'o' });
    expect(baseEnvironment({ inherit: 'all', pass: [], set: {} }, agent)).toEqual(agent);
    expect(baseEnvironment({ inherit: 'none', pass: ['API_KEY'], set: { X: '1' } }, agent)).toEqual({ PATH: '/bin', HOME: '/h', API_KEY: 'k', X: '1' });
  });
  it('passes names the user-level policy lists to every hook', () => {
    expect(baseEnvironment({ inherit: 'safe', pass: [], set: {} }, { SLACK_WEBHOOK_URL: 'https://hooks.slack.com/x' }, ['SLACK_WEBHOOK_URL'])).toEqual({ SLACK_WEBHOOK_URL: 'https://hooks.slack.com/x' });
  });
  it('keeps the nesting depth under every policy, so a hook running hookpool cannot recurse forever', () => {
    for (const inherit of ['safe', 'all', 'none'] as const) {
      expect(baseEnvironment({ inherit, pass: [], set: {} }, { HOOKPOOL_RUN_DEPTH: '2' }).HOOKPOOL_RUN_DEPTH, inherit).toBe('2');
    }
  });
  it.each(['claude', 'opta', 'autohand', 'wundr', 'openclaw'] as const)(
    'escapes NUL bytes, which no environment can hold, instead of failing every hook of the fire (%s protocol)',
    (protocol) => {
      const input = { session_id: 's\0', tool_name: 'Ba\0sh', tool_input: { a: 'b\0' }, tool_response: 'a\0b', error: 'x\0y', agent_id: 'ag\0', message: 'm\0' };
      const env = variablesOf(protocol, 'PostToolUseFailure', input);
      expect(env).toMatchObject({ HOOKPOOL_TOOL_NAME: 'Ba\\u0000sh' });
      for (const [name, value] of Object.entries(env)) expect(value, name).not.toContain('\0');
    },
  );
  it('escapes NUL bytes in every seed variable that carries one', () => {
    const input = { tool_name: 'Ba\0sh', tool_input: {}, tool_response: 'a\0b', error: 'x\0y' };
    expect(variablesOf('opta', 'PostToolUseFailure', input)).toMatchObject({ OPTA_TOOL_NAME: 'Ba\\u0000sh', OPTA_TOOL_RESULT: 'a\\u0000b', OPTA_ERROR: 'x\\u0000y' });
    expect(variablesOf('autohand', 'PostToolUseFailure', input)).toMatchObject({ HOOK_TOOL: 'Ba\\u0000sh', HOOK_OUTPUT: 'a\\u0000b', HOOK_ERROR: 'x\\u0000y' });
    expect(variablesOf('wundr', 'PostToolUseFailure', input)).toMatchObject({ WUNDR_HOOK_TOOLNAME: 'Ba\\u0000sh', WUNDR_HOOK_ERROR: 'x\\u0000y' });
  });
  it('marks a cut value and names it, so a guard reading it knows it does not see everything', () => {
    const command = `${'#'.repeat(MAX_ENV_VALUE_BYTES)} rm -rf /`;
    const opta = variablesOf('opta', 'PreToolUse', { tool_name: 'Bash', tool_input: { command } });
    expect(opta.OPTA_TOOL_ARGS).toMatch(/…\[hookpool: cut at 65536 of \d+ bytes; the JSON on stdin has it whole\]$/);
    expect(opta[CUT_VARIABLES_NAME]).toBe('OPTA_TOOL_ARGS');
    const autohand = variablesOf('autohand', 'PreToolUse', { tool_name: 'Bash', tool_input: { command } });
    expect(autohand.HOOK_ARGS).toMatch(/…\[hookpool: cut at 65536 of \d+ bytes; the JSON on stdin has it whole\]$/);
    expect(autohand[CUT_VARIABLES_NAME]).toBe('HOOK_ARGS');
    const wundr = variablesOf('wundr', 'PreToolUse', { tool_name: 'Bash', tool_input: { command } });
    expect(wundr[CUT_VARIABLES_NAME]).toBe('WUNDR_HOOK_METADATA');
    const small = variablesOf('opta', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(small[CUT_VARIABLES_NAME]).toBeUndefined();
  });
});
