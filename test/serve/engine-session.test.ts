// The engine session behind `hookpool serve`, in process: reloads run one at a time in the order
// asked (the configuration read last is the one that stays), and nothing is started once it is
// closing, not even by a reload that was asked for just before close().
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineSession } from '../../src/project/engine-session.js';
import { createEngineSession } from '../../src/project/resident-engine.js';
import { EVENT_SPECS } from '../../src/events/event-specs.js';
import { createTempProject, type TempProject } from '../cli/cli-harness.js';
import { sparesOf } from '../helpers/processes.js';

/** Writes the user's own hookpool configuration (trusted: it is the user's). */
async function writeUserHooks(project: TempProject, hooks: readonly object[]): Promise<void> {
  const file = join(project.home, '.config', 'hookpool', 'hooks.json');
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify({ hooks }), { mode: 0o600 });
}

const hook = (id: string) => ({ id, event: 'Stop', command: `true ${id}` });

describe('engine session', () => {
  let project: TempProject;
  let session: EngineSession;

  beforeEach(async () => {
    project = await createTempProject();
    vi.stubEnv('HOME', project.home);
    await writeUserHooks(project, [hook('one')]);
    session = await createEngineSession({ cwd: project.dir });
  });

  afterEach(async () => {
    await session.close();
    vi.unstubAllEnvs();
    await project.remove();
  });

  it('reloads one at a time, in the order asked: the last reload reads the last edit', async () => {
    const settled: string[] = [];
    const first = session.reload().then(() => settled.push('first'));
    await writeUserHooks(project, [hook('one'), hook('two')]);
    const second = session.reload().then(() => settled.push('second'));
    await Promise.all([first, second]);
    expect(settled).toEqual(['first', 'second']);
    expect(session.config.hooks.map((hook) => hook.definition.id)).toEqual(['one', 'two']);
    expect((await session.fire(EVENT_SPECS.Stop, {})).result.hooks.map((hook) => hook.id)).toEqual(['one', 'two']);
  });

  it('gives each session\'s hooks that session\'s environment, also once spare processes run them (never another session\'s)', async () => {
    await writeUserHooks(project, [{ id: 'mark', event: 'Stop', command: 'echo "$$ $SESSION_MARK"' }]);
    await session.reload();
    session.registerSession('a', { PATH: process.env.PATH!, HOME: project.home, SESSION_MARK: 'first' });
    session.registerSession('b', { PATH: process.env.PATH!, HOME: project.home, SESSION_MARK: 'second' });
    const pids = new Set<string>();
    for (let round = 0; round < 6; round++) {
      for (const [id, mark] of [['a', 'first'], ['b', 'second']] as const) {
        const [outcome] = (await session.fire(EVENT_SPECS.Stop, { session_id: id })).result.hooks;
        const [pid, seen] = outcome!.stdout.trim().split(' ');
        expect(seen, `session ${id}, round ${round}`).toBe(mark);
        pids.add(pid!);
      }
      // Time for each session's next spare to start, so that later rounds run in spares.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(pids.size).toBe(12);
    // One spare per session waits now (the server's hooks run from this process: the direct host).
    expect(sparesOf(process.pid)).toHaveLength(2);
  });

  it('a reload asked for just before close() starts no engine, and fires after close() are refused with ERR_HOOKPOOL_SERVER_STOPPING', async () => {
    const reload = session.reload();
    const closed = session.close();
    await expect(reload).rejects.toMatchObject({ code: 'ERR_HOOKPOOL_SERVER_STOPPING' });
    await closed;
    await expect(session.fire(EVENT_SPECS.Stop, {})).rejects.toMatchObject({ code: 'ERR_HOOKPOOL_SERVER_STOPPING' });
  });
});
