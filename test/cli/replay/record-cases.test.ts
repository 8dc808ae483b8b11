// `hookpool test --record <transcript> --out DIR`: the recorded sessions of each agent replayed
// through real hook scripts and written as case files that `hookpool test --cases DIR` passes right
// away, and fails with a diff once the policy changes; a folder that holds files is refused.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTempProject, nativeConfig, type TempProject } from '../cli-harness.js';
import { BLOCK_RM_RF, REWRITE_EDIT, TRANSCRIPTS, writeScript } from './replay-harness.js';

// Each recording and each case run spawns real hook processes: slow on a loaded machine, never asserted.
vi.setConfig({ testTimeout: 120_000 });

/** Adds the same line of context to every prompt. */
const TEAM_RULE = `#!/bin/sh
cat >/dev/null
echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"Team rule: answer in English (see docs/rules.md)."}}'
`;

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

async function writeHooks(options: { guard?: boolean; guardFields?: Record<string, unknown>; extra?: Record<string, unknown>[] } = {}): Promise<void> {
  const hooks = [
    ...(options.guard === false ? [] : [{ id: 'block-rm-rf', event: 'PreToolUse', matcher: 'Bash', command: await writeScript(project, 'block-rm-rf.sh', BLOCK_RM_RF), ...options.guardFields }]),
    { id: 'team-rule', event: 'UserPromptSubmit', command: await writeScript(project, 'team-rule.sh', TEAM_RULE) },
    { id: 'edit-in-project', event: 'PreToolUse', matcher: 'Edit', command: await writeScript(project, 'edit-in-project.js', REWRITE_EDIT) },
    ...(options.extra ?? []),
  ];
  await project.write('.hookpool/hooks.json', nativeConfig(hooks));
  await project.cli(['trust']);
}

async function caseFile(name: string): Promise<Record<string, any>> {
  return JSON.parse(await readFile(join(project.dir, 'cases', name), 'utf8'));
}

const casesIn = async (dir: string): Promise<string[]> => (await readdir(join(project.dir, dir))).sort();

