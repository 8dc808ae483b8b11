import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, nativeConfig, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

const SECRET = 'payload-text-that-must-not-be-logged';

describe('hookpool history', () => {
  it('records every settled hook of run, and shows runs, statuses and p50/p99 per hook id', async () => {
    const config = await project.write('hooks.json', nativeConfig([
      { id: 'fine', event: 'PreToolUse', command: 'cat >/dev/null; echo out-text-that-must-not-be-logged' },
      { id: 'refuses', event: 'PreToolUse', command: 'echo no >&2; exit 2' },
    ]));
    const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: SECRET } });
    for (let i = 0; i < 3; i++) await project.cli(['run', 'PreToolUse', '--config', config, '--input', input]);

    const { exitCode, stdout } = await project.cli(['history']);
    const json = JSON.parse((await project.cli(['history', '--json'])).stdout);
    const log = join(project.home, '.local/state/hookpool/runs.jsonl');
    const text = await readFile(log, 'utf8');

    expect(exitCode).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^ID\s+EVENT\s+RUNS\s+STATUSES\s+P50\s+P99\s+LAST RUN\s+LAST EXIT$/);
    expect(stdout).toMatch(/^refuses\s+PreToolUse\s+3\s+exit_nonzero 3\s+[\d.]+ ms\s+[\d.]+ ms\s+\S+\s+2$/m);
    expect(stdout).toMatch(/^fine\s+PreToolUse\s+3\s+ok 3\s+/m);
    expect(json.map((entry: { id: string; runs: number }) => [entry.id, entry.runs]).sort()).toEqual([['fine', 3], ['refuses', 3]]);
    expect(text.trim().split('\n')).toHaveLength(6);
    expect(Object.keys(JSON.parse(text.split('\n')[0]!)).sort()).toEqual(['at', 'durationMs', 'event', 'exitCode', 'id', 'status']);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('must-not-be-logged');
    expect((await stat(log)).mode & 0o777).toBe(0o600);
    expect((await stat(join(project.home, '.local/state/hookpool'))).mode & 0o777).toBe(0o700);
  });

  it('--id lists one hook\'s last runs; --limit bounds them; XDG_STATE_HOME moves the log', async () => {
    const state = join(project.root, 'state');
    const config = await project.write('hooks.json', nativeConfig([{ id: 'stop', event: 'Stop', command: 'exit 0' }]));
    for (let i = 0; i < 3; i++) await project.cli(['run', 'Stop', '--config', config], { env: { XDG_STATE_HOME: state } });

    const runs = await project.cli(['history', '--id', 'stop', '--limit', '2'], { env: { XDG_STATE_HOME: state } });
    const elsewhere = await project.cli(['history']);

    expect(runs.stdout.trim().split('\n')).toHaveLength(3);
    expect(runs.stdout).toMatch(/^TIME\s+EVENT\s+STATUS\s+DURATION\s+EXIT$/m);
    expect(runs.stdout).toMatch(/^\S+Z\s+Stop\s+ok\s+[\d.]+ ms\s+0$/m);
    expect(elsewhere.stdout).toBe('no hook runs recorded yet (hookpool run and hookpool serve record every hook they run)\n');
  });
});
