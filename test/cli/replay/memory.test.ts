// A long transcript is read line by line, never whole, and a session that is one JSON document
// (Gemini CLI's older file) is parsed as it streams in: a 100 MB session replays in a heap of under half
// its size. The CLI's peak resident set (VmHWM) is read at its exit.
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, nativeConfig, type TempProject } from '../cli-harness.js';
import { parseReplayJson } from './replay-harness.js';

const PRELOAD = fileURLToPath(new URL('./peak-rss.cjs', import.meta.url));
const MB = 1024 * 1024;

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

// A Claude Code transcript of `megabytes`: Bash calls whose results are 256 KiB each, and every
// 100th call a Write, which the one configured hook guards (so the engine runs a real hook throughout).
async function writeTranscript(path: string, megabytes: number): Promise<number> {
  const out = createWriteStream(path);
  const output = 'x'.repeat(256 * 1024);
  let written = 0;
  let calls = 0;
  const line = async (record: object) => {
    const text = `${JSON.stringify({ sessionId: 'big', cwd: '/home/dev/app', uuid: `u${written}`, ...record })}\n`;
    written += text.length;
    if (!out.write(text)) await once(out, 'drain');
  };
  await line({ type: 'user', message: { role: 'user', content: 'Work through the backlog.' } });
  while (written < megabytes * MB) {
    const id = `toolu_${calls}`;
    const tool = calls % 100 === 0 ? { name: 'Write', input: { file_path: `/home/dev/app/f${calls}.txt`, content: 'hello' } } : { name: 'Bash', input: { command: `cat part-${calls}.log` } };
    await line({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id, ...tool }] } });
    await line({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: output }] }, toolUseResult: { stdout: output, stderr: '', interrupted: false, isImage: false } });
    calls += 1;
  }
  out.end();
  await once(out, 'finish');
  return calls;
}

// Holding a 100 MB file would take over 100 MB: as a string in V8's heap (capped here at under
// half of that, so the replay would die out of memory), or as Buffers outside it (which the bound on
// the peak resident set catches: the capped CLI peaks at 75-110 MB).
const HEAP_CAP_MB = 48;
const PEAK_RSS_BOUND_MB = 150;

async function replayCapped(transcript: string, config: string): Promise<{ peakMb: number; toolCalls: number }> {
  const peakFile = join(project.root, 'peak-rss');
  const { exitCode, stdout, stderr } = await project.cli(['replay', transcript, '--config', config, '--json'], {
    env: { NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MB} --require ${PRELOAD}`, HOOKPOOL_TEST_PEAK_RSS_FILE: peakFile },
  });
  expect(stderr).toBe('');
  expect(exitCode).toBe(0);
  const peakMb = Number(await readFile(peakFile, 'utf8')) / 1024;
  await rm(peakFile);
  return { peakMb, toolCalls: parseReplayJson(stdout).summary.toolCalls };
}

describe('hookpool replay on a long transcript', () => {
  it(`replays 100 MB of Claude Code transcript with a ${HEAP_CAP_MB} MB heap`, async () => {
    const config = await project.write('hooks.json', nativeConfig([{ id: 'writes-ok', event: 'PreToolUse', matcher: 'Write', command: 'cat >/dev/null' }]));
    const transcript = join(project.root, 'large.jsonl');
    const calls = await writeTranscript(transcript, 100);

    const { peakMb, toolCalls } = await replayCapped(transcript, config);

    expect(toolCalls).toBe(calls);
    expect(peakMb).toBeLessThan(PEAK_RSS_BOUND_MB);
  }, 300_000);

  it(`replays a 100 MB indented JSON session document with a ${HEAP_CAP_MB} MB heap`, async () => {
    const config = await project.write('hooks.json', nativeConfig([{ id: 'cat-ok', event: 'PreToolUse', matcher: 'Bash', command: 'cat >/dev/null' }]));
    const document = join(project.root, 'session-large.json');
    const calls = await writeSessionDocument(document, 100);

    const { peakMb, toolCalls } = await replayCapped(document, config);

    expect(toolCalls).toBe(calls);
    expect(peakMb).toBeLessThan(PEAK_RSS_BOUND_MB);
  }, 300_000);
});

// Gemini CLI's older session file of about `megabytes`, indented as it writes it: shell calls whose
// outputs are 256 KiB each. Written message by message.
async function writeSessionDocument(path: string, megabytes: number): Promise<number> {
  const out = createWriteStream(path);
  const output = 'y'.repeat(256 * 1024);
  let written = 0;
  let calls = 0;
  const write = async (text: string) => {
    written += text.length;
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('{\n  "sessionId": "long",\n  "projectHash": "9f2c",\n  "startTime": "2025-09-18T14:02:11.204Z",\n  "messages": [\n');
  while (written < megabytes * MB) {
    const id = `run_shell_command-${calls}`;
    const message = { id: `m${calls}`, timestamp: '2025-09-18T14:02:11.310Z', type: 'gemini', content: '', toolCalls: [{ id, name: 'run_shell_command', args: { command: `cat part-${calls}.log` }, result: [{ functionResponse: { id, name: 'run_shell_command', response: { output } } }], status: 'success', timestamp: '2025-09-18T14:02:11.310Z' }] };
    await write(`${calls === 0 ? '' : ',\n'}    ${JSON.stringify(message, null, 2).replace(/\n/g, '\n    ')}`);
    calls += 1;
  }
  await write('\n  ]\n}');
  out.end();
  await once(out, 'finish');
  return calls;
}
