// Output written within the pipe grace reaches the outcome even when the thread running the hook
// was blocked past the grace (a loaded machine, or the sandbox's main thread busy spawning
// other hooks): the grace timer then fires with that output already waiting in the pipe.
import { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { GroupRegistry } from '../../src/run/group-registry.js';
import { runHookProcess } from '../../workers/run-hook-process.js';
import { expectNoneAlive, uniqueSleep } from '../helpers/processes.js';

const PIPE_GRACE_MS = 100;
const originalEmit = ChildProcess.prototype.emit;
let dir: string | undefined;

afterEach(() => {
  ChildProcess.prototype.emit = originalEmit;
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

it('keeps output a descendant wrote within the pipe grace while the loop was blocked past it', async () => {
  dir = mkdtempSync(join(tmpdir(), 'hookpool-blocked-loop-'));
  const written = join(dir, 'written');
  const sleep = uniqueSleep();
  // Right after the leader's exit is handled (the grace timer armed), block this thread until
  // the descendant has written and the grace has passed: what a busy thread does to the run.
  ChildProcess.prototype.emit = function (this: ChildProcess, event: string, ...args: unknown[]) {
    const handled = originalEmit.call(this, event, ...args);
    if (event === 'exit') {
      const until = Date.now() + PIPE_GRACE_MS + 50;
      const giveUp = Date.now() + 10_000;
      while ((Date.now() < until || !existsSync(written)) && Date.now() < giveUp);
    }
    return handled;
  } as typeof originalEmit;
  const registry = new GroupRegistry(1);
  const slot = registry.claim();
  const outcome = await runHookProcess(
    {
      hookId: 'late-writer',
      envKey: '0',
      slot,
      runId: `blocked-loop.${slot}`,
      file: '/bin/sh',
      // The descendant holds stdout, writes once the leader is gone, then lingers.
      argv: ['-c', `printf early; (sleep 0.05; printf late; : > ${written}; exec sleep ${sleep}) & exit 0`],
      cwd: dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      stdin: '',
      timeoutMs: 30_000,
      killGraceMs: 500,
      pipeGraceMs: PIPE_GRACE_MS,
      maxOutputBytes: 1024,
      killDescendants: true,
    },
    registry,
  );
  ChildProcess.prototype.emit = originalEmit;
  expect(outcome).toMatchObject({ status: 'ok', exitCode: 0, stdout: 'earlylate' });
  await expectNoneAlive(`sleep ${sleep}`);
});
