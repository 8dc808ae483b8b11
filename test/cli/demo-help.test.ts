import { describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './cli-harness.js';

// Every verb hookpool --help lists (help itself aside): a new verb without an example fails here.
const HELP = await runCli(['--help'], { cwd: tmpdir(), home: tmpdir() });
const VERBS = HELP.stdout.split('Commands:\n')[1]!.split('\n\n')[0]!.split('\n').flatMap((line) => /^  (\w+)/.exec(line)?.[1] ?? []).filter((verb) => verb !== 'help');

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'hookpool-cli-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('hookpool demo', () => {
  it('runs a short simulated loop and ends with its table of fires', async () => {
    const { exitCode, stdout, stderr } = await inTempDir((dir) => runCli(['demo', '--tool-calls', '30'], { cwd: dir, home: dir }));

    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
    expect(stdout).toContain('hookpool demo: a simulated agent makes 30 tool calls');
    expect(stdout).toMatch(/#\s+14\s+Bash "rm -rf .*✗ blocked: block-rm/);
    expect(stdout).toMatch(/^event\s+fires\s+hooks run\s+blocked\s+decisions\s+wait p50\s+wait p99\s+overhead p50\s+overhead p99$/m);
    expect(stdout).toMatch(/^PreToolUse\s+30\s+\d+\s+1\s+/m);
    expect(stdout).toMatch(/^Stop\s+1\s+1\s+0\s+/m);
    expect(stdout).toMatch(/fires and \d+ hook processes in [\d.]+ s \(pool host: thread\)/);
  });
});

describe('--help', () => {
  it('finds every verb in hookpool --help', () => {
    expect(VERBS).toEqual(expect.arrayContaining(['run', 'list', 'validate', 'test', 'enable', 'disable', 'add', 'remove', 'history', 'trust', 'init', 'doctor', 'demo', 'serve', 'completion']));
  });

  it.each(VERBS)('%s --help shows usage and an example', async (verb) => {
    const { exitCode, stdout } = await inTempDir((dir) => runCli([verb, '--help'], { cwd: dir, home: dir }));

    expect(exitCode).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Usage: hookpool ${verb} `));
    expect(stdout).toMatch(new RegExp(`Examples?:\\n  \\$ hookpool ${verb}`));
  });

});
