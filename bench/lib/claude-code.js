// Real Claude Code, headless, against a mock Anthropic Messages API on 127.0.0.1: the pieces the
// claude-wiring case needs. The mock answers the main conversation (the requests that declare
// the Bash tool) with `toolCalls` Bash calls, one per answer, then a text; it stamps when each
// answer carrying a tool_use has been written out and when the request carrying its tool_result
// arrives. Between the two is one tool call as Claude Code makes it: the PreToolUse hooks, the
// tool itself and building the next request. How the agent is pointed at the mock and kept
// offline follows the end-to-end driver (test/e2e/agents/claude.ts, /work/notes/agents/claude.md).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nowMs, sleepMs } from './clock.js';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Where the pinned agents are installed: HOOKPOOL_E2E_AGENTS, else test/e2e/agents-install. */
export function agentsInstallDir() {
  return process.env.HOOKPOOL_E2E_AGENTS ?? join(REPO, 'test', 'e2e', 'agents-install');
}

/** The `claude` executable of the pinned install, or null when it is not installed. */
export function findClaude() {
  const path = join(agentsInstallDir(), 'node_modules', '.bin', 'claude');
  return existsSync(path) ? path : null;
}

const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Writes one assistant message holding `block`: SSE when the request streams, else JSON. Resolves once written out. */
function answer(response, body, block) {
  const model = typeof body.model === 'string' ? body.model : 'claude-mock';
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  const stopReason = block.type === 'tool_use' ? 'tool_use' : 'end_turn';
  const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const finished = new Promise((resolvePromise) => response.once('finish', resolvePromise));
  if (body.stream !== true) {
    const text = JSON.stringify({ id, type: 'message', role: 'assistant', model, content: [block], stop_reason: stopReason, stop_sequence: null, usage });
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
    return finished;
  }
  const start = block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} };
  const delta = block.type === 'text' ? { type: 'text_delta', text: block.text } : { type: 'input_json_delta', partial_json: JSON.stringify(block.input) };
  const events = [
    ['message_start', { message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } }],
    ['content_block_start', { index: 0, content_block: start }],
    ['content_block_delta', { index: 0, delta }],
    ['content_block_stop', { index: 0 }],
    ['message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } }],
    ['message_stop', {}],
  ];
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  response.end(events.map(([type, data]) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`).join(''));
  return finished;
}

/** Every tool_result block of a request's conversation: [{ id, text, isError }]. */
function toolResults(body) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  // Claude Code may put a message after the tool results (a reminder), so all are read.
  return messages
    .flatMap((message) => (isRecord(message) && Array.isArray(message.content) ? message.content : []))
    .filter((block) => isRecord(block) && block.type === 'tool_result')
    .map((block) => ({
      id: block.tool_use_id,
      isError: block.is_error === true,
      text: typeof block.content === 'string' ? block.content : Array.isArray(block.content) ? block.content.map((part) => part?.text ?? '').join('\n') : '',
    }));
}

/**
 * A mock model for one session. `calls()` lists the tool calls made: [{ id, answeredAt,
 * resultAt, result: { text, isError } }] in order; times in nowMs() milliseconds.
 */
export async function startMockModel({ toolCalls, command = 'true' }) {
  const calls = [];
  const byId = new Map();
  let mainRequests = 0;
  const server = createServer((request, response) => {
    // Stamped when the request's head is read: its body (the whole conversation) follows at once.
    const arrivedAt = nowMs();
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0];
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        // Not JSON: answered as any side request.
      }
      if (request.method === 'POST' && path === '/v1/messages/count_tokens') {
        const text = JSON.stringify({ input_tokens: 100 });
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        response.end(text);
        return;
      }
      if (request.method !== 'POST' || path !== '/v1/messages') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: `the mock model has no ${request.method} ${path}` } }));
        return;
      }
      const main = isRecord(body) && Array.isArray(body.tools) && body.tools.some((tool) => tool?.name === 'Bash');
      if (!main) {
        // A side request (a title, the small fast model): a short text.
        void answer(response, body, { type: 'text', text: 'ok' });
        return;
      }
      for (const result of toolResults(body)) {
        const call = byId.get(result.id);
        if (call !== undefined && call.resultAt === undefined) {
          call.resultAt = arrivedAt;
          call.result = { text: result.text, isError: result.isError };
        }
      }
      mainRequests += 1;
      if (mainRequests > toolCalls) {
        void answer(response, body, { type: 'text', text: 'done' });
        return;
      }
      const id = `toolu_bench_${String(mainRequests).padStart(2, '0')}_${randomUUID().slice(0, 8)}`;
      const call = { id, answeredAt: undefined, resultAt: undefined, result: undefined };
      calls.push(call);
      byId.set(id, call);
      void answer(response, body, { type: 'tool_use', id, name: 'Bash', input: { command, description: 'bench step' } }).then(() => {
        call.answeredAt = nowMs();
      });
    });
  });
  await new Promise((resolvePromise) => server.listen(0, '127.0.0.1', resolvePromise));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    calls: () => calls,
    mainRequests: () => mainRequests,
    close: () =>
      new Promise((resolvePromise) => {
        server.closeAllConnections();
        server.close(() => resolvePromise());
      }),
  };
}

/** Pids of processes whose environment holds `name=value` (Linux /proc; elsewhere none). */
export function processesWithEnv(name, value) {
  const needle = `${name}=${value}`;
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(needle)) found.push(Number(entry));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

function kill(pid, signal, group = false) {
  try {
    process.kill(group ? -pid : pid, signal);
  } catch {
    // Already gone.
  }
}

/** SIGKILLs the processes (and their groups) that carry `name=value` until none is left; resolves with how many there were. */
export async function killProcessesWithEnv(name, value) {
  const seen = new Set();
  for (let round = 0; round < 50; round++) {
    const left = processesWithEnv(name, value);
    if (left.length === 0) break;
    for (const pid of left) {
      seen.add(pid);
      kill(pid, 'SIGKILL', true);
      kill(pid, 'SIGKILL');
    }
    await sleepMs(20);
  }
  return seen.size;
}

/** Waits up to `ms` for no process to carry `name=value`; resolves with the pids still there. */
export async function waitForNoProcessWithEnv(name, value, ms) {
  const deadline = nowMs() + ms;
  for (;;) {
    const left = processesWithEnv(name, value);
    if (left.length === 0 || nowMs() >= deadline) return left;
    await sleepMs(50);
  }
}

/** The environment of one headless session: TMPDIR and XDG folders inside `home`, the model at `baseUrl`, offline. */
export function claudeEnv({ home, baseUrl, extra = {} }) {
  const dirs = {
    TMPDIR: join(home, 'tmp'),
    XDG_RUNTIME_DIR: join(home, 'run'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  return {
    HOME: home,
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C',
    ...dirs,
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-hookpool-bench-dummy',
    // bypassPermissions is refused to root without it.
    IS_SANDBOX: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    ...extra,
  };
}

/**
 * Runs `claude -p` once in `cwd` (prompt on stdin), in its own process group; resolves with
 * { code, signal, stdout, stderr, ms, exitedAt (nowMs) } once it has exited (killed after `timeoutMs`).
 */
export function runClaude(binary, { cwd, env, prompt, timeoutMs = 120_000 }) {
  return new Promise((resolvePromise, reject) => {
    const t0 = nowMs();
    const child = spawn(binary, ['-p', '--output-format', 'json', '--permission-mode', 'bypassPermissions'], { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.stdin.on('error', () => {});
    child.stdin.end(prompt);
    const timer = setTimeout(() => kill(child.pid, 'SIGKILL', true), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    const closed = new Promise((resolveClosed) => child.once('close', resolveClosed));
    child.once('exit', async (code, signal) => {
      const exitedAt = nowMs();
      const ms = exitedAt - t0;
      clearTimeout(timer);
      // Its output to the end, unless a leftover child holds the pipes open.
      await Promise.race([closed, sleepMs(2_000)]);
      resolvePromise({ pid: child.pid, code, signal, stdout, stderr, ms, exitedAt });
    });
  });
}
