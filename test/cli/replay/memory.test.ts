// A long transcript is read line by line, never whole: replaying a 100 MB session takes about the
// memory of replaying a 10 MB one; so does a session that is one JSON document (Gemini CLI's older
// file), parsed as it streams in. The CLI's peak resident set (VmHWM) is read at its exit.
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

async function replayPeak(transcript: string, config: string): Promise<{ peakMb: number; toolCalls: number }> {
  const peakFile = join(project.root, 'peak-rss');
  const { exitCode, stdout, stderr } = await project.cli(['replay', transcript, '--config', config, '--json'], {
    env: { NODE_OPTIONS: `--require ${PRELOAD}`, HOOKPOOL_TEST_PEAK_RSS_FILE: peakFile },
  });
  expect(stderr).toBe('');
  expect(exitCode).toBe(0);
  const peakMb = Number(await readFile(peakFile, 'utf8')) / 1024;
  await rm(peakFile);
  return { peakMb, toolCalls: parseReplayJson(stdout).summary.toolCalls };
}

describe('hookpool replay on a long transcript', () => {
  it('replays 100 MB in about the memory of 10 MB', async () => {
    const config = await project.write('hooks.json', nativeConfig([{ id: 'writes-ok', event: 'PreToolUse', matcher: 'Write', command: 'cat >/dev/null' }]));
    const small = join(project.root, 'small.jsonl');
    const large = join(project.root, 'large.jsonl');
    const smallCalls = await writeTranscript(small, 10);
    const largeCalls = await writeTranscript(large, 100);

    const smallRun = await replayPeak(small, config);
    const largeRun = await replayPeak(large, config);
    expect([smallRun.toolCalls, largeRun.toolCalls]).toEqual([smallCalls, largeCalls]);
    // Ten times the file, not ten times the memory: the difference stays well under the 90 MB added.
    expect(largeRun.peakMb - smallRun.peakMb).toBeLessThan(45);
    expect(largeRun.peakMb).toBeLessThan(180);
    console.log(`peak RSS: ${smallRun.peakMb.toFixed(0)} MB for 10 MB, ${largeRun.peakMb.toFixed(0)} MB for 100 MB`);
  }, 300_000);

  it('replays a 100 MB indented JSON session document in about the memory of a 10 MB one', async () => {
    const config = await project.write('hooks.json', nativeConfig([{ id: 'cat-ok', event: 'PreToolUse', matcher: 'Bash', command: 'cat >/dev/null' }]));
    const small = join(project.root, 'session-small.json');
    const large = join(project.root, 'session-large.json');
    const smallCalls = await writeSessionDocument(small, 10);
    const largeCalls = await writeSessionDocument(large, 100);

    const smallRun = await replayPeak(small, config);
    const largeRun = await replayPeak(large, config);
    expect([smallRun.toolCalls, largeRun.toolCalls]).toEqual([smallCalls, largeCalls]);
    expect(largeRun.peakMb - smallRun.peakMb).toBeLessThan(45);
    expect(largeRun.peakMb).toBeLessThan(180);
    console.log(`peak RSS (JSON document): ${smallRun.peakMb.toFixed(0)} MB for 10 MB, ${largeRun.peakMb.toFixed(0)} MB for 100 MB`);
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
