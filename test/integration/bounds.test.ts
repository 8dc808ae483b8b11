// Resource bounds and what the log may show.
import { execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine, type HookSettled } from '../../src/index.js';
import { sandboxPids } from '../helpers/descriptors.js';
import { HOSTS } from '../helpers/hosts.js';
import { livingProcesses, uniqueSleep } from '../helpers/processes.js';

describe.each(HOSTS)('bounds on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => engine?.close());

  it('starts no hook for an input over maxPayloadBytes, says why, and refuses the prompt since its guard could not run', async () => {
    const settled: HookSettled[] = [];
    engine = createHookEngine({ host, maxPayloadBytes: 1000, onHookSettled: (s) => settled.push(s), hooks: [
      { id: 'fg', event: 'UserPromptSubmit', command: 'exit 2' },
      { id: 'bg', event: 'UserPromptSubmit', command: 'true', background: true },
    ] });
    const result = await engine.fire('UserPromptSubmit', { prompt: 'x'.repeat(2000) });
    // issue 9: this answered `blocked: false` before; a UserPromptSubmit guard fails closed by default.
    expect(result).toMatchObject({ blocked: true, decision: 'block', reason: expect.stringMatching(/^Refused by hookpool: hook "fg" could not start: .*over maxPayloadBytes/) });
    expect(result.failures).toMatchObject([{ id: 'fg', status: 'spawn_failed', onError: 'closed' }]);
    expect(result.hooks).toMatchObject([{ id: 'fg', status: 'spawn_failed', error: expect.stringMatching(/over maxPayloadBytes \(1000\)/) }]);
    expect(settled.map((s) => [s.outcome.id, s.background, s.outcome.status])).toEqual(expect.arrayContaining([['fg', false, 'spawn_failed'], ['bg', true, 'spawn_failed']]));
    expect((await engine.fire('UserPromptSubmit', { prompt: 'short' })).hooks[0]!.status).toBe('exit_nonzero');
  });

  it('runs at most maxConcurrentHooks hook processes at once, queueing the rest', async () => {
    const sleep = `0.${Math.floor(Math.random() * 900) + 100}`;
    engine = createHookEngine({ host, pool: { maxConcurrentHooks: 3 }, hooks: [{ event: 'Stop', args: ['sleep', sleep] }] });
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, livingProcesses(`sleep ${sleep}`).length)), 20);
    const results = await Promise.all(Array.from({ length: 9 }, () => engine!.fire('Stop', {})));
    clearInterval(sampler);
    expect(results.every((result) => result.hooks[0]!.status === 'ok')).toBe(true);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(3);
  });
});

describe('CPU priority of hooks', () => {
  const ownNiceness = Number(execFileSync('nice', { encoding: 'utf8' }));

  // Guards run at the agent's own priority, also under load; only background hooks are lowered.
  it.each(['process', 'thread', 'direct'] as const)('on the %s host: foreground hooks at the agent\'s priority, background hooks pool.niceness lower', async (host) => {
    for (const [niceness, expected] of [[undefined, Math.min(19, ownNiceness + 10)], [0, ownNiceness], [3, Math.min(19, ownNiceness + 3)]] as const) {
      const background: string[] = [];
      const engine = createHookEngine({
        host,
        pool: niceness === undefined ? {} : { niceness },
        onHookSettled: ({ background: isBackground, outcome }) => isBackground && background.push(outcome.stdout),
        hooks: [
          { id: 'guard', event: 'PreToolUse', command: 'ps -o ni= $$' },
          { id: 'later', event: 'PostToolUse', command: 'ps -o ni= $$', background: true },
        ],
      });
      try {
        const [guard] = (await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} })).hooks;
        expect(Number(guard!.stdout), `foreground, niceness ${niceness}`).toBe(ownNiceness);
        await engine.fire('PostToolUse', { tool_name: 'Bash', tool_input: {}, tool_response: {} });
        while (background.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(Number(background[0]), `background, niceness ${niceness}`).toBe(expected);
        // The sandbox itself is not lowered: it starts the guards.
        if (host === 'process') expect(Number(execFileSync('ps', ['-o', 'ni=', '-p', String(sandboxPids()[0])], { encoding: 'utf8' }))).toBe(ownNiceness);
      } finally {
        await engine.close();
      }
    }
  });
});

describe('the log', () => {
  it('redacts values under secret-looking names', async () => {
    let written = '';
    const sink = new Writable({ write: (chunk, _encoding, done) => { written += String(chunk); done(); } });
    const engine = createHookEngine({ logger: pino({ level: 'debug' }, sink), hooks: [
      { id: 'deploy', event: 'Stop', command: 'true', env: { set: { DEPLOY_TOKEN: 'tok-123', REGION: 'eu' } } },
    ] });
    await engine.close();
    expect(written).toContain('"REGION":"eu"');
    expect(written).toContain('"DEPLOY_TOKEN":"[redacted]"');
    expect(written).not.toContain('tok-123');
  });

  it('redacts values that are credentials whatever their name, and never logs tool input from a failed spawn (issue 9)', async () => {
    let written = '';
    const sink = new Writable({ write: (chunk, _encoding, done) => { written += String(chunk); done(); } });
    const engine = createHookEngine({ logger: pino({ level: 'debug' }, sink), hooks: [
      { id: 'deploy', event: 'Stop', command: 'true', env: { set: { UPSTREAM: 'https://deploy:s3cret@git.example/app.git', REGION: 'eu' } } },
      { id: 'argv', event: 'PostToolUse', template: true, args: ['/nonexistent/lint', '{{tool_input.content}}'] },
    ] });
    const result = await engine.fire('PostToolUse', { tool_name: 'Write', tool_input: { content: 'PAYLOAD-MARKER\0' } });
    await engine.close();
    expect(result.failures).toMatchObject([{ id: 'argv', status: 'spawn_failed' }]);
    expect(written).toContain('"REGION":"eu"');
    expect(written).toContain('"UPSTREAM":"[redacted]"');
    expect(written).not.toContain('s3cret');
    expect(written).not.toContain('PAYLOAD-MARKER');
  });

  it('refuses a template that would let the payload choose the program', () => {
    expect(() => createHookEngine({ hooks: [{ event: 'PostToolUse', template: true, args: ['{{tool_input.command}}', '-x'] }] })).toThrow(/args\[0\].*cannot be a placeholder/);
  });
});
