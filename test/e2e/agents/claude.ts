// The Claude Code driver: runs the real `claude` headless (`-p --output-format json
// --permission-mode bypassPermissions`, the prompt on stdin) in the project, against a mock
// Anthropic Messages API on 127.0.0.1 that answers the main conversation with the scripted steps.
// Findings behind every choice: /work/notes/agents/claude.md.
//
// How Claude Code 2.1.332 is pointed at the mock and kept offline:
// - ANTHROPIC_BASE_URL = the mock, ANTHROPIC_API_KEY = a dummy (no login, no onboarding in -p mode).
// - CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 (no telemetry, feature flags, update checks: without
//   it, a run tries api.anthropic.com:443 five times), DISABLE_AUTOUPDATER=1, DISABLE_TELEMETRY=1,
//   DISABLE_ERROR_REPORTING=1.
// - --permission-mode bypassPermissions, so the hooks are the only guard of a tool call; as root it
//   is refused unless IS_SANDBOX=1 ("--dangerously-skip-permissions cannot be used with root/sudo
//   privileges for security reasons"), so IS_SANDBOX=1 is always set.
// - TMPDIR and XDG_RUNTIME_DIR inside `home`: Claude Code makes <tmpdir>/claude-<uid>/ and
//   <XDG_RUNTIME_DIR or tmpdir>/cc-socks/ there, which would otherwise outlive the run in /tmp.
// Nothing is written for hooks: -p mode skips the workspace trust dialog and runs the project's
// .claude/settings.json hooks as they are.
//
// The API it speaks: POST /v1/messages?beta=true with `stream: true` (SSE: message_start,
// content_block_start/delta/stop, message_delta, message_stop). A main-conversation request is one
// that declares the Bash tool; anything else (a `prompt` hook's evaluation, a title, the small fast
// model) is a side request and gets a short text, or JSON fitting the schema it asks for in
// output_config.format; /v1/messages/count_tokens gets a count.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { isAbsolute, join } from 'node:path';
import type { AgentDriver, AgentRun, AgentRunOptions, ModelStep, ToolResult } from '../harness/driver.js';
import { findAgentBinary } from '../harness/find-agent.js';
import { sendEvents, sendJson, startMockServer, type RecordedRequest } from '../harness/mock-server.js';

/** The dummy key: Claude Code sends it as `x-api-key`, and it reaches every hook's environment. */
export const CLAUDE_DUMMY_API_KEY = 'sk-ant-hookpool-e2e-dummy';
/**
 * Every process of a run carries this variable (value: the run's id). Claude Code starts each hook
 * in a process group of its own (`detached: true` in its spawn), so killing the agent's group does
 * not reach them: the driver finds them by this tag in /proc/<pid>/environ and ends them.
 */
const RUN_TAG = 'HOOKPOOL_E2E_CLAUDE_RUN';
/** The text a side request gets (unless it asks for JSON). */
const SIDE_ANSWER = 'ok';
/** After the agent exits, how long its stdout/stderr may stay open (a leftover child holding them). */
const STDIO_GRACE_MS = 2_000;
/** Between SIGTERM and SIGKILL at the timeout. */
const KILL_GRACE_MS = 2_000;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A content block of the answer, in the Messages API's words. */
type AnswerBlock = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Json };

function answerFor(step: ModelStep, id: string, projectDir: string): AnswerBlock {
  switch (step.kind) {
    case 'shell':
      return { type: 'tool_use', id, name: 'Bash', input: { command: step.command, description: 'hookpool e2e step' } };
    case 'write':
      // Write wants an absolute file_path.
      return { type: 'tool_use', id, name: 'Write', input: { file_path: isAbsolute(step.path) ? step.path : join(projectDir, step.path), content: step.content } };
    case 'text':
      return { type: 'text', text: step.text };
  }
}

