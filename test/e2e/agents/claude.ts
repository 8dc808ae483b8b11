// The Claude Code dialect: runs the real `claude` headless (`-p --output-format json
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
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { isAbsolute, join } from 'node:path';
import { createDriver, homeEnv } from '../harness/agent-run.js';
import type { Conversation } from '../harness/conversation.js';
import type { AgentDriver, AgentRunOptions, ModelStep } from '../harness/driver.js';
import { isRecord, sendEvents, sendJson, type Json, type RecordedRequest } from '../harness/mock-server.js';

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

/** Reads a main request's conversation: the tool calls the model made, and each text and tool result the agent sent. */
function hear(body: unknown, conversation: Conversation): void {
  if (!isRecord(body) || !Array.isArray(body.messages)) return;
  for (const message of body.messages) {
    if (!isRecord(message)) continue;
    const { role, content } = message;
    if (role === 'assistant') {
      if (Array.isArray(content)) {
        for (const block of content) {
          if (isRecord(block) && block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string') conversation.noteCall(block.id, block.name);
        }
      }
      continue;
    }
    // `user` messages, and the `system` messages Claude Code puts in the conversation (hook context lands there).
    if (typeof content === 'string') {
      conversation.heard(content);
      continue;
    }
    if (!Array.isArray(content)) continue;
    for (const block of content) {
      if (!isRecord(block)) continue;
      if (block.type === 'text' && typeof block.text === 'string') conversation.heard(block.text);
      else if (block.type === 'tool_result') conversation.heardResult(typeof block.tool_use_id === 'string' ? block.tool_use_id : '', toolResultText(block.content));
    }
  }
}

function answer(request: RecordedRequest, response: ServerResponse, conversation: Conversation, { projectDir }: AgentRunOptions): void {
  const path = request.path.split('?')[0] ?? '';
  if (request.method === 'POST' && path === '/v1/messages/count_tokens') return sendJson(response, 200, { input_tokens: 100 });
  if (request.method !== 'POST' || path !== '/v1/messages') {
    return sendJson(response, 404, { type: 'error', error: { type: 'not_found_error', message: `the mock model has no ${request.method} ${path}` } });
  }
  if (!isMainRequest(request.body)) return sendMessage(response, request, [{ type: 'text', text: sideAnswer(request.body) }]);
  hear(request.body, conversation);
  const step = conversation.nextStep();
  const id = `toolu_e2e_${String(conversation.mainRequests).padStart(3, '0')}_${randomUUID().slice(0, 8)}`;
  const block = answerFor(step, id, projectDir);
  if (block.type === 'tool_use') conversation.noteCall(id, block.name);
  sendMessage(response, request, [block]);
}

export function createClaudeDriver(): AgentDriver {
  return createDriver({
    name: 'claude',
    tagVariable: RUN_TAG,
    answer,
    launch(mockUrl, { home, prompt }) {
      const runtimeDir = join(home, 'run');
      mkdirSync(runtimeDir, { recursive: true, mode: 0o700 });
      return {
        args: ['-p', '--output-format', 'json', '--permission-mode', 'bypassPermissions'],
        env: {
          ...homeEnv(home),
          XDG_RUNTIME_DIR: runtimeDir,
          ANTHROPIC_BASE_URL: mockUrl,
          ANTHROPIC_API_KEY: CLAUDE_DUMMY_API_KEY,
          IS_SANDBOX: '1',
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
          DISABLE_AUTOUPDATER: '1',
          DISABLE_TELEMETRY: '1',
          DISABLE_ERROR_REPORTING: '1',
        },
        // The prompt on stdin: no argument parsing can mistake it for an option.
        stdin: prompt,
      };
    },
  });
}
