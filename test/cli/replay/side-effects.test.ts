// Hooks with side effects are not run by a replay unless asked: a hook after the tool ran, a
// background hook and a built-in that logs; the report names each one and why. The guard still runs.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTempProject, type TempProject } from '../cli-harness.js';
import { BLOCK_RM_RF, parseReplayJson, TRANSCRIPTS, writeScript } from './replay-harness.js';

// Each replay spawns real hook processes per event: slow on a loaded machine, never asserted.
vi.setConfig({ testTimeout: 120_000 });

let project: TempProject;
let config: string;
beforeEach(async () => {
  project = await createTempProject();
  config = await project.write('hooks.json', {
    hooks: [
      { id: 'block-rm-rf', event: 'PreToolUse', matcher: 'Bash', command: await writeScript(project, 'block-rm-rf.sh', BLOCK_RM_RF) },
      { id: 'log-tools', event: 'PostToolUse', command: `cat >/dev/null; echo ran >> ${join(project.dir, 'post-tool.log')}` },
      { id: 'notify-done', event: 'Stop', background: true, command: `cat >/dev/null; echo ran >> ${join(project.dir, 'notify.log')}` },
    ],
    builtins: { 'activity-logger': true },
  });
});
afterEach(async () => project.remove());

const lines = (path: string) => readFile(join(project.dir, path), 'utf8').then((text) => text.trim().split('\n'), () => []);

describe('hookpool replay and hooks with side effects', () => {
  it('skips them by default and lists each with its reason', async () => {
    const { exitCode, stdout } = await project.cli(['replay', TRANSCRIPTS.claude, '--config', config, '--json']);
    expect(exitCode).toBe(0);
    const { summary, events } = parseReplayJson(stdout);
    expect(await lines('post-tool.log')).toEqual([]);
    expect(await lines('notify.log')).toEqual([]);
    const skipped = Object.fromEntries(summary.skippedHooks.map((hook: { id: string; reason: string }) => [hook.id, hook.reason]));
    expect(skipped['log-tools']).toMatch(/runs on PostToolUse, after the tool changed something/);
    expect(skipped['notify-done']).toMatch(/runs in the background/);
    expect(skipped['builtin:activity-logger@Stop']).toBe('built-in that writes a log');
    expect(Object.keys(skipped)).not.toContain('block-rm-rf');
    // The guard still ran, and no PostToolUse or Stop hook did.
    expect(events.find((event) => event.subject === 'rm -rf build' && event.event === 'PreToolUse')?.verdict).toBe('blocked');
    expect(events.filter((event) => event.event !== 'PreToolUse').flatMap((event) => event.hooks)).toEqual([]);
  });

  it('says which hooks were not run in the table', async () => {
    const { stdout } = await project.cli(['replay', TRANSCRIPTS.claude, '--config', config]);
    expect(stdout).toMatch(/^Not run: side effects \(--run-side-effects or --run-hook ID runs them\)$/m);
    expect(stdout).toMatch(/^\s+log-tools\s+PostToolUse\s+runs on PostToolUse/m);
    expect(stdout).toMatch(/^\s+notify-done\s+Stop\s+runs in the background/m);
  });

  it('runs them all with --run-side-effects', async () => {
    const { summary } = parseReplayJson((await project.cli(['replay', TRANSCRIPTS.claude, '--config', config, '--json', '--run-side-effects'])).stdout);
    expect(summary.skippedHooks).toEqual([]);
    expect(await lines('post-tool.log')).toEqual(['ran', 'ran', 'ran']);
    // Background hooks finish before the replay ends; their runs are in the per-hook table.
    expect(await lines('notify.log')).toEqual(['ran', 'ran']);
    expect(summary.hooks.find((hook: { id: string }) => hook.id === 'notify-done')).toMatchObject({ runs: 2 });
  });

  it('runs only the named one with --run-hook', async () => {
    const { summary } = parseReplayJson((await project.cli(['replay', TRANSCRIPTS.claude, '--config', config, '--json', '--run-hook', 'log-tools'])).stdout);
    expect(await lines('post-tool.log')).toEqual(['ran', 'ran', 'ran']);
    expect(await lines('notify.log')).toEqual([]);
    expect(summary.skippedHooks.map((hook: { id: string }) => hook.id)).toContain('notify-done');
  });
});
