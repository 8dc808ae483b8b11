// auto-format, sound-alert and slack-notify against real programs and a real HTTP server: fake
// formatter and player scripts stand in for prettier/eslint and paplay (none is a dependency),
// and a server on 127.0.0.1 stands in for Slack.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import autoFormat from '../../src/builtins/auto-format.js';
import slackNotify from '../../src/builtins/slack-notify.js';
import soundAlert from '../../src/builtins/sound-alert.js';
import { findExecutable } from '../../src/builtins/find-executable.js';
import { expectNoneAlive, livingProcesses, uniqueSleep } from '../helpers/processes.js';
import { tempDir } from '../helpers/temp-dirs.js';
import { builtinContext } from './builtin-context.js';

// A script that records its arguments and, like a formatter, rewrites the file it was given last.
function fakeProgram(folder: string, name: string, body: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, name), `#!/bin/sh\n${body}\n`);
  chmodSync(join(folder, name), 0o755);
}

const REWRITE_LAST_ARGUMENT = 'for last; do :; done; echo "$0 $*" > "$last.args"; printf "formatted\\n" > "$last"';
const systemPath = process.env.PATH ?? '/usr/bin:/bin';
// prettier is not a dependency: the real-formatter test runs where one is installed.
const prettierOnPath = await findExecutable('prettier', process.cwd(), { PATH: systemPath });

describe('auto-format', () => {
  it('runs the project\'s own prettier (node_modules/.bin) on a written file', async () => {
    const dir = tempDir('builtin-format');
    fakeProgram(join(dir, 'node_modules/.bin'), 'prettier', REWRITE_LAST_ARGUMENT);
    const file = join(dir, 'app.ts');
    writeFileSync(file, 'const  a=1\n');
    const answer = await autoFormat({ tool_name: 'Write', tool_input: { file_path: file } }, builtinContext('PostToolUse', { projectDir: dir, env: { PATH: systemPath } }));
    expect(answer).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toBe('formatted\n');
    expect(readFileSync(`${file}.args`, 'utf8')).toMatch(/prettier --write --log-level warn .*app\.ts/);
  });

  it('falls back to eslint --fix found on PATH when prettier is absent', async () => {
    const dir = tempDir('builtin-format');
    const bin = join(dir, 'bin');
    fakeProgram(bin, 'eslint', REWRITE_LAST_ARGUMENT);
    const file = join(dir, 'lib.js');
    writeFileSync(file, 'var a=1\n');
    await autoFormat({ file_path: file }, builtinContext('FileModified', { projectDir: dir, env: { PATH: bin } }));
    expect(readFileSync(`${file}.args`, 'utf8')).toMatch(/eslint --fix .*lib\.js/);
  });

  it('with no formatter present it formats nothing and says so', async () => {
    const dir = tempDir('builtin-format');
    const file = join(dir, 'app.ts');
    writeFileSync(file, 'const  a=1\n');
    const answer = await autoFormat({ tool_name: 'Edit', tool_input: { file_path: file } }, builtinContext('PostToolUse', { projectDir: dir, env: { PATH: join(dir, 'empty') } }));
    expect(answer).toEqual({ systemMessage: expect.stringMatching(/no prettier, eslint, biome in node_modules\/\.bin or on PATH/) });
    expect(readFileSync(file, 'utf8')).toBe('const  a=1\n');
  });

  it('leaves files of other types alone, and a failing formatter is a note, not a crash', async () => {
    const dir = tempDir('builtin-format');
    fakeProgram(join(dir, 'node_modules/.bin'), 'prettier', 'echo "SyntaxError: Unexpected token (1:7)" >&2; exit 2');
    writeFileSync(join(dir, 'tool.py'), 'x=1\n');
    const context = builtinContext('PostToolUse', { projectDir: dir, env: { PATH: systemPath } });
    expect(await autoFormat({ tool_name: 'Write', tool_input: { file_path: join(dir, 'tool.py') } }, context)).toBeUndefined();
    writeFileSync(join(dir, 'broken.ts'), 'const =\n');
    expect(await autoFormat({ tool_name: 'Write', tool_input: { file_path: join(dir, 'broken.ts') } }, context)).toEqual({ systemMessage: expect.stringMatching(/prettier could not format .*broken\.ts: SyntaxError: Unexpected token/) });
  });
});