describe('hookpool test --record', () => {
  it('writes a case per event a hook ran for, expecting what the hooks answer, and test --cases passes them', async () => {
    await writeHooks();

    const recording = await project.cli(['test', '--record', TRANSCRIPTS.gemini, '--out', 'cases']);

    expect(recording.stderr).toBe('');
    expect(recording.exitCode).toBe(0);
    expect(await casesIn('cases')).toEqual([
      '000-UserPromptSubmit.json',
      '001-PreToolUse-Bash.json',
      '003-PreToolUse-Bash.json',
      '005-PreToolUse-Edit.json',
      '008-UserPromptSubmit.json',
      '009-PreToolUse-Edit.json',
    ]);
    expect(recording.stdout).toContain('wrote  cases/003-PreToolUse-Bash.json  BLOCKED  rm -rf build\n');
    expect(recording.stdout).toContain('Recorded 6 cases in cases from 12 events of');
    expect(recording.stdout).toContain('Check them against the current hooks: hookpool test --cases cases\n');

    expect(await caseFile('003-PreToolUse-Bash.json')).toEqual({
      name: 'PreToolUse Bash: rm -rf build (gemini-session.jsonl:6)',
      event: 'PreToolUse',
      // The recorded session's ids are left out; the agent's own tool name stays, as its hooks get it.
      payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf build', description: 'Remove the build folder' }, agent_tool_name: 'run_shell_command' },
      expect: { decision: 'deny', blocked: true, reason: '^rm -rf is not allowed here: delete files one by one$', updatedInput: null },
    });
    expect((await caseFile('005-PreToolUse-Edit.json')).expect).toEqual({
      decision: 'allow',
      blocked: false,
      updatedInput: { file_path: 'greet.js', old_string: "return 'Hello, ' + name;", new_string: "return 'Bonjour, ' + name;", instruction: 'Translate the greeting to French.' },
    });
    // The context, escaped: its dot and parentheses match themselves only.
    expect((await caseFile('000-UserPromptSubmit.json')).expect).toEqual({ decision: null, blocked: false, context: '^Team rule: answer in English \\(see docs/rules\\.md\\)\\.$' });

    const run = await project.cli(['test', '--cases', 'cases']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('PASS  PreToolUse Bash: rm -rf build (gemini-session.jsonl:6)  (cases/003-PreToolUse-Bash.json)\n');
    expect(run.stdout).toContain('6 cases: 6 passed, 0 failed');
  });

  it('fails the recorded cases with a diff once the policy changes (the guard removed)', async () => {
    await writeHooks();
    expect((await project.cli(['test', '--record', TRANSCRIPTS.codex, '--out', 'cases'])).exitCode).toBe(0);
    await writeHooks({ guard: false });

    const { exitCode, stdout } = await project.cli(['test', '--cases', 'cases']);

    expect(exitCode).toBe(1);
    expect(stdout).toContain([
      'FAIL  PreToolUse Bash: rm -rf build (codex-rollout.jsonl:9)  (cases/003-PreToolUse-Bash.json)',
      '      decision: expected "deny", got none',
      '      blocked: expected true, got false',
      '      reason: expected to match /^rm -rf is not allowed here: delete files one by one$/, got none',
      '      answer: proceed',
    ].join('\n'));
    // The ls case expected nothing of the guard but that it let ls through: it still passes.
    expect(stdout).toContain('PASS  PreToolUse Bash: ls -la (codex-rollout.jsonl:7)  (cases/001-PreToolUse-Bash.json)\n');
    expect(stdout).toMatch(/\n\d+ cases: \d+ passed, 1 failed\n$/);
  });

  it.each([['claude', TRANSCRIPTS.claude], ['codex', TRANSCRIPTS.codex]] as const)('records the %s session too, and its cases pass', async (_agent, transcript) => {
    await writeHooks();

    const recording = await project.cli(['test', '--record', transcript, '--out', 'cases', '--json']);
    const report = JSON.parse(recording.stdout);

    expect(recording.exitCode).toBe(0);
    expect(report.cases.map((entry: { event: string; tool: string | null; verdict: string }) => [entry.event, entry.tool, entry.verdict])).toEqual([
      ['UserPromptSubmit', null, 'proceed'],
      ['PreToolUse', 'Bash', 'proceed'],
      ['PreToolUse', 'Bash', 'blocked'],
      ['PreToolUse', 'Edit', 'proceed'],
      ['UserPromptSubmit', null, 'proceed'],
      ['PreToolUse', 'Edit', 'proceed'],
    ]);
    expect(await casesIn('cases')).toEqual(report.cases.map((entry: { file: string }) => entry.file.replace('cases/', '')));
    const run = await project.cli(['test', '--cases', 'cases']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('6 cases: 6 passed, 0 failed');
  });

  it('refuses a folder that holds files, in one line, and --force writes over the cases of the same names', async () => {
    await writeHooks();
    await project.write('cases/000-UserPromptSubmit.json', 'hand-written\n');

    const refused = await project.cli(['test', '--record', TRANSCRIPTS.codex, '--out', 'cases']);

    expect(refused).toMatchObject({ exitCode: 1, stdout: '', stderr: 'hookpool: --out cases: already holds a file; give a new or empty folder, or --force to write over case files of the same names\n' });
    expect(await project.read('cases/000-UserPromptSubmit.json')).toBe('hand-written\n');

    const forced = await project.cli(['test', '--record', TRANSCRIPTS.codex, '--out', 'cases', '--force']);

    expect(forced.exitCode).toBe(0);
    expect(JSON.parse(await project.read('cases/000-UserPromptSubmit.json'))).toMatchObject({ event: 'UserPromptSubmit', payload: { prompt: 'Clean the build folder, then make greet() say hello in French.' } });
  });

  it('records a guard in audit mode as it will be enforced, as test --cases tests it', async () => {
    await writeHooks({ guardFields: { enforce: false } });

    expect((await project.cli(['test', '--record', TRANSCRIPTS.codex, '--out', 'cases'])).exitCode).toBe(0);
    const run = await project.cli(['test', '--cases', 'cases']);

    expect((await caseFile('003-PreToolUse-Bash.json')).expect).toMatchObject({ decision: 'deny', blocked: true });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('note: decided by "block-rm-rf", which is in audit mode');
  });

  it('leaves out the hooks a replay leaves out (PostToolUse), and records them with --run-side-effects', async () => {
    const logTools = { id: 'log-tools', event: 'PostToolUse', command: 'true' };
    await writeHooks({ extra: [logTools] });

    const plain = await project.cli(['test', '--record', TRANSCRIPTS.codex, '--out', 'plain']);
    const withEffects = await project.cli(['test', '--record', TRANSCRIPTS.codex, '--out', 'effects', '--run-side-effects']);

    expect(plain.exitCode).toBe(0);
    expect((await casesIn('plain')).filter((name) => name.includes('PostToolUse'))).toEqual([]);
    expect(plain.stdout).toMatch(/Not run: side effects .*\n\s+log-tools\s+PostToolUse\s+runs on PostToolUse/);
    expect(withEffects.exitCode).toBe(0);
    expect((await casesIn('effects')).filter((name) => name.includes('PostToolUse'))).toEqual(['002-PostToolUse-Bash.json', '004-PostToolUse-Bash.json', '011-PostToolUse-Edit.json']);
  });

  it('refuses --record without --out, and the recording options without --record', async () => {
    const noOut = await project.cli(['test', '--record', TRANSCRIPTS.codex]);
    const outAlone = await project.cli(['test', '--cases', 'cases', '--out', 'x', '--run-side-effects']);
    const withHook = await project.cli(['test', 'guard', '--record', TRANSCRIPTS.codex, '--out', 'x']);

    expect(noOut).toMatchObject({ exitCode: 1, stderr: 'hookpool: --record needs --out DIR: the folder the case files go to\n' });
    expect(outAlone).toMatchObject({ exitCode: 1, stderr: 'hookpool: --out, --run-side-effects go with --record TRANSCRIPT\n' });
    expect(withHook).toMatchObject({ exitCode: 1, stderr: "hookpool: --record writes cases from the transcript's own events: give no hook id, --cases, --input or --input-file with it\n" });
  });
});
