// A module worker's process.env (workers/process-env.ts) is exactly the running hook's
// environment after every run: nothing a previous run's fire or another hook set is left. Run in
// a real worker thread started with an environment of its own, as the module workers are.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const PROCESS_ENV = new URL('../../dist/workers/process-env.js', import.meta.url).href;

type Step = [base: Record<string, string> | undefined, overlay: Record<string, string>, runId: string];

// Applies each step in a fresh worker and returns process.env after each.
function applyInWorker(start: Record<string, string>, steps: Step[]): Promise<Record<string, string>[]> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.module).then(({ ProcessEnv }) => {
      const env = new ProcessEnv();
      const bases = {};
      parentPort.postMessage(workerData.steps.map(([base, overlay, runId]) => {
        // The same base object each time it is named, as a worker holds its hooks' environments.
        const key = JSON.stringify(base ?? null);
        env.apply(base === undefined ? undefined : (bases[key] ??= base), overlay, runId);
        return { ...process.env };
      }));
    });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, env: start, workerData: { module: PROCESS_ENV, steps } });
    worker.once('message', (message) => void worker.terminate().then(() => resolve(message as Record<string, string>[])));
    worker.once('error', reject);
  });
}

describe('a module worker\'s process.env', () => {
  it('is the hook\'s environment, its fire\'s variables and its run id, and nothing a previous run left', async () => {
    const hook = { PATH: '/usr/bin', HOOK_SETTING: 'base', constructor: 'a name JavaScript objects also have' };
    const other = { PATH: '/bin', SLACK_WEBHOOK_URL: 'passed to the other hook only' };
    const [first, second, third, back] = await applyInWorker({ LEFT_FROM_START: 'x', PATH: '/usr/bin' }, [
      [hook, { HOOKPOOL_EVENT: 'SessionStart', CLAUDE_ENV_FILE: '/tmp/env-1', HOOK_SETTING: 'fire' }, 'run.1'],
      [hook, { HOOKPOOL_EVENT: 'Stop' }, 'run.2'],
      [other, { HOOKPOOL_EVENT: 'Stop' }, 'run.3'],
      [hook, {}, 'run.4'],
    ]);
    expect(first).toEqual({ ...hook, HOOKPOOL_EVENT: 'SessionStart', CLAUDE_ENV_FILE: '/tmp/env-1', HOOK_SETTING: 'fire', HOOKPOOL_RUN_ID: 'run.1' });
    expect(second).toEqual({ ...hook, HOOKPOOL_EVENT: 'Stop', HOOKPOOL_RUN_ID: 'run.2' });
    expect(third).toEqual({ ...other, HOOKPOOL_EVENT: 'Stop', HOOKPOOL_RUN_ID: 'run.3' });
    expect(back).toEqual({ ...hook, HOOKPOOL_RUN_ID: 'run.4' });
  });
});
