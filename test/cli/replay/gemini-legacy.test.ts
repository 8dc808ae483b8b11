// Gemini CLI's older session file (one indented JSON document, `session-*.json`, before its JSONL
// log): replayed as the JSONL log is, its messages streamed out of the document one at a time, each
// event numbered with the line its message starts on; the hooks get Claude Code's payloads.
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTempProject, nativeConfig, type TempProject } from '../cli-harness.js';
import { parseReplayJson, TRANSCRIPTS, writeScript, type ReplayedEvent } from './replay-harness.js';

// Each replay spawns real hook processes per event: slow on a loaded machine, never asserted.
vi.setConfig({ testTimeout: 120_000 });

/** Refuses Bash commands that delete recursively (exit 2); appends every payload it gets to payloads.jsonl. */
const GUARD_AND_LOG = `#!/bin/sh
input=$(cat)
printf '%s\\n' "$input" >> "$(dirname "$0")/../payloads.jsonl"
case "$input" in
  *'rm -rf'*) echo "rm -rf is not allowed here" >&2; exit 2 ;;
esac
exit 0
`;

let project: TempProject;
let config: string;
beforeEach(async () => {
  project = await createTempProject();
  const command = await writeScript(project, 'guard-and-log.sh', GUARD_AND_LOG);
  config = await project.write('hooks.json', nativeConfig(['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'Stop'].map((event) => ({ id: `log-${event}`, event, command }))));
});
afterEach(async () => project.remove());

async function replayed(transcript: string, extra: readonly string[] = []): Promise<{ events: ReplayedEvent[]; summary: Record<string, any>; stderr: string }> {
  const { exitCode, stdout, stderr } = await project.cli(['replay', transcript, '--config', config, '--json', '--run-side-effects', ...extra]);
  expect(exitCode).toBe(0);
  return { ...parseReplayJson(stdout), stderr };
}

async function payloads(): Promise<Record<string, any>[]> {
  return (await project.read('.hookpool/payloads.jsonl')).trimEnd().split('\n').map((line) => JSON.parse(line));
}

const shape = (events: readonly ReplayedEvent[]) => events.map((event) => [event.line, event.event, event.tool, event.subject, event.verdict]);

const PROMPT = 'Run the tests of the web package, add a README, and make greet() say hello in French.';
const EXPECTED = [
  [7, 'UserPromptSubmit', null, PROMPT, 'proceed'],
  [13, 'PreToolUse', 'Bash', 'npm test', 'proceed'],
  [13, 'PostToolUseFailure', 'Bash', 'npm test', 'proceed'],
  [63, 'PreToolUse', 'Bash', 'npm test', 'proceed'],
  [63, 'PostToolUse', 'Bash', 'npm test', 'proceed'],
  [105, 'PreToolUse', 'Write', '/home/dev/greeter/README.md', 'proceed'],
  [105, 'PostToolUse', 'Write', '/home/dev/greeter/README.md', 'proceed'],
  [105, 'PreToolUse', 'Edit', '/home/dev/greeter/greet.js', 'proceed'],
  [105, 'PostToolUse', 'Edit', '/home/dev/greeter/greet.js', 'proceed'],
  [202, 'Stop', null, null, 'proceed'],
  [202, 'UserPromptSubmit', null, 'Also delete node_modules, I will reinstall.', 'proceed'],
  [208, 'PreToolUse', 'Bash', 'rm -rf node_modules', 'blocked'],
  [208, 'PostToolUse', 'Bash', 'rm -rf node_modules', 'proceed'],
  [250, 'Stop', null, null, 'proceed'],
];

describe("hookpool replay of Gemini CLI's older session file (one JSON document)", () => {
  it('fires each message\'s events, numbered with the line the message starts on', async () => {
    const { events, summary, stderr } = await replayed(TRANSCRIPTS.geminiLegacy);

    expect(stderr).toBe('');
    expect(shape(events)).toEqual(EXPECTED);
    expect(summary).toMatchObject({ format: 'gemini', sessionId: '7c4e9a21-3b5d-4f8e-a1c2-d3e4f5a6b7c8', toolCalls: 5, blockedToolCalls: 1, skippedLines: [] });
  });

  it("gives the hooks Claude Code's payloads, with Gemini's tools mapped and its results read", async () => {
    await replayed(TRANSCRIPTS.geminiLegacy);
    const seen = await payloads();
    const find = (event: string, tool?: string) => seen.filter((payload) => payload.hook_event_name === event && (tool === undefined || payload.tool_name === tool));

    expect(seen.every((payload) => payload.session_id === '7c4e9a21-3b5d-4f8e-a1c2-d3e4f5a6b7c8')).toBe(true);
    expect(find('UserPromptSubmit').map((payload) => payload.prompt)).toEqual([PROMPT, 'Also delete node_modules, I will reinstall.']);
    expect(find('PostToolUseFailure')).toEqual([expect.objectContaining({
      tool_name: 'Bash',
      tool_input: { command: 'npm test', description: 'Run the web tests', directory: 'web' },
      tool_use_id: 'run_shell_command-1758204135881-3f9a1c',
      agent_tool_name: 'run_shell_command',
      error: "Directory 'web' is not a registered workspace directory.",
      is_interrupt: false,
    })]);
    expect(find('PreToolUse', 'Write')).toEqual([expect.objectContaining({ tool_input: { file_path: '/home/dev/greeter/README.md', content: '# greeter\n\n`greet(name)` says hello.\n' }, agent_tool_name: 'write_file' })]);
    expect(find('PreToolUse', 'Edit')).toEqual([expect.objectContaining({ tool_input: { file_path: '/home/dev/greeter/greet.js', old_string: "return 'Hello, ' + name;", new_string: "return 'Bonjour, ' + name;" }, agent_tool_name: 'replace' })]);
    expect(find('PostToolUse', 'Write')[0]!.tool_response).toEqual({ llmContent: 'Successfully created and wrote to new file: /home/dev/greeter/README.md.', returnDisplay: 'Successfully created and wrote to new file: /home/dev/greeter/README.md.' });
    expect(find('PostToolUse', 'Bash')[0]!.tool_response.llmContent).toMatch(/^Command: npm test\n.*Exit Code: 0/s);
  });

  it('reads the same document written on one line, and with --format gemini', async () => {
    const document = JSON.parse(await readFile(TRANSCRIPTS.geminiLegacy, 'utf8'));
    const oneLine = await project.write('session-one-line.json', `${JSON.stringify(document)}\n`);

    const flat = await replayed(oneLine);
    const named = await replayed(TRANSCRIPTS.geminiLegacy, ['--format', 'gemini']);

    expect(flat.events.map((event) => [event.event, event.tool, event.subject, event.verdict])).toEqual(EXPECTED.map(([, ...rest]) => rest));
    expect(shape(named.events)).toEqual(EXPECTED);
  });

  it('replays a document cut mid-write up to the cut, and says where the rest was skipped', async () => {
    const text = await readFile(TRANSCRIPTS.geminiLegacy, 'utf8');
    const cut = await project.write('session-cut.json', text.slice(0, text.indexOf('"id": "b0c1d2e3-0008')));

    const { events, stderr } = await replayed(cut);

    expect(events.map((event) => event.event)).toEqual(['UserPromptSubmit', 'PreToolUse', 'PostToolUseFailure', 'PreToolUse', 'PostToolUse', 'PreToolUse', 'PostToolUse', 'PreToolUse', 'PostToolUse', 'Stop', 'UserPromptSubmit']);
    expect(stderr).toMatch(new RegExp(`^hookpool: warning: ${cut}:\\d+: skipped the rest of the file: truncated \\(the file ends mid-document: not JSON \\(.*\\)\\)\\n$`));
  });

  it('refuses an indented JSON document of no known agent, and broken JSON, in one line naming the file', async () => {
    const other = await project.write('package.json', { name: 'app', version: '1.0.0' });
    const broken = await project.write('broken.json', '{\n  "sessionId": "s",\n  "messages": [\n    {"id": 1,,}\n');

    const unknown = await project.cli(['replay', other, '--config', config]);
    const bad = await project.cli(['replay', broken, '--config', config]);

    expect(unknown).toMatchObject({ exitCode: 1, stdout: '', stderr: `hookpool: ${other}:1: unknown transcript format: expected Claude Code's transcript, Gemini CLI's session log, Codex's rollout log (--format names one)\n` });
    expect(bad).toMatchObject({ exitCode: 1, stdout: '' });
    expect(bad.stderr).toMatch(new RegExp(`^hookpool: ${broken}:4: not a transcript: not JSON \\(.+\\)\\n$`));
  });

  it('records its events as cases that test --cases passes', async () => {
    const recording = await project.cli(['test', '--record', TRANSCRIPTS.geminiLegacy, '--out', 'cases', '--config', config]);
    const run = await project.cli(['test', '--cases', 'cases', '--config', config]);

    expect(recording.exitCode).toBe(0);
    expect(recording.stdout).toContain('wrote  cases/011-PreToolUse-Bash.json  BLOCKED  rm -rf node_modules\n');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/\n(\d+) cases: \1 passed, 0 failed\n$/);
  });
});
