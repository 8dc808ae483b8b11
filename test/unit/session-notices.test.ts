import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSessionNoticesPath, SESSION_NOTICE_TTL_MS, takeUnsaidNotices } from '../../src/project/session-notices.js';

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hookpool-notices-'));
  path = join(dir, 'cache', 'hookpool', 'session-notices.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('takeUnsaidNotices', () => {
  it('gives each notice once per session, and again in another session', async () => {
    expect(await takeUnsaidNotices('s1', ['a', 'b'], { path })).toEqual(['a', 'b']);
    expect(await takeUnsaidNotices('s1', ['a', 'b', 'c'], { path })).toEqual(['c']);
    expect(await takeUnsaidNotices('s1', ['a'], { path })).toEqual([]);
    expect(await takeUnsaidNotices('s2', ['a'], { path })).toEqual(['a']);
  });
  it('says everything when there is no session id to key it by, and records nothing', async () => {
    expect(await takeUnsaidNotices(undefined, ['a'], { path })).toEqual(['a']);
    expect(await takeUnsaidNotices(undefined, ['a'], { path })).toEqual(['a']);
    await expect(readFile(path)).rejects.toThrow();
  });
  it('forgets sessions untouched for a week', async () => {
    await takeUnsaidNotices('old', ['a'], { path, now: 1_000 });
    await takeUnsaidNotices('new', ['a'], { path, now: 1_000 + SESSION_NOTICE_TTL_MS });
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')))).toEqual(['new']);
  });
  it('starts afresh from an unreadable ledger and writes it 0600', async () => {
    await takeUnsaidNotices('s1', ['a'], { path });
    await writeFile(path, '{not json');
    expect(await takeUnsaidNotices('s1', ['a'], { path })).toEqual(['a']);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });
  it('lives in $XDG_CACHE_HOME, else ~/.cache', () => {
    expect(defaultSessionNoticesPath({ XDG_CACHE_HOME: '/c', HOME: '/h' })).toBe('/c/hookpool/session-notices.json');
    expect(defaultSessionNoticesPath({ HOME: '/h' })).toBe('/h/.cache/hookpool/session-notices.json');
  });
});
