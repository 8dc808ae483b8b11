// Autohand docs, "Smart Commit Hook": "Automatically runs lint, test, and creates a commit with an
// LLM-generated message", on stop, async. hookpool's built-in smart-commit, switched on in
// hookpool's own file and by SMART_COMMIT_HOOK=1, through a real engine: lint, then tests, then a commit whose message the
// engine's prompt evaluator wrote (the LLM); the agent's fire does not wait for it.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { EvaluationRequest, HookSettled } from '../../../src/index.js';
import { engineFor, HOSTS, workspace } from '../kit.js';

describe.each(HOSTS)('Autohand smart commit, %s host', (host) => {
  it('lint, then test, then a commit with the prompt evaluator\'s message, in the background', async () => {
    const ws = await workspace();
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: ws.home, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Agent', GIT_AUTHOR_EMAIL: 'agent@test.invalid', GIT_COMMITTER_NAME: 'Agent', GIT_COMMITTER_EMAIL: 'agent@test.invalid', SMART_COMMIT_HOOK: '1' };
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ws.root, env, encoding: 'utf8' });
    git('init', '--quiet', '--initial-branch=main');
    await ws.write('.gitignore', 'home/\nchecks.log\nhooks.json\n');
    await ws.write('package.json', { name: 'demo', scripts: { lint: 'echo lint >> checks.log', test: 'echo test >> checks.log' } });
    git('add', '.gitignore', 'package.json');
    const file = await ws.write('hooks.json', { builtins: { 'smart-commit': { enabled: true } } });
    const requests: EvaluationRequest[] = [];
    const prompt = async (request: EvaluationRequest) => {
      requests.push(request);
      return 'Set the project up\n\nA package.json with lint and test scripts.';
    };
    const settled: HookSettled[] = [];
    const engine = engineFor(host, ws, await ws.load({ files: [file] }), { env, evaluators: { prompt }, onHookSettled: (hook) => void settled.push(hook), closeTimeout: 120_000 });

    const stop = await engine.fire('Stop', {});
    expect(stop).toMatchObject({ blocked: false, hooks: [] });
    await engine.close(); // waits for the background hook (npm runs lint and test)

    expect(await ws.lines('checks.log')).toEqual(['lint', 'test']);
    expect(git('log', '-1', '--format=%s%n%n%b').trim()).toBe('Set the project up\n\nA package.json with lint and test scripts.');
    expect(requests).toEqual([expect.objectContaining({ kind: 'prompt', expects: 'text', event: 'Stop', hookId: 'builtin:smart-commit' })]);
    expect(requests[0]!.prompt).toContain('+  "name": "demo",');
    expect(settled).toEqual([expect.objectContaining({ event: 'Stop', background: true, outcome: expect.objectContaining({ id: 'builtin:smart-commit', status: 'ok' }) })]);
    expect(JSON.parse(settled[0]!.outcome.stdout)).toEqual({ systemMessage: expect.stringMatching(/^smart commit: [0-9a-f]+ Set the project up \(message from the prompt evaluator\)$/) });
  });
});
