// Wundr's `catchErrors` (lifecycle hooks analysis, 5.3): "default: true, catches handler errors and
// logs them"; "safety hooks (like dangerous tool blocker) set catchErrors: false". In a Wundr file a
// guard that fails lets the event go on, never silently: the failure is in FireResult.failures and
// the log, and `doctor` and `validate` name the guard with the line that closes it.
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { engineFor, HOSTS, workspace } from '../kit.js';
import { runCli } from '../../cli/cli-harness.js';

describe.each(HOSTS)('Wundr catchErrors, %s host', (host) => {
  it('a failing guard without catchErrors is logged and the tool runs; catchErrors: false refuses it', async () => {
    const ws = await workspace();
    const file = await ws.write('wundr.hooks.json', {
      enabled: true,
      hooks: [
        { id: 'policy-lookup', event: 'PreToolUse', type: 'command', timeoutMs: 300, command: 'sleep 5' },
        { id: 'dangerous-tool-blocker', event: 'PreToolUse', type: 'command', priority: 1000, catchErrors: false, matcher: { toolName: 'dangerous_*' }, command: 'exit 1' },
      ],
    });
    const config = await ws.load({ files: [file] });
    expect(config.problems).toEqual([]);
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
    const engine = engineFor(host, ws, config, { logger });

    const ordinary = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    const dangerous = await engine.fire('PreToolUse', { tool_name: 'dangerous_tool', tool_input: {} });

    expect(ordinary).toMatchObject({ blocked: false, decision: null });
    expect(ordinary.failures).toEqual([expect.objectContaining({ id: 'policy-lookup', status: 'timed_out', onError: 'open' })]);
    expect(dangerous).toMatchObject({ blocked: true, decision: 'deny' });
    expect(dangerous.reason).toContain('dangerous-tool-blocker');
    expect(dangerous.failures.map((failure) => [failure.id, failure.onError])).toEqual([['policy-lookup', 'open'], ['dangerous-tool-blocker', 'closed']]);
    expect(lines.filter((line) => line.level === 40 && line.msg.includes('policy-lookup'))).toHaveLength(2);
  });
});

describe('Wundr catchErrors in doctor and validate', () => {
  it('doctor and validate name each guard that proceeds when its hook fails, with the one line that closes it', async () => {
    const ws = await workspace();
    await ws.write('wundr.hooks.json', {
      hooks: [
        { id: 'policy-lookup', event: 'PreToolUse', type: 'command', command: 'true' },
        { id: 'blocker', event: 'PreToolUse', type: 'command', catchErrors: false, command: 'true' },
        { id: 'prompt-check', event: 'UserPromptSubmit', type: 'command', command: 'true' },
        { id: 'logger', event: 'PostToolUse', type: 'command', command: 'true' },
      ],
    });
    const closing = 'set "catchErrors": false on it (Wundr\'s default, true, logs the error and lets the event go on)';
    const lines = [
      `wundr.hooks.json: hooks[0]: guard "policy-lookup" on PreToolUse proceeds when its hook fails; ${closing}`,
      `wundr.hooks.json: hooks[2]: guard "prompt-check" on UserPromptSubmit proceeds when its hook fails; ${closing}`,
    ];
    const cli = (...args: string[]) => runCli([...args, '--config', 'wundr.hooks.json'], { cwd: ws.root, home: ws.home });

    const [json, text, doctor] = await Promise.all([cli('validate', '--json'), cli('validate'), cli('doctor')]);

    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout).failOpenGuards).toEqual(lines);
    expect(text.exitCode).toBe(0);
    expect(text.stdout.split('\n').filter((line) => line.startsWith('note: '))).toEqual(lines.map((line) => `note: ${line}`));
    expect(doctor.exitCode).toBe(0);
    // Below its table, doctor lists them in the same words (its table notes each in its row too).
    expect(doctor.stdout.split('\n').filter((line) => line.includes('proceeds when its hook fails'))).toEqual(lines.map((line) => `warn  ${line}`));
  }, 60_000);
});
