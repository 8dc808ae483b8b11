// The GitHub Copilot CLI driver: runs the real `copilot` headless (`-p <prompt> --allow-all-tools
// --allow-all-paths`) in the project, against a mock OpenAI-compatible chat-completions API on
// 127.0.0.1 that answers the main conversation with the scripted steps. Findings behind every
// choice: /work/notes/agents/copilot.md.
//
// How Copilot CLI 1.0.102 is pointed at the mock (its documented "BYOK" provider mode, see
// `copilot help providers`):
// - COPILOT_PROVIDER_BASE_URL = <mock>/v1 (type "openai", wire API "completions"), a dummy
//   COPILOT_PROVIDER_API_KEY and COPILOT_MODEL: no GitHub sign-in is needed.
// - COPILOT_OFFLINE=true: no GitHub authentication, telemetry, web tools, GitHub MCP server or
//   auto-update; the only TCP connection of a run is to the mock (checked with strace).
// - The project is trusted in <home>/.copilot/config.json (`trustedFolders`): prompt mode only
//   loads the repository's hooks (.github/hooks/*.json, .github/copilot/settings*.json,
//   .claude/settings*.json) in a trusted folder. User-level hooks (~/.copilot/hooks) need no trust.
// - COPILOT_PKG_CACHE_HOME = a cache beside the installed agent: the executable is a Node SEA that
//   unpacks its 235 MB JavaScript package on first start (4 s); without it every fresh home would
//   unpack it again.
// The API it speaks: POST /v1/chat/completions with `stream: true` (SSE chunks, `data: [DONE]`),
// the tools declared as functions (bash, create, edit, view, grep, glob, ...). It makes no side
// request in prompt mode; background ones (titles, compaction) would carry an
// `x-interaction-type` of conversation-background/-compaction/-sampling and get a short text.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { createDriver, homeEnv } from '../harness/agent-run.js';
import type { Conversation } from '../harness/conversation.js';
import type { AgentDriver, ModelStep } from '../harness/driver.js';
import { isRecord, sendEvents, sendJson, type Json, type RecordedRequest } from '../harness/mock-server.js';

/** The model the agent is told to use: with it, Copilot offers the bash/create/edit/view tool set. */
export const COPILOT_MOCK_MODEL = 'gpt-4.1';
/** The dummy provider key: sent as `Authorization: Bearer`, and kept out of hooks' environment by Copilot. */
export const COPILOT_DUMMY_API_KEY = 'hookpool-e2e-dummy-key';
/**
 * Every process of a run carries this variable (value: the run's id), so the driver can find the
 * ones that left the agent's process group (Copilot starts each hook in a process group of its
 * own and each shell command in a session of its own) and end them. Copilot passes it on.
 */
const RUN_TAG = 'HOOKPOOL_E2E_COPILOT_RUN';
/** `x-interaction-type` values of requests that are not the main conversation. */
const SIDE_INTERACTIONS = new Set(['conversation-background', 'conversation-compaction', 'conversation-sampling', 'conversation-subagent']);

/** config.json is JSON with `//` comment lines at the top (Copilot writes it so). */
function readConfig(path: string): Json {
  if (!existsSync(path)) return {};
  const text = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n');
  if (text.trim() === '') return {};
  const parsed: unknown = JSON.parse(text);
  return isRecord(parsed) ? parsed : {};
}

function prepareHome(home: string, projectDir: string): void {
  const copilotDir = join(home, '.copilot');
  mkdirSync(copilotDir, { recursive: true });
  const configPath = join(copilotDir, 'config.json');
  const config = readConfig(configPath);
  const trusted = new Set(Array.isArray(config.trustedFolders) ? config.trustedFolders.filter((entry) => typeof entry === 'string') : []);
  trusted.add(projectDir);
  trusted.add(realpathSync(projectDir));
  writeFileSync(configPath, `${JSON.stringify({ ...config, trustedFolders: [...trusted] }, null, 2)}\n`);
}

/** Where the unpacked package is kept between runs: node_modules/.cache of the agents' install, when it can be written. */
function packageCache(binary: string): string | undefined {
  const dir = join(dirname(dirname(binary)), '.cache', 'hookpool-copilot-pkg');
  try {
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    return undefined;
  }
}

function chunk(id: string, choices: unknown[], extra: Json = {}): Json {
  return { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: COPILOT_MOCK_MODEL, choices, ...extra };
}

const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

