// How hookpool writes its own files: whole, 0600 in a 0700 folder, through a temp file that is
// unique per call (two writes at once in one process both land) and never left behind.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writePrivateFile, writePrivateFileSync } from '../../src/io/write-private-file.js';

describe('writePrivateFile', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hookpool-private-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('writes 0600 in a new 0700 folder, and two writes at once both land whole, leaving no temp file', async () => {
    const file = join(dir, 'state', 'record.json');
    await Promise.all([writePrivateFile(file, '{"a":1}\n'), writePrivateFile(file, '{"b":2}\n')]);
    expect(['{"a":1}\n', '{"b":2}\n']).toContain(await readFile(file, 'utf8'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'state'))).mode & 0o777).toBe(0o700);
    writePrivateFileSync(file, '{"c":3}\n');
    expect(await readFile(file, 'utf8')).toBe('{"c":3}\n');
    expect(await readdir(join(dir, 'state'))).toEqual(['record.json']);
  });

  it('throws when it cannot write, and leaves nothing behind', async () => {
    const notAFolder = join(dir, 'file');
    await writeFile(notAFolder, '');
    await expect(writePrivateFile(join(notAFolder, 'record.json'), 'x')).rejects.toThrow(/EEXIST|ENOTDIR/);
    expect(() => writePrivateFileSync(join(notAFolder, 'record.json'), 'x')).toThrow(/EEXIST|ENOTDIR/);
    expect(await readdir(dir)).toEqual(['file']);
  });
});