/** Answers with one assistant message holding `blocks`: SSE when the request streams, else plain JSON. */
function sendMessage(response: ServerResponse, request: RecordedRequest, blocks: readonly AnswerBlock[]): void {
  const body = isRecord(request.body) ? request.body : {};
  const model = typeof body.model === 'string' ? body.model : 'claude-mock';
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  const stopReason = blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
  const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  if (body.stream !== true) {
    sendJson(response, 200, { id, type: 'message', role: 'assistant', model, content: blocks, stop_reason: stopReason, stop_sequence: null, usage });
    return;
  }
  const events: { event: string; data: unknown }[] = [];
  const event = (type: string, data: Json): void => {
    events.push({ event: type, data: { type, ...data } });
  };
  event('message_start', { message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } });
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      event('content_block_start', { index, content_block: { type: 'text', text: '' } });
      event('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } });
    } else {
      event('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
      event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
    }
    event('content_block_stop', { index });
  });
  event('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } });
  event('message_stop', {});
  sendEvents(response, events);
}

/** A value that satisfies a JSON schema: first enum value, true, 1, "ok", [], an object with its required keys. */
function sampleOf(schema: unknown): unknown {
  if (!isRecord(schema)) return SIDE_ANSWER;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options) && options.length > 0) return sampleOf(options[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : [];
      return Object.fromEntries(required.map((key) => [key, sampleOf(properties[key])]));
    }
    case 'array':
      return [];
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return 1;
    case 'null':
      return null;
    default:
      return SIDE_ANSWER;
  }
}

/**
 * The text a side request gets: "ok", or, when it asks for structured output (a `prompt` hook asks
 * for {ok, reason}), JSON that fits its schema (so a prompt hook answers {"ok": true, "reason": "ok"}).
 */
function sideAnswer(body: unknown): string {
  const format = isRecord(body) && isRecord(body.output_config) ? body.output_config.format : undefined;
  return isRecord(format) && format.type === 'json_schema' ? JSON.stringify(sampleOf(format.schema)) : SIDE_ANSWER;
}

/** A request of the main conversation: it declares the agent's Bash tool. */
function isMainRequest(body: unknown): boolean {
  return isRecord(body) && Array.isArray(body.tools) && body.tools.some((tool) => isRecord(tool) && tool.name === 'Bash');
}

/** The text of a tool_result's content: a string, or text blocks. */
function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((block): block is Json => isRecord(block) && block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string)
    .join('\n');
}

/** Collects what the model was told, over every main request, each text and each tool result once. */
class Transcript {
  readonly toolResults: ToolResult[] = [];
  readonly modelInputs: string[] = [];
  private readonly seenTexts = new Set<string>();
  private readonly seenResults = new Set<string>();
  private readonly toolNames = new Map<string, string>();

  noteToolUse(id: string, name: string): void {
    this.toolNames.set(id, name);
  }

