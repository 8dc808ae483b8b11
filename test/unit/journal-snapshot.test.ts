// The server's check before each fire: a path's stat against the one taken after the load, and
// for a path changed close to the load ("racy"), its content read again, since a coarse stat
// time may hide a change.
import { mkdir, mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotJournal } from '../../src/project/config-cache/journal-snapshot.js';
import type { FileObservation } from '../../src/config/file-journal.js';
import { fingerprintRegularFile } from '../../src/trust/hash-regular-file.js';

// A load that started well after every file here was written: no path is racy.
const settledLoad = () => Date.now() + 60_000;

describe('journal snapshot', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hookpool-snapshot-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  const script = async (path: string): Promise<FileObservation> => ({ kind: 'script', path, fingerprint: await fingerprintRegularFile(path) });

  it('is current until a path it saw changes, appears or is re-pointed', async () => {
    const file = join(dir, 'check.sh');
    const other = join(dir, 'other.sh');
    const link = join(dir, 'link.sh');
    const later = join(dir, 'later.sh');
    await writeFile(file, 'exit 2\n');
    await writeFile(other, 'exit 0\n');
    await symlink(file, link);
    const snapshot = snapshotJournal([await script(file), await script(link), { kind: 'script', path: later, fingerprint: 'none' }], settledLoad());
    expect(snapshot.paths).toEqual([file, link, later]);
    expect(await snapshot.isCurrent()).toBe(true);

    await writeFile(file, 'exit 0\n');
    expect(await snapshot.isCurrent()).toBe(false);

    const relinked = snapshotJournal([await script(link)], settledLoad());
    await unlink(link);
    await symlink(other, link);
    expect(await relinked.isCurrent()).toBe(false);

    const appearing = snapshotJournal([{ kind: 'script', path: later, fingerprint: 'none' }], settledLoad());
    await writeFile(later, 'exit 0\n');
    expect(await appearing.isCurrent()).toBe(false);
  });

  it('takes a folder the load only looked for as unchanged while it stays a folder, whatever is written into it', async () => {
    const data = join(dir, 'plugin-data');
    await mkdir(data);
    const snapshot = snapshotJournal([{ kind: 'folder', path: data, fingerprint: 'true' }], Date.now());
    await writeFile(join(data, 'state.json'), '{}');
    expect(await snapshot.isCurrent()).toBe(true);
    await rm(data, { recursive: true });
    expect(await snapshot.isCurrent()).toBe(false);
  });

  it('reads a path changed close to the load again: what the load read must still be there, whatever its stat says', async () => {
    const file = join(dir, 'check.sh');
    await writeFile(file, 'exit 2\n');
    // The load read other bytes than the file holds now, and the stat cannot tell (same tick).
    const readBefore: FileObservation = { kind: 'script', path: file, fingerprint: 'bytes the load read earlier' };
    expect(await snapshotJournal([readBefore], Date.now()).isCurrent()).toBe(false);
    // Only a stat old enough to be believed skips the read.
    expect(await snapshotJournal([readBefore], settledLoad()).isCurrent()).toBe(true);
    expect(await snapshotJournal([await script(file)], Date.now()).isCurrent()).toBe(true);
  });
});
