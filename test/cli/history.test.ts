import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, nativeConfig, runCli, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

const SECRET = 'payload-text-that-must-not-be-logged';

describe('hookpool history', () => {
  it('records every settled hook of run, and shows per project and hook: outcomes, p50/p99 and charts', async () => {
    const config = await project.write('hooks.json', nativeConfig([
      { id: 'fine', event: 'PreToolUse', command: 'cat >/dev/null; echo out-text-that-must-not-be-logged' },
      { id: 'refuses', event: 'PreToolUse', command: 'echo no >&2; exit 2' },
      { id: 'denies', event: 'PreToolUse', command: `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' } })}'` },
      { id: 'crashes', event: 'PreToolUse', command: 'exit 1' },
    ]));
    const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: SECRET } });
    for (let i = 0; i < 3; i++) await project.cli(['run', 'PreToolUse', '--config', config, '--input', input]);

    const { exitCode, stdout } = await project.cli(['history']);
    const json = JSON.parse((await project.cli(['history', '--json'])).stdout);
    const log = join(project.home, '.local/state/hookpool/runs.jsonl');
    const text = await readFile(log, 'utf8');

    expect(exitCode).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^PROJECT\s+ID\s+EVENT\s+RUNS\s+OUTCOMES\s+P50\s+P99\s+DURATIONS\s+RECENT\s+LAST RUN$/);
    expect(stdout).toMatch(/^\.\s+refuses\s+PreToolUse\s+3\s+blocked 3\s+[\d.]+ ms\s+[\d.]+ ms\s+[▁▂▃▄▅▆▇█]{3}\s+■■■\s+\S+Z$/m);
    expect(stdout).toMatch(/^\.\s+denies\s+PreToolUse\s+3\s+blocked 3\s+/m);
    expect(stdout).toMatch(/^\.\s+crashes\s+PreToolUse\s+3\s+exit_nonzero 3\s+.*✗✗✗/m);
    expect(stdout).toMatch(/^\.\s+fine\s+PreToolUse\s+3\s+ok 3\s+.*···/m);
    expect(stdout).toContain('4 hooks in 1 project, up to the last 100 runs of each; charts: the last 20, oldest first (· ok  ■ blocked  □ would block  ✗ failed)');
    expect(stdout).not.toContain('\u001b[');
    expect(json.map((entry: { id: string; runs: number; project: string; statuses: object }) => [entry.id, entry.runs, entry.project, entry.statuses]).sort()).toEqual([
      ['crashes', 3, project.dir, { exit_nonzero: 3 }],
      ['denies', 3, project.dir, { blocked: 3 }],
      ['fine', 3, project.dir, { ok: 3 }],
      ['refuses', 3, project.dir, { blocked: 3 }],
    ]);
    expect(text.trim().split('\n')).toHaveLength(12);
    expect(Object.keys(JSON.parse(text.split('\n')[0]!)).sort()).toEqual(['at', 'durationMs', 'event', 'exitCode', 'id', 'project', 'status']);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('must-not-be-logged');
    expect((await stat(log)).mode & 0o777).toBe(0o600);
    expect((await stat(join(project.home, '.local/state/hookpool'))).mode & 0o777).toBe(0o700);
  });

  it('keeps the same hook id of two projects apart; --project shows one; colour only when asked for, never with NO_COLOR', async () => {
    const hooks = nativeConfig([{ id: 'guard', event: 'Stop', command: 'exit 0' }]);
    const other = join(project.root, 'other');
    await mkdir(other);
    await writeFile(join(other, 'hooks.json'), JSON.stringify(hooks));
    await project.write('hooks.json', hooks);
    await project.cli(['run', 'Stop', '--config', 'hooks.json']);
    await runCli(['run', 'Stop', '--config', 'hooks.json'], { cwd: other, home: project.home });

    const both = await project.cli(['history']);
    const here = await project.cli(['history', '--project', '.']);
    const coloured = await project.cli(['history'], { env: { FORCE_COLOR: '1' } });
    const noColor = await project.cli(['history'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } });

    expect(both.stdout).toMatch(/^\.\s+guard\s+Stop\s+1\s+ok 1/m);
    expect(both.stdout).toMatch(new RegExp(`^${other.replace(project.root, '.*')}\\s+guard\\s+Stop\\s+1\\s+ok 1`, 'm'));
    expect(both.stdout).toContain('2 hooks in 2 projects');
    expect(here.stdout).toContain('1 hook in 1 project');
    expect(coloured.stdout).toContain('\u001b[32m·\u001b[39m');
    expect(noColor.stdout).not.toContain('\u001b[');
  });

  it('shows a WOULD BLOCK column once a run was audited, and reads records of an earlier hookpool', async () => {
    const log = join(project.home, '.local/state/hookpool/runs.jsonl');
    const record = (fields: object) => JSON.stringify({ at: '2026-01-01T00:00:00.000Z', id: 'audited', event: 'PreToolUse', status: 'ok', durationMs: 3, exitCode: 0, ...fields });
    await mkdir(dirname(log), { recursive: true, mode: 0o700 });
    await writeFile(log, `${record({})}\n${record({ project: project.dir, wouldBlock: true })}\n${record({ project: project.dir })}\n`, { mode: 0o600 });

    const { stdout } = await project.cli(['history']);

    expect(stdout.split('\n')[0]).toMatch(/\sP99\s+WOULD BLOCK\s+DURATIONS\s/);
    expect(stdout).toMatch(/^\.\s+audited\s+PreToolUse\s+2\s+would block 1, ok 1\s+.*\s1\s+██\s+□·\s/m);
    expect(stdout).toMatch(/^-\s+audited\s+PreToolUse\s+1\s+ok 1\s+.*\s0\s+█\s+·\s/m);
  });

  it('--id lists one hook\'s last runs; --limit bounds them; XDG_STATE_HOME moves the log', async () => {
    const state = join(project.root, 'state');
    const config = await project.write('hooks.json', nativeConfig([{ id: 'stop', event: 'Stop', command: 'exit 0' }]));
    for (let i = 0; i < 3; i++) await project.cli(['run', 'Stop', '--config', config], { env: { XDG_STATE_HOME: state } });

    const runs = await project.cli(['history', '--id', 'stop', '--limit', '2'], { env: { XDG_STATE_HOME: state } });
    const elsewhere = await project.cli(['history']);

    expect(runs.stdout.trim().split('\n')).toHaveLength(3);
    expect(runs.stdout).toMatch(/^TIME\s+PROJECT\s+EVENT\s+OUTCOME\s+DURATION\s+EXIT$/m);
    expect(runs.stdout).toMatch(/^\S+Z\s+\.\s+Stop\s+ok\s+[\d.]+ ms\s+0$/m);
    expect(elsewhere.stdout).toBe('no hook runs recorded yet (hookpool run and hookpool serve record every hook they run)\n');
  });
});