describe('auto-format leaves nothing running', () => {
  it('an aborted hook kills the formatter and everything it started', async () => {
    const dir = tempDir('builtin-format');
    const sleep = uniqueSleep();
    fakeProgram(join(dir, 'node_modules/.bin'), 'prettier', `sleep ${sleep} & sleep ${sleep}; wait`);
    writeFileSync(join(dir, 'app.ts'), 'x\n');
    const controller = new AbortController();
    const formatting = autoFormat({ tool_name: 'Write', tool_input: { file_path: join(dir, 'app.ts') } }, builtinContext('PostToolUse', { projectDir: dir, env: { PATH: systemPath }, signal: controller.signal }));
    await expect.poll(() => livingProcesses(`sleep ${sleep}`).length, { timeout: 10_000 }).toBe(2);
    controller.abort();
    expect(await formatting).toEqual({ systemMessage: expect.stringMatching(/prettier could not format .*killed by SIGKILL/) });
    await expectNoneAlive(`sleep ${sleep}`);
  });

  it('a formatter that exits leaving a background process behind does not leave it running', async () => {
    const dir = tempDir('builtin-format');
    const sleep = uniqueSleep();
    fakeProgram(join(dir, 'node_modules/.bin'), 'prettier', `sleep ${sleep} & exit 0`);
    writeFileSync(join(dir, 'app.ts'), 'x\n');
    expect(await autoFormat({ tool_name: 'Write', tool_input: { file_path: join(dir, 'app.ts') } }, builtinContext('PostToolUse', { projectDir: dir, env: { PATH: systemPath } }))).toBeUndefined();
    await expectNoneAlive(`sleep ${sleep}`);
  });

  it.skipIf(prettierOnPath === null)('formats with a real prettier when one is installed', async () => {
    const dir = tempDir('builtin-format');
    const file = join(dir, 'app.ts');
    writeFileSync(file, 'const  a = {b:1}\n');
    expect(await autoFormat({ tool_name: 'Write', tool_input: { file_path: file } }, builtinContext('PostToolUse', { projectDir: dir, env: { PATH: systemPath, HOME: dir } }))).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toBe('const a = { b: 1 };\n');
  });
});

describe('sound-alert', () => {
  it('plays the sound file with paplay when paplay is installed', async () => {
    const dir = tempDir('builtin-sound');
    fakeProgram(join(dir, 'bin'), 'paplay', `echo "$1" > "${join(dir, 'played')}"`);
    writeFileSync(join(dir, 'done.oga'), 'not really audio');
    const answer = await soundAlert({ session_id: 's' }, builtinContext('Stop', { projectDir: dir, env: { PATH: join(dir, 'bin') }, options: { soundFile: join(dir, 'done.oga') } }));
    expect(answer).toBeUndefined();
    expect(readFileSync(join(dir, 'played'), 'utf8').trim()).toBe(join(dir, 'done.oga'));
  });

  it('rings the terminal bell when no player is installed or the player fails; it never throws', async () => {
    const dir = tempDir('builtin-sound');
    const bell = { terminalSequence: '\u0007' };
    expect(await soundAlert({}, builtinContext('Stop', { projectDir: dir, env: { PATH: join(dir, 'none') } }))).toEqual(bell);
    fakeProgram(join(dir, 'bin'), 'paplay', 'exit 1');
    writeFileSync(join(dir, 'done.oga'), 'x');
    expect(await soundAlert({}, builtinContext('Stop', { projectDir: dir, env: { PATH: join(dir, 'bin') }, options: { soundFile: join(dir, 'done.oga') } }))).toEqual(bell);
    expect(await soundAlert({}, builtinContext('Stop', { projectDir: dir, options: { soundFile: 42 } }))).toEqual(bell);
  });
});

async function withServer(respond: (request: IncomingMessage, body: string, response: ServerResponse) => void, run: (url: string) => Promise<void>): Promise<void> {
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => respond(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/services/T/B/X`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('slack-notify', () => {
  it('POSTs a JSON message to SLACK_WEBHOOK_URL when the agent stops', async () => {
    const received: { method?: string; type?: string; body?: string } = {};
    await withServer(
      (request, body, response) => {
        Object.assign(received, { method: request.method, type: request.headers['content-type'], body });
        response.end('ok');
      },
      async (url) => {
        const answer = await slackNotify({ session_id: 's', tokens_used: 1500, tool_calls_count: 7, duration_ms: 95_000 }, builtinContext('Stop', { projectDir: '/work/shop', env: { SLACK_WEBHOOK_URL: url } }));
        expect(answer).toBeUndefined();
      },
    );
    expect(received.method).toBe('POST');
    expect(received.type).toBe('application/json');
    expect(JSON.parse(received.body!)).toEqual({ text: 'Task finished in shop · took 1m 35s · 1500 tokens · 7 tool calls' });
  });

  it('a refused POST is a note; no URL is nothing to do', async () => {
    await withServer(
      (_request, _body, response) => {
        response.statusCode = 403;
        response.end('invalid_token');
      },
      async (url) => {
        expect(await slackNotify({}, builtinContext('Stop', { options: { webhookUrl: url } }))).toEqual({ systemMessage: 'slack notify: the webhook answered HTTP 403' });
      },
    );
    expect(await slackNotify({}, builtinContext('Stop', { env: {} }))).toBeUndefined();
  });

  it('an unreachable webhook is a note, not a crash', async () => {
    let closedUrl = '';
    await withServer((_request, _body, response) => response.end(), async (url) => {
      closedUrl = url;
    });
    expect(await slackNotify({}, builtinContext('Stop', { env: { SLACK_WEBHOOK_URL: closedUrl } }))).toEqual({ systemMessage: expect.stringMatching(/^slack notify: could not post/) });
  });
});
