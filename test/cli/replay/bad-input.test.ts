// A file that is no transcript is a one-line error naming the file and line; a bad line inside a
// transcript is reported (file and line) and skipped, and the replay goes on.
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTempProject, nativeConfig, type TempProject } from '../cli-harness.js';
import { BLOCK_RM_RF, parseReplayJson, TRANSCRIPTS, writeScript } from './replay-harness.js';

// Each replay spawns real hook processes per event: slow on a loaded machine, never asserted.
vi.setConfig({ testTimeout: 120_000 });

let project: TempProject;
let config: string;
beforeEach(async () => {
  project = await createTempProject();
  config = await project.write('hooks.json', nativeConfig([{ id: 'block-rm-rf', event: 'PreToolUse', matcher: 'Bash', command: await writeScript(project, 'block-rm-rf.sh', BLOCK_RM_RF) }]));
});
afterEach(async () => project.remove());

async function expectOneLineError(file: string, pattern: RegExp): Promise<void> {
  const { exitCode, stdout, stderr } = await project.cli(['replay', file, '--config', config]);
  expect(exitCode).toBe(1);
  expect(stdout).toBe('');
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(stderr.trimEnd()).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('hookpool replay on bad input', () => {
  it('refuses a file that is not JSON lines, naming file and line', async () => {
    const file = await project.write('notes.txt', '\n# Meeting notes\n- ship replay\n');
    await expectOneLineError(file, new RegExp(`^hookpool: ${file}:2: not a transcript: not JSON \\(`));
  });

  it('refuses JSON of no known agent', async () => {
    const file = await project.write('other.jsonl', '{"level":"info","msg":"server started"}\n');
    await expectOneLineError(file, new RegExp(`^hookpool: ${file}:1: unknown transcript format: expected Claude Code's transcript, Gemini CLI's session log, Codex's rollout log`));
  });

  it('refuses an empty file, a missing file and a folder', async () => {
    await expectOneLineError(await project.write('empty.jsonl', ''), /empty.jsonl:1: not a transcript: the file is empty$/);
    await expectOneLineError(`${project.dir}/nowhere.jsonl`, /nowhere.jsonl:1: cannot be read: no such file$/);
    await expectOneLineError(project.dir, /:1: cannot be read: not a file$/);
  });

  it('reports and skips a malformed line in the middle, and a truncated last line', async () => {
    const lines = (await readFile(TRANSCRIPTS.claude, 'utf8')).trimEnd().split('\n');
    lines[5] = lines[5]!.slice(0, 40); // line 6: the ls result, cut
    const last = lines.length - 1;
    lines[last] = lines[last]!.slice(0, lines[last]!.length / 2); // the final message, cut mid-write
    const file = await project.write('cut.jsonl', lines.join('\n'));

    const { exitCode, stdout, stderr } = await project.cli(['replay', file, '--config', config, '--json']);
    expect(exitCode).toBe(0);
    expect(stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^hookpool: warning: ${file}:6: skipped: not JSON \\(`)),
      expect.stringMatching(new RegExp(`^hookpool: warning: ${file}:17: skipped: truncated line \\(the file ends mid-record: not JSON`)),
    ]);
    const { events, summary } = parseReplayJson(stdout);
    expect(summary.skippedLines).toHaveLength(2);
    // The ls call has no PostToolUse (its result was lost); everything else is there, the block included.
    expect(events.filter((event) => event.subject === 'ls -la').map((event) => event.event)).toEqual(['PreToolUse']);
    expect(events.find((event) => event.subject === 'rm -rf build')?.verdict).toBe('blocked');
  });

  it('lists skipped lines in the table\'s summary', async () => {
    const lines = (await readFile(TRANSCRIPTS.codex, 'utf8')).trimEnd().split('\n');
    lines.splice(3, 0, 'garbage {');
    const file = await project.write('rollout.jsonl', `${lines.join('\n')}\n`);
    const { exitCode, stdout } = await project.cli(['replay', file, '--config', config]);
    expect(exitCode).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Skipped lines\\n  ${file}:4: skipped: not JSON`, 'm'));
  });
});
