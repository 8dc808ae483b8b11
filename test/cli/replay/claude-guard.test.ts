// A recorded Claude Code session replayed through real hook scripts: the guard that blocks rm -rf
// shows the call it would have refused, with its reason; context and rewritten input are reported;
// nothing is recorded in history.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTempProject, nativeConfig, type TempProject } from '../cli-harness.js';
import { BLOCK_RM_RF, parseReplayJson, PROMPT_CONTEXT, REWRITE_EDIT, TRANSCRIPTS, writeScript } from './replay-harness.js';

// Each replay spawns real hook processes per event: slow on a loaded machine, never asserted.
vi.setConfig({ testTimeout: 120_000 });

let project: TempProject;
let config: string;
beforeEach(async () => {
  project = await createTempProject();
  config = await project.write('hooks.json', nativeConfig([
    { id: 'block-rm-rf', event: 'PreToolUse', matcher: 'Bash', command: await writeScript(project, 'block-rm-rf.sh', BLOCK_RM_RF) },
    { id: 'team-rule', event: 'UserPromptSubmit', command: await writeScript(project, 'team-rule.js', PROMPT_CONTEXT) },
    { id: 'relative-edits', event: 'PreToolUse', matcher: 'Edit', command: await writeScript(project, 'relative-edits.js', REWRITE_EDIT) },
  ]));
});
afterEach(async () => project.remove());

describe('hookpool replay on a Claude Code transcript', () => {
  it('shows the rm -rf call as blocked by the guard, with its reason, and the other calls as passing', async () => {
    const { exitCode, stdout, stderr } = await project.cli(['replay', TRANSCRIPTS.claude, '--config', config, '--json']);
    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
    const { events, summary } = parseReplayJson(stdout);

    const bash = events.filter((event) => event.event === 'PreToolUse' && event.tool === 'Bash');
    expect(bash.map((event) => [event.subject, event.verdict])).toEqual([['ls -la', 'proceed'], ['rm -rf build', 'blocked']]);
    const blocked = bash[1]!;
    expect(blocked.line).toBe(7);
    expect(blocked.decidedBy).toEqual([{ hook: 'block-rm-rf', reason: 'rm -rf is not allowed here: delete files one by one' }]);
    expect(blocked.reason).toBe('rm -rf is not allowed here: delete files one by one');
    expect(blocked.hooks).toEqual([expect.objectContaining({ id: 'block-rm-rf', status: 'exit_nonzero', exitCode: 2 })]);

    expect(summary).toMatchObject({ format: 'claude', sessionId: '7c1e5a2b-3f4d-4e6a-9b8c-0d1e2f3a4b5c', toolCalls: 4, blockedToolCalls: 1, blocked: 1, failures: 0 });
    expect(summary.topReasons).toEqual([{ reason: 'rm -rf is not allowed here: delete files one by one', count: 1, hooks: ['block-rm-rf'] }]);
  });

  it('reports context added to prompts and rewritten tool input, from hooks that saw HOOKPOOL_REPLAY=1', async () => {
    const { events, summary } = parseReplayJson((await project.cli(['replay', TRANSCRIPTS.claude, '--config', config, '--json'])).stdout);

    const prompts = events.filter((event) => event.event === 'UserPromptSubmit');
    expect(prompts.map((event) => event.additionalContext)).toEqual([
      'Team rule: answer in English (replay=1, 62 chars)',
      'Team rule: answer in English (replay=1, 48 chars)',
    ]);
    const edits = events.filter((event) => event.event === 'PreToolUse' && event.tool === 'Edit');
    expect(edits.map((event) => event.updatedInput?.file_path)).toEqual(['greet.js', 'greet.js']);
    expect(summary.changed).toBe(4);
    // Each hook's runs and its p50/p99, from the engine's observer.
    const hooks = Object.fromEntries(summary.hooks.map((hook: { id: string }) => [hook.id, hook]));
    expect(hooks['block-rm-rf']).toMatchObject({ runs: 2, blocked: 1, failed: 0 });
    expect(hooks['team-rule']).toMatchObject({ runs: 2, blocked: 0 });
    expect(hooks['relative-edits']).toMatchObject({ runs: 2 });
    for (const hook of summary.hooks) expect(hook.p99Ms).toBeGreaterThanOrEqual(hook.p50Ms);
  });

  it('prints a table for people: the blocked call, its hook and reason, and the summary', async () => {
    const { exitCode, stdout } = await project.cli(['replay', TRANSCRIPTS.claude, '--config', config]);
    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/^\s+L7 PreToolUse\s+Bash\s+BLOCKED\s+[\d.]+ ms rm -rf build$/m);
    expect(stdout).toMatch(/^\s+by block-rm-rf: rm -rf is not allowed here: delete files one by one$/m);
    expect(stdout).toMatch(/^\s+context added: Team rule: answer in English/m);
    expect(stdout).toMatch(/^\s+rewritten input: \{"file_path":"greet.js"/m);
    expect(stdout).toMatch(/^\s+tool calls\s+4, 1 would be blocked$/m);
    expect(stdout).toMatch(/^\s+1×\s+rm -rf is not allowed here: delete files one by one\s+block-rm-rf$/m);
    expect(stdout).toMatch(/^\s+block-rm-rf\s+2\s+1\s+0\s+[\d.]+ ms\s+[\d.]+ ms$/m);
    expect(stdout).not.toContain('\u001b[');
  });

  it('colours the table only when asked (FORCE_COLOR) and never with NO_COLOR', async () => {
    const coloured = await project.cli(['replay', TRANSCRIPTS.claude, '--config', config], { env: { FORCE_COLOR: '1' } });
    const plain = await project.cli(['replay', TRANSCRIPTS.claude, '--config', config], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(coloured.stdout).toContain('\u001b[');
    expect(plain.stdout).not.toContain('\u001b[');
  });

  it('keeps its hook runs out of hookpool history', async () => {
    await project.cli(['replay', TRANSCRIPTS.claude, '--config', config]);
    await expect(access(join(project.home, '.local/state/hookpool/runs.jsonl'))).rejects.toThrow();
  });
});
