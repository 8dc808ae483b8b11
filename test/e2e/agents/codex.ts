// The Codex CLI dialect: `codex exec` headless against a mock of the OpenAI Responses API
// (POST /v1/responses, server-sent events), configured by `-c` overrides only, so the user
// config.toml and hooks.json in `home/.codex` stay the test's (see /work/notes/agents/codex.md).
import { mkdirSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createDriver, homeEnv } from '../harness/agent-run.js';
import type { Conversation } from '../harness/conversation.js';
import type { AgentDriver, ModelStep } from '../harness/driver.js';
import { sendEvents, sendJson, type RecordedRequest } from '../harness/mock-server.js';

/** A model in the catalog bundled with Codex 0.171.0: it gets `exec_command` and the freeform `apply_patch`. */
export const CODEX_MOCK_MODEL = 'gpt-5.5';
/** The variable the mock provider reads its (fake) API key from. */
export const CODEX_MOCK_KEY_VARIABLE = 'HOOKPOOL_MOCK_API_KEY';
/** Codex's shell tool (unified exec) and file tool, as the model calls them. */
export const CODEX_SHELL_TOOL = 'exec_command';
export const CODEX_PATCH_TOOL = 'apply_patch';

export interface CodexDriverOptions {
  /**
   * Pass `--dangerously-bypass-hook-trust` (default true): run every enabled hook without the
   * per-hook trust a user gives in `/hooks`. Set false to test trust records (`[hooks.state]`).
   */
  readonly bypassHookTrust?: boolean;
}

/**
 * Every process of a run carries this variable (value: the run's id), so the driver can find the
 * ones that left the agent's process group (Codex starts each hook in a session of its own) and
 * end them. Codex passes its environment on to hooks and shell commands as it is.
 */
const RUN_TAG = 'HOOKPOOL_E2E_CODEX_RUN';
/** Responses answered in this process: numbers the ids of the items the mock makes up. */
let served = 0;

interface InputItem {
  readonly type?: string;
  readonly role?: string;
  readonly name?: string;
  readonly call_id?: string;
  readonly content?: unknown;
  readonly output?: unknown;
}

/** The texts of a message's content or a tool call's output (a string, or parts with `text`). */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  const texts: string[] = [];
  for (const part of value as unknown[]) {
    if (part !== null && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string') {
      texts.push((part as { text: string }).text);
    }
  }
  return texts;
}

/** The patch `apply_patch` needs to create `path` holding `content` (each line `+`-prefixed). */
export function addFilePatch(path: string, content: string): string {
  const lines = content.endsWith('\n') ? content.slice(0, -1).split('\n') : content.split('\n');
  return `*** Begin Patch\n*** Add File: ${path}\n${lines.map((line) => `+${line}`).join('\n')}\n*** End Patch\n`;
}

