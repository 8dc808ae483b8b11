import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { createCliEngine } from '../../src/project/one-shot-engine.js';
import { parseNativeHooks } from '../../src/config/parse-native.js';
import { appendRunRecord, readRunRecords, runLogWriter, type RunRecord } from '../../src/project/run-log.js';
import { tempDir } from '../helpers/temp-dirs.js';

const BUILT_RUN_LOG = fileURLToPath(new URL('../../dist/src/project/run-log.js', import.meta.url));

async function waitFor(check: () => boolean | Promise<boolean>, withinMs = 20_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const record = (index: number): RunRecord => ({ at: new Date(index * 1000).toISOString(), id: `hook-${index}`, event: 'Stop', status: 'ok', durationMs: index, exitCode: 0 });

describe('the run log', () => {
  it('rotates past its size cap, keeping one previous file, and reads both in order', async () => {
    const path = join(tempDir('runlog'), 'state', 'runs.jsonl');
    const lineBytes = `${JSON.stringify(record(10))}\n`.length;
    for (let index = 10; index < 30; index++) appendRunRecord(path, record(index), lineBytes * 5);

    const current = (await readFile(path, 'utf8')).trim().split('\n');
    const rotated = (await readFile(`${path}.1`, 'utf8')).trim().split('\n');
    const all = await readRunRecords(path);

    expect(current).toHaveLength(5);
    expect(rotated).toHaveLength(5);
    expect(all.map((run) => run.id)).toEqual(Array.from({ length: 10 }, (_, index) => `hook-${20 + index}`));
  });

  it('skips malformed lines and never throws when it cannot write', async () => {
    const dir = tempDir('runlog');
    const path = join(dir, 'runs.jsonl');
    await writeFile(path, `not json\n{"id": 1}\n${JSON.stringify(record(1))}\n`);

    expect((await readRunRecords(path)).map((run) => run.id)).toEqual(['hook-1']);
    expect(() => appendRunRecord(join(path, 'inside-a-file', 'runs.jsonl'), record(2))).not.toThrow();
  });
});

describe('the run log writer (records batched off the fire path)', () => {
  it('never follows a link planted where the log goes, nor writes into a folder others may write', async () => {
    const dir = tempDir('runlog');
    const victim = join(dir, 'victim.txt');
    await writeFile(victim, 'untouched\n');
    const path = join(dir, 'state', 'runs.jsonl');
    await mkdir(join(dir, 'state'), { recursive: true, mode: 0o700 });
    await symlink(victim, path);
    const shared = join(dir, 'shared');
    await mkdir(shared, { mode: 0o777 });
    await chmod(shared, 0o777);

    appendRunRecord(path, record(1));
    appendRunRecord(join(shared, 'runs.jsonl'), record(2));

    expect(await readFile(victim, 'utf8')).toBe('untouched\n');
    // A folder of the user's that others could enter is tightened first, then used.
    expect((await stat(shared)).mode & 0o777).toBe(0o700);
  });

  it('writes queued records together on flush(), and by itself a moment later', async () => {
    const path = join(tempDir('runlog'), 'state', 'runs.jsonl');
    const writer = runLogWriter(path);
    writer.record(record(1));
    writer.record(record(2));
    writer.flush();
    expect((await readRunRecords(path)).map((run) => run.id)).toEqual(['hook-1', 'hook-2']);

    writer.record(record(3));
    await waitFor(async () => (await readRunRecords(path)).length === 3);
    expect((await readRunRecords(path)).map((run) => run.id)).toEqual(['hook-1', 'hook-2', 'hook-3']);
  });

  it.each([
    ['exits', 'process.exit(0)'],
    ['is killed by SIGTERM', "process.kill(process.pid, 'SIGTERM'); setTimeout(() => {}, 60_000)"],
    ['ends its event loop', ''],
  ])('has every record on disk when the process %s before the batch was due', async (_how, ending) => {
    const path = join(tempDir('runlog'), 'state', 'runs.jsonl');
    const script = `
      const { runLogWriter } = await import(${JSON.stringify(BUILT_RUN_LOG)});
      const writer = runLogWriter(${JSON.stringify(path)});
      for (let index = 0; index < 5; index++) writer.record({ at: new Date().toISOString(), id: 'hook-' + index, event: 'Stop', status: 'ok', durationMs: index, exitCode: 0 });
      ${ending}`;
    await execa('node', ['--input-type=module', '-e', script], { reject: false });
    expect((await readRunRecords(path)).map((run) => run.id)).toEqual(['hook-0', 'hook-1', 'hook-2', 'hook-3', 'hook-4']);
  });

  it("the CLI engine's runs are on disk once close() resolves", async () => {
    const state = tempDir('runlog');
    const path = join(state, 'hookpool', 'runs.jsonl');
    const previous = process.env.XDG_STATE_HOME;
    process.env.XDG_STATE_HOME = state;
    try {
      const engine = createCliEngine({ hooks: parseNativeHooks([{ id: 'quick', event: 'Stop', command: 'exit 0' }]), cwd: state, warnOnStderr: false });
      await engine.fire('Stop', {});
      await engine.fire('Stop', {});
      await engine.close();
      expect(existsSync(path)).toBe(true);
      expect((await readRunRecords(path)).map((run) => [run.id, run.status])).toEqual([['quick', 'ok'], ['quick', 'ok']]);
    } finally {
      if (previous === undefined) delete process.env.XDG_STATE_HOME;
      else process.env.XDG_STATE_HOME = previous;
    }
  });
});
