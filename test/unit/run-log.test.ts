import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendRunRecord, readRunRecords, type RunRecord } from '../../src/cli/history/run-log.js';
import { tempDir } from '../helpers/temp-dirs.js';

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