/** The stream of chunks that says one step: a tool call of bash/create, or a text. */
function stepChunks(step: ModelStep, callId: string): Json[] {
  const id = `chatcmpl-${callId}`;
  let call: { name: string; args: Json } | undefined;
  if (step.kind === 'shell') call = { name: 'bash', args: { command: step.command, description: 'Run the command' } };
  if (step.kind === 'write') call = { name: 'create', args: { path: step.path, file_text: step.content } };
  if (call !== undefined) {
    return [
      chunk(id, [
        {
          index: 0,
          delta: { role: 'assistant', content: null, tool_calls: [{ index: 0, id: callId, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } }] },
          finish_reason: null,
        },
      ]),
      chunk(id, [{ index: 0, delta: {}, finish_reason: 'tool_calls' }]),
      chunk(id, [], { usage: USAGE }),
    ];
  }
  const text = step.kind === 'text' ? step.text : 'done';
  return [
    chunk(id, [{ index: 0, delta: { role: 'assistant', content: text }, finish_reason: null }]),
    chunk(id, [{ index: 0, delta: {}, finish_reason: 'stop' }]),
    chunk(id, [], { usage: USAGE }),
  ];
}

function answerText(response: ServerResponse, body: Json, text: string): void {
  if (body.stream === true) {
    const id = `chatcmpl-${randomUUID()}`;
    sendEvents(response, [
      { data: chunk(id, [{ index: 0, delta: { role: 'assistant', content: text }, finish_reason: null }]) },
      { data: chunk(id, [{ index: 0, delta: {}, finish_reason: 'stop' }]) },
      { data: '[DONE]' },
    ]);
    return;
  }
  sendJson(response, 200, {
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: COPILOT_MOCK_MODEL,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: USAGE,
  });
}

/** The text of a chat message's content: a string, or an array of parts with `text`. */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.filter(isRecord).flatMap((part) => (typeof part.text === 'string' ? [part.text] : []));
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/** Reads a main request's messages: the tool calls the model made, and each text and tool result the agent sent. */
function hear(body: Json, conversation: Conversation): void {
  if (!Array.isArray(body.messages)) return;
  for (const message of body.messages) {
    if (!isRecord(message)) continue;
    if (message.role === 'assistant') {
      if (Array.isArray(message.tool_calls)) {
        for (const call of message.tool_calls) {
          if (isRecord(call) && typeof call.id === 'string' && isRecord(call.function) && typeof call.function.name === 'string') conversation.noteCall(call.id, call.function.name);
        }
      }
      continue;
    }
    const text = contentText(message.content);
    if (text === undefined) continue;
    if (message.role === 'tool') conversation.heardResult(typeof message.tool_call_id === 'string' ? message.tool_call_id : text, text);
    else conversation.heard(text);
  }
}

function answer(request: RecordedRequest, response: ServerResponse, conversation: Conversation): void {
  if (request.method === 'GET' && /\/models\/?(\?|$)/.test(request.path)) {
    return sendJson(response, 200, { object: 'list', data: [{ id: COPILOT_MOCK_MODEL, object: 'model', created: 0, owned_by: 'mock' }] });
  }
  if (request.method !== 'POST' || !request.path.includes('/chat/completions')) {
    return sendJson(response, 404, { error: { message: `mock: no route ${request.method} ${request.path}`, type: 'not_found' } });
  }
  const body = isRecord(request.body) ? request.body : {};
  const interaction = request.headers['x-interaction-type'];
  const side = (typeof interaction === 'string' && SIDE_INTERACTIONS.has(interaction)) || !Array.isArray(body.tools) || body.tools.length === 0;
  if (side) return answerText(response, body, 'ok');
  hear(body, conversation);
  const step = conversation.nextStep();
  const chunks: unknown[] = [...stepChunks(step, `call_${conversation.mainRequests}_${randomUUID().slice(0, 8)}`), '[DONE]'];
  sendEvents(response, chunks.map((data) => ({ data })));
}

export function createCopilotDriver(): AgentDriver {
  return createDriver({
    name: 'copilot',
    tagVariable: RUN_TAG,
    answer,
    launch(mockUrl, { home, projectDir, prompt }, binary) {
      prepareHome(home, projectDir);
      const cache = packageCache(binary);
      return {
        args: ['-p', prompt, '--allow-all-tools', '--allow-all-paths', '--no-ask-user', '--no-color', '--no-auto-update', '--disable-client-telemetry'],
        env: {
          ...homeEnv(home),
          NO_COLOR: '1',
          COPILOT_OFFLINE: 'true',
          COPILOT_AUTO_UPDATE: 'false',
          COPILOT_PROVIDER_TYPE: 'openai',
          COPILOT_PROVIDER_BASE_URL: `${mockUrl}/v1`,
          COPILOT_PROVIDER_API_KEY: COPILOT_DUMMY_API_KEY,
          COPILOT_MODEL: COPILOT_MOCK_MODEL,
          ...(cache === undefined ? {} : { COPILOT_PKG_CACHE_HOME: cache }),
        },
      };
    },
  });
}
