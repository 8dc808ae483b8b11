// `hookpool run` loads its bundles through a V8 code cache (src/cli/load-bundle.ts): written at
// the first run's exit, used by the next ones, and never read when it could be someone else's
// (a file others may write, a link) or is not V8's (garbage): then the run compiles as without
// one and leaves a good cache behind.
import { chmodSync, lstatSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
const bashCall = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } });
const cacheDir = () => join(project.home, '.cache', 'hookpool', 'code-cache');
const cacheFiles = () => readdirSync(cacheDir()).sort();
const cacheOf = (bundle: string) => join(cacheDir(), cacheFiles().find((name) => new RegExp(`^${bundle}-[0-9a-f]{16}-[0-9a-f]{16}\\.bin$`).test(name))!);

// The answer, without the hook's duration.
async function run(): Promise<string> {
  const result = await project.cli(['run', 'PreToolUse'], { input: bashCall });
  expect(result.exitCode).toBe(2);
  return result.stdout.replace(/[\d.]+ ms/g, 'N ms');
}

beforeEach(async () => {
  project = await createTempProject();
  await project.write('.hookpool/hooks.json', { hooks: [{ id: 'no-bash', event: 'PreToolUse', matcher: 'Bash', command: 'echo no bash >&2; exit 2' }] });
  expect((await project.cli(['trust'])).exitCode).toBe(0);
});
afterEach(() => project.remove());

describe('the code cache of `hookpool run`', () => {
  it('is written by the first run (0600 files in a 0700 folder) and used unchanged by the next', async () => {
    const first = await run();
    expect(cacheFiles().map((name) => name.replace(/-[0-9a-f]{16}-[0-9a-f]{16}\.bin$/, '')).sort()).toEqual(['hookpool-config-loader', 'hookpool-run', 'hookpool-run-engine']);
    expect(statSync(cacheDir()).mode & 0o777).toBe(0o700);
    for (const name of cacheFiles()) expect(statSync(join(cacheDir(), name)).mode & 0o777).toBe(0o600);
    const written = Object.fromEntries(cacheFiles().map((name) => [name, statSync(join(cacheDir(), name)).mtimeMs]));

    expect(await run()).toBe(first);
    expect(Object.fromEntries(cacheFiles().map((name) => [name, statSync(join(cacheDir(), name)).mtimeMs]))).toEqual(written);
  });

  it('is not V8\'s (garbage): the run answers the same and replaces it', async () => {
    const first = await run();
    const engineCache = cacheOf('hookpool-run-engine');
    writeFileSync(engineCache, 'not a code cache');

    expect(await run()).toBe(first);
    expect(readFileSync(engineCache).length).toBeGreaterThan(1000);
  });

  // A valid cache that is read is used and left as it is; one that is refused is replaced (a new file).
  it('is writable by others: it is not read, and a private one replaces it', async () => {
    const first = await run();
    const runCache = cacheOf('hookpool-run');
    chmodSync(runCache, 0o666);

    expect(await run()).toBe(first);
    expect(statSync(runCache).mode & 0o777).toBe(0o600);
  });

  it('is a link: it is not followed, and a file replaces it', async () => {
    const first = await run();
    const runCache = cacheOf('hookpool-run');
    const elsewhere = join(project.root, 'elsewhere.bin');
    renameSync(runCache, elsewhere);
    symlinkSync(elsewhere, runCache);

    expect(await run()).toBe(first);
    expect(lstatSync(runCache).isFile()).toBe(true);
  });

  it('sits in a folder others may write: it is not read, and is written anew', async () => {
    const first = await run();
    const runCache = cacheOf('hookpool-run');
    const before = statSync(runCache).ino;
    chmodSync(cacheDir(), 0o777);

    expect(await run()).toBe(first);
    expect(statSync(runCache).ino).not.toBe(before);
  });
});
