// The same session recorded by Claude Code, Gemini CLI and Codex implies the same events, in
// canonical names and tools: each agent's tool names go through its dialect's mapping.
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTempProject, nativeConfig, type TempProject } from '../cli-harness.js';
import { BLOCK_RM_RF, parseReplayJson, TRANSCRIPTS, writeScript, type ReplayedEvent } from './replay-harness.js';

// Each replay spawns real hook processes per event: slow on a loaded machine, never asserted.
vi.setConfig({ testTimeout: 120_000 });

let project: TempProject;
let config: string;
beforeEach(async () => {
  project = await createTempProject();
  config = await project.write('hooks.json', nativeConfig([{ id: 'block-rm-rf', event: 'PreToolUse', matcher: 'Bash', command: await writeScript(project, 'block-rm-rf.sh', BLOCK_RM_RF) }]));
});
afterEach(async () => project.remove());

async function replayed(transcript: string): Promise<{ events: ReplayedEvent[]; summary: Record<string, any> }> {
  const { exitCode, stdout, stderr } = await project.cli(['replay', transcript, '--config', config, '--json']);
  expect(stderr).toBe('');
  expect(exitCode).toBe(0);
  return parseReplayJson(stdout);
}

// What must match across agents: the event, the tool, the shell command, and the verdict.
const shape = (events: readonly ReplayedEvent[]) =>
  events.filter((event) => event.event !== 'PreCompact').map((event) => [event.event, event.tool, event.tool === 'Bash' ? event.subject : null, event.verdict]);

const EXPECTED = [
  ['UserPromptSubmit', null, null, 'proceed'],
  ['PreToolUse', 'Bash', 'ls -la', 'proceed'],
  ['PostToolUse', 'Bash', 'ls -la', 'proceed'],
  ['PreToolUse', 'Bash', 'rm -rf build', 'blocked'],
  ['PostToolUse', 'Bash', 'rm -rf build', 'proceed'],
  ['PreToolUse', 'Edit', null, 'proceed'],
  ['PostToolUseFailure', 'Edit', null, 'proceed'],
  ['Stop', null, null, 'proceed'],
  ['UserPromptSubmit', null, null, 'proceed'],
  ['PreToolUse', 'Edit', null, 'proceed'],
  ['PostToolUse', 'Edit', null, 'proceed'],
  ['Stop', null, null, 'proceed'],
];

describe('hookpool replay reads each agent\'s session log', () => {
  it('gives the same events for the Claude Code, Gemini CLI and Codex recordings of one session', async () => {
    const [claude, gemini, codex] = await Promise.all([replayed(TRANSCRIPTS.claude), replayed(TRANSCRIPTS.gemini), replayed(TRANSCRIPTS.codex)]);
    expect(shape(claude.events)).toEqual(EXPECTED);
    expect(shape(gemini.events)).toEqual(EXPECTED);
    expect(shape(codex.events)).toEqual(EXPECTED);
    expect([claude, gemini, codex].map(({ summary }) => [summary.format, summary.toolCalls, summary.blockedToolCalls])).toEqual([['claude', 4, 1], ['gemini', 4, 1], ['codex', 4, 1]]);
    expect([gemini.summary.sessionId, codex.summary.sessionId]).toEqual(['2b8f4c1d-6e3a-4f5b-9c7d-8e9f0a1b2c3d', '0196e0a4-5c2b-7d31-a8f4-3b9c1d2e4f60']);
  });

  it('reads a compaction where the agent records one (Claude Code: manual /compact; Codex: compacted)', async () => {
    const [claude, codex] = await Promise.all([replayed(TRANSCRIPTS.claude), replayed(TRANSCRIPTS.codex)]);
    expect(claude.events.filter((event) => event.event === 'PreCompact').map((event) => event.line)).toEqual([12]);
    expect(codex.events.filter((event) => event.event === 'PreCompact').map((event) => event.line)).toEqual([15]);
  });

  it("maps the agents' own tools: Gemini's replace and Codex's apply_patch read as Edit with the file", async () => {
    const [gemini, codex] = await Promise.all([replayed(TRANSCRIPTS.gemini), replayed(TRANSCRIPTS.codex)]);
    const edits = (events: readonly ReplayedEvent[]) => events.filter((event) => event.event === 'PreToolUse' && event.tool === 'Edit').map((event) => event.subject);
    expect(edits(gemini.events)).toEqual(['/home/dev/greeter/greet.js', '/home/dev/greeter/greet.js']);
    expect(edits(codex.events)).toEqual(['greet.js', 'greet.js']);
  });

  it("keeps what ran before a Gemini CLI rewind ($rewindTo), then reads the messages after it as new", async () => {
    const session = (await readFile(TRANSCRIPTS.gemini, 'utf8')).trimEnd().split('\n');
    const lastCall = JSON.parse(session.find((line) => line.includes('"id":"e1a2b3c4-0003-'))!);
    const again = { ...lastCall, id: 'e1a2b3c4-0010-4d5e-8f90-a1b2c3d4e5f6', timestamp: '2026-05-02T09:25:00.000Z' };
    const rewound = [
      ...session,
      JSON.stringify({ $rewindTo: 'e1a2b3c4-0006-4d5e-8f90-a1b2c3d4e5f6' }),
      JSON.stringify({ id: 'e1a2b3c4-0009-4d5e-8f90-a1b2c3d4e5f6', timestamp: '2026-05-02T09:24:58.000Z', type: 'user', content: [{ text: 'Forget greet.js; clean the build folder again.' }] }),
      JSON.stringify(again),
      JSON.stringify({ id: 'e1a2b3c4-0011-4d5e-8f90-a1b2c3d4e5f6', timestamp: '2026-05-02T09:25:01.000Z', type: 'gemini', content: 'Done.' }),
    ];
    const file = await project.write('session-rewound.jsonl', `${rewound.join('\n')}\n`);

    const { events, summary } = await replayed(file);

    expect(shape(events)).toEqual([
      ...EXPECTED,
      ['UserPromptSubmit', null, null, 'proceed'],
      ['PreToolUse', 'Bash', 'rm -rf build', 'blocked'],
      ['PostToolUse', 'Bash', 'rm -rf build', 'proceed'],
      ['Stop', null, null, 'proceed'],
    ]);
    expect(summary).toMatchObject({ toolCalls: 5, blockedToolCalls: 2, skippedLines: [] });
  });

  it('reads a file as the format named by --format', async () => {
    const { exitCode, stderr } = await project.cli(['replay', TRANSCRIPTS.gemini, '--config', config, '--format', 'codex', '--json']);
    expect(exitCode).toBe(0);
    expect(stderr).toBe('');
  });
});