/** The output item that says `step` in the Responses API. */
function outputItem(step: ModelStep, n: number): Record<string, unknown> {
  switch (step.kind) {
    case 'shell':
      return { type: 'function_call', id: `fc_${n}`, call_id: `call_${n}`, name: CODEX_SHELL_TOOL, arguments: JSON.stringify({ cmd: step.command }), status: 'completed' };
    case 'write':
      return { type: 'custom_tool_call', id: `ctc_${n}`, call_id: `call_${n}`, name: CODEX_PATCH_TOOL, input: addFilePatch(step.path, step.content), status: 'completed' };
    case 'text':
      return { type: 'message', id: `msg_${n}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: step.text, annotations: [] }] };
  }
}

/** A whole streamed response holding one output item. */
function sendResponse(response: ServerResponse, item: Record<string, unknown>, n: number): void {
  const id = `resp_mock_${n}`;
  const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
  sendEvents(response, [
    { event: 'response.created', data: { type: 'response.created', response: { id, status: 'in_progress', output: [] } } },
    { event: 'response.output_item.added', data: { type: 'response.output_item.added', output_index: 0, item } },
    { event: 'response.output_item.done', data: { type: 'response.output_item.done', output_index: 0, item } },
    { event: 'response.completed', data: { type: 'response.completed', response: { id, status: 'completed', output: [item], usage } } },
  ]);
}

/**
 * A request of the main conversation: a turn of the root agent. Others (compaction, memory,
 * guardian reviews, subagents) say another `request_kind` in x-codex-turn-metadata, or carry
 * x-openai-subagent.
 */
function isMainRequest(request: RecordedRequest): boolean {
  if (request.headers['x-openai-subagent'] !== undefined) return false;
  const metadata = request.headers['x-codex-turn-metadata'];
  if (typeof metadata !== 'string') return true;
  try {
    const kind = (JSON.parse(metadata) as { request_kind?: unknown }).request_kind;
    return kind === undefined || kind === 'turn';
  } catch {
    return true;
  }
}

/** Reads a main request: the instructions, and every input item (tool calls, the agent's messages, tool outputs). */
function hear(body: unknown, conversation: Conversation): void {
  if (body === null || typeof body !== 'object') return;
  const { instructions, input } = body as { instructions?: unknown; input?: unknown };
  if (typeof instructions === 'string') conversation.heard(instructions);
  if (!Array.isArray(input)) return;
  for (const item of input as InputItem[]) {
    if ((item.type === 'function_call' || item.type === 'custom_tool_call') && item.call_id !== undefined && item.name !== undefined) {
      conversation.noteCall(item.call_id, item.name);
    } else if (item.type === 'message' && item.role !== 'assistant') {
      for (const text of textsOf(item.content)) conversation.heard(text);
    } else if ((item.type === 'function_call_output' || item.type === 'custom_tool_call_output') && item.call_id !== undefined) {
      conversation.heardResult(item.call_id, textsOf(item.output).join('\n'));
    }
  }
}

function answer(request: RecordedRequest, response: ServerResponse, conversation: Conversation): void {
  const path = request.path.split('?')[0] ?? '';
  if (request.method === 'GET' && path.endsWith('/models')) return sendJson(response, 200, { object: 'list', data: [], models: [] });
  if (request.method !== 'POST' || !path.endsWith('/responses')) {
    return sendJson(response, 404, { error: { message: `no route ${request.method} ${path}`, type: 'invalid_request_error' } });
  }
  served += 1;
  if (!isMainRequest(request)) return sendResponse(response, outputItem({ kind: 'text', text: 'ok' }, served), served);
  hear(request.body, conversation);
  sendResponse(response, outputItem(conversation.nextStep(), served), served);
}

export function createCodexDriver(driverOptions: CodexDriverOptions = {}): AgentDriver {
  const bypassHookTrust = driverOptions.bypassHookTrust ?? true;
  return createDriver({
    name: 'codex',
    tagVariable: RUN_TAG,
    answer,
    launch(mockUrl, { home, prompt }) {
      mkdirSync(join(home, '.codex'), { recursive: true });
      const overrides = [
        `model="${CODEX_MOCK_MODEL}"`,
        'model_provider="mock"',
        'model_providers.mock.name="mock"',
        `model_providers.mock.base_url="${mockUrl}/v1"`,
        `model_providers.mock.env_key="${CODEX_MOCK_KEY_VARIABLE}"`,
        'model_providers.mock.wire_api="responses"',
        'model_providers.mock.request_max_retries=0',
        'model_providers.mock.stream_max_retries=0',
        // Nothing may leave the machine: no update check, analytics, feedback, plugin or app sync.
        'check_for_update_on_startup=false',
        'analytics.enabled=false',
        'feedback.enabled=false',
        'features.plugins=false',
        'features.apps=false',
        'features.remote_plugin=false',
      ];
      return {
        args: [
          'exec',
          '--skip-git-repo-check',
          '--dangerously-bypass-approvals-and-sandbox',
          // Trusts projectDir in home/.codex/config.toml: project .codex/ layers (hooks.json) load only then.
          '--trust',
          ...(bypassHookTrust ? ['--dangerously-bypass-hook-trust'] : []),
          ...overrides.flatMap((override) => ['-c', override]),
          '--',
          prompt,
        ],
        env: { ...homeEnv(home), [CODEX_MOCK_KEY_VARIABLE]: 'mock-key-not-a-secret' },
      };
    },
  });
}