  read(body: unknown): void {
    if (!isRecord(body) || !Array.isArray(body.messages)) return;
    for (const message of body.messages) {
      if (!isRecord(message)) continue;
      const { role, content } = message;
      if (role === 'assistant') {
        if (Array.isArray(content)) {
          for (const block of content) {
            if (isRecord(block) && block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string') this.noteToolUse(block.id, block.name);
          }
        }
        continue;
      }
      // `user` messages, and the `system` messages Claude Code puts in the conversation (hook context lands there).
      if (typeof content === 'string') {
        this.addText(content);
        continue;
      }
      if (!Array.isArray(content)) continue;
      for (const block of content) {
        if (!isRecord(block)) continue;
        if (block.type === 'text' && typeof block.text === 'string') this.addText(block.text);
        else if (block.type === 'tool_result') {
          const text = toolResultText(block.content);
          const id = typeof block.tool_use_id === 'string' ? block.tool_use_id : '';
          if (!this.seenResults.has(id)) {
            this.seenResults.add(id);
            this.toolResults.push({ tool: this.toolNames.get(id) ?? 'unknown', text });
          }
          this.addText(text);
        }
      }
    }
  }

  private addText(text: string): void {
    if (text === '' || this.seenTexts.has(text)) return;
    this.seenTexts.add(text);
    this.modelInputs.push(text);
  }
}

/** Processes whose environment carries `RUN_TAG=<runId>` (Linux /proc; elsewhere none are found). */
function taggedProcesses(runId: string): number[] {
  const needle = `${RUN_TAG}=${runId}`;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'latin1');
      if (environ.split('\0').includes(needle)) found.push(Number(entry));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Ends the agent's process group and every process of the run that left it, until none is left. */
async function killRun(pid: number | undefined, runId: string): Promise<void> {
  if (pid !== undefined) signalGroup(pid, 'SIGKILL');
  for (let round = 0; round < 50; round++) {
    const left = taggedProcesses(runId);
    if (left.length === 0) return;
    for (const each of left) {
      signalGroup(each, 'SIGKILL');
      try {
        process.kill(each, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function prepareHome(home: string): Record<string, string> {
  const dirs = {
    TMPDIR: join(home, 'tmp'),
    XDG_RUNTIME_DIR: join(home, 'run'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dirs;
}

async function runClaude(binary: string, options: AgentRunOptions): Promise<AgentRun> {
  const { projectDir, home, prompt, steps } = options;
  const transcript = new Transcript();
  let mainRequests = 0;
  const mock = await startMockServer((request, response) => {
    const path = request.path.split('?')[0] ?? '';
    if (request.method === 'POST' && path === '/v1/messages/count_tokens') {
      sendJson(response, 200, { input_tokens: 100 });
      return;
    }
    if (request.method === 'POST' && path === '/v1/messages') {
      if (!isMainRequest(request.body)) {
        sendMessage(response, request, [{ type: 'text', text: sideAnswer(request.body) }]);
        return;
      }
      transcript.read(request.body);
      const step: ModelStep = steps[mainRequests] ?? { kind: 'text', text: 'done' };
      mainRequests += 1;
      const id = `toolu_e2e_${String(mainRequests).padStart(3, '0')}_${randomUUID().slice(0, 8)}`;
      const block = answerFor(step, id, projectDir);
      if (block.type === 'tool_use') transcript.noteToolUse(id, block.name);
      sendMessage(response, request, [block]);
      return;
    }
    sendJson(response, 404, { type: 'error', error: { type: 'not_found_error', message: `the mock model has no ${request.method} ${path}` } });
  });

  const runId = randomUUID();
  let child: ReturnType<typeof spawn> | undefined;
  try {
    const env: Record<string, string> = {
      HOME: home,
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      ...prepareHome(home),
      ANTHROPIC_BASE_URL: mock.url,
      ANTHROPIC_API_KEY: CLAUDE_DUMMY_API_KEY,
      IS_SANDBOX: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      ...options.env,
      [RUN_TAG]: runId,
    };
    const args = ['-p', '--output-format', 'json', '--permission-mode', 'bypassPermissions'];
    const spawned = spawn(binary, args, { cwd: projectDir, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    child = spawned;
    let stdout = '';
    let stderr = '';
    spawned.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    spawned.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    spawned.stdin.on('error', () => {
      // The agent may exit before reading its prompt.
    });
    // The prompt on stdin: no argument parsing can mistake it for an option.
    spawned.stdin.end(prompt);

    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      spawned.once('error', reject);
      spawned.once('exit', (code, signal) => resolve({ code, signal }));
    });
    const closed = new Promise<void>((resolve) => spawned.once('close', () => resolve()));
    const timeoutMs = options.timeoutMs ?? 120_000;
    let killTimer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      if (spawned.pid !== undefined) signalGroup(spawned.pid, 'SIGTERM');
      killTimer = setTimeout(() => void killRun(spawned.pid, runId), KILL_GRACE_MS);
    }, timeoutMs);
    let outcome: { code: number | null; signal: NodeJS.Signals | null };
    try {
      outcome = await exited;
    } finally {
      clearTimeout(timer);
      clearTimeout(killTimer);
    }
    await killRun(spawned.pid, runId);
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, STDIO_GRACE_MS))]);
    return {
      exitCode: outcome.code,
      signal: outcome.signal,
      stdout,
      stderr,
      toolResults: transcript.toolResults,
      modelInputs: transcript.modelInputs,
      mainRequests,
    };
  } finally {
    if (child !== undefined) await killRun(child.pid, runId);
    await mock.close();
  }
}

export function createClaudeDriver(): AgentDriver {
  const binary = findAgentBinary('claude');
  return {
    name: 'claude',
    binary,
    run(options) {
      if (binary === null) return Promise.reject(new Error('Claude Code is not installed (test/e2e/agents-install)'));
      return runClaude(binary, options);
    },
  };
}
