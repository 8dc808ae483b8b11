// The Gemini CLI driver: runs the real `gemini` headless (`-p <prompt> --output-format json
// --approval-mode yolo`) in the project, against a mock Gemini API on 127.0.0.1 that answers the
// main conversation with the scripted steps. Findings behind every choice: /work/notes/agents/gemini.md.
//
// How Gemini CLI 0.61 is pointed at the mock:
// - GOOGLE_GEMINI_BASE_URL = the mock, GEMINI_API_KEY = a dummy, and `security.auth.selectedType:
//   "gemini-api-key"` in <home>/.gemini/settings.json (without it the base URL alone selects the
//   "gateway" auth type, which headless runs refuse: "Invalid auth method selected.").
// - `model.name` pinned, so no routing classifier call is made before each turn.
// - The project is trusted in <home>/.gemini/trustedFolders.json: headless runs in an untrusted
//   folder stop at start-up, and hooks only run in a trusted folder.
// - Telemetry, usage statistics, update checks and IDE mode off.
// The API it speaks: POST /v1beta/models/<model>:streamGenerateContent?alt=sse (SSE, one
// GenerateContentResponse per `data:` line) for the main conversation, with the tools declared;
// utility calls (next-speaker check, routing classifier, edit correction, loop detection...) are
// POST :generateContent with a responseJsonSchema and get a JSON object built from that schema.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createDriver, homeEnv } from '../harness/agent-run.js';
import type { Conversation } from '../harness/conversation.js';
import type { AgentDriver, ModelStep } from '../harness/driver.js';
import { isRecord, sendEvents, sendJson, type Json, type RecordedRequest } from '../harness/mock-server.js';

/** The model the agent is told to use (any name works against the mock; a fixed one skips model routing). */
export const GEMINI_MOCK_MODEL = 'gemini-2.5-flash';
/** The dummy key: Gemini passes it on as `x-goog-api-key`, and it reaches hooks' environment. */
export const GEMINI_DUMMY_API_KEY = 'hookpool-e2e-dummy-key';
/**
 * Every process of a run carries this variable (value: the run's id), so the driver can find the
 * ones that left the agent's process group (Gemini runs shell commands in process groups of their
 * own) and end them. The GEMINI_CLI_ prefix is never redacted by Gemini's environment sanitizer.
 */
const RUN_TAG = 'GEMINI_CLI_HOOKPOOL_E2E_RUN';

/** `base` with `over` laid on top, objects merged key by key (arrays and scalars replaced). */
function deepMerge(base: Json, over: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    merged[key] = isRecord(current) && isRecord(value) ? deepMerge(current, value) : value;
  }
  return merged;
}

function readJsonObject(path: string): Json {
  if (!existsSync(path)) return {};
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  return isRecord(parsed) ? parsed : {};
}

/** What the driver needs in the user settings; whatever the test wrote there (hooks) is kept. */
const USER_SETTINGS: Json = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  model: { name: GEMINI_MOCK_MODEL },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  ide: { enabled: false },
};

function prepareHome(home: string, projectDir: string): void {
  const geminiDir = join(home, '.gemini');
  mkdirSync(geminiDir, { recursive: true });
  const settingsPath = join(geminiDir, 'settings.json');
  writeFileSync(settingsPath, `${JSON.stringify(deepMerge(readJsonObject(settingsPath), USER_SETTINGS), null, 2)}\n`);
  const trustPath = join(geminiDir, 'trustedFolders.json');
  const trusted = { ...readJsonObject(trustPath), [realpathSync(projectDir)]: 'TRUST_FOLDER' };
  writeFileSync(trustPath, `${JSON.stringify(trusted, null, 2)}\n`);
}

/** A value that satisfies a utility call's JSON schema: first enum value, 1 for integers, 0 for numbers, "ok" for strings. */
function valueFor(schema: unknown): unknown {
  if (!isRecord(schema)) return 'ok';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = String(schema.type ?? '').toLowerCase();
  if (type === 'object' || isRecord(schema.properties)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, valueFor(value)]));
  }
  if (type === 'array') return [];
  if (type === 'integer') return 1;
  if (type === 'number') return 0;
  if (type === 'boolean') return false;
  return 'ok';
}

function stepPart(step: ModelStep): Json {
  switch (step.kind) {
    case 'shell':
      return { functionCall: { name: 'run_shell_command', args: { command: step.command } } };
    case 'write':
      return { functionCall: { name: 'write_file', args: { file_path: step.path, content: step.content } } };
    case 'text':
      return { text: step.text };
  }
}

function generateContentResponse(part: Json): Json {
  return {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: GEMINI_MOCK_MODEL,
  };
}

function declaresFunctions(body: Json): boolean {
  return Array.isArray(body.tools) && body.tools.some((tool) => isRecord(tool) && Array.isArray(tool.functionDeclarations));
}

/** The text of a functionResponse: Gemini sends `{output}` for a result and `{error}` for a refused or failed call. */
function functionResponseText(response: unknown): string {
  if (isRecord(response)) {
    if (typeof response.output === 'string') return response.output;
    if (typeof response.error === 'string') return response.error;
  }
  return JSON.stringify(response ?? null);
}

/** One part of a main request: a text, or a function response (a tool result). */
function hearPart(part: unknown, conversation: Conversation): void {
  if (!isRecord(part)) return;
  if (typeof part.text === 'string') conversation.heard(part.text);
  const call = part.functionResponse;
  if (isRecord(call)) {
    const tool = typeof call.name === 'string' ? call.name : 'unknown';
    const text = functionResponseText(call.response);
    conversation.heardResult(typeof call.id === 'string' ? call.id : `${tool}\0${text}`, text, tool);
  }
}

/** Reads a main request: the system instruction and every part the agent sent (not the model's own turns). */
function hear(body: Json, conversation: Conversation): void {
  const system = body.systemInstruction;
  if (isRecord(system) && Array.isArray(system.parts)) for (const part of system.parts) hearPart(part, conversation);
  if (!Array.isArray(body.contents)) return;
  for (const content of body.contents) {
    if (!isRecord(content) || content.role === 'model' || !Array.isArray(content.parts)) continue;
    for (const part of content.parts) hearPart(part, conversation);
  }
}

function answer(request: RecordedRequest, response: ServerResponse, conversation: Conversation): void {
  if (request.method === 'GET' && /\/models\/?(\?|$)/.test(request.path)) {
    return sendJson(response, 200, { models: [{ name: `models/${GEMINI_MOCK_MODEL}`, supportedGenerationMethods: ['generateContent'] }] });
  }
  if (request.path.includes(':countTokens')) return sendJson(response, 200, { totalTokens: 10 });
  const streaming = request.path.includes(':streamGenerateContent');
  if (!streaming && !request.path.includes(':generateContent')) {
    return sendJson(response, 404, { error: { code: 404, message: `mock: no route ${request.method} ${request.path}`, status: 'NOT_FOUND' } });
  }
  const body = isRecord(request.body) ? request.body : {};
  const config = isRecord(body.generationConfig) ? body.generationConfig : {};
  const schema = config.responseJsonSchema ?? config.responseSchema;
  let part: Json;
  if (streaming && schema === undefined && declaresFunctions(body)) {
    hear(body, conversation);
    part = stepPart(conversation.nextStep());
  } else {
    part = { text: schema === undefined ? 'ok' : JSON.stringify(valueFor(schema)) };
  }
  const reply = generateContentResponse(part);
  if (streaming) sendEvents(response, [{ data: reply }]);
  else sendJson(response, 200, reply);
}

export function createGeminiDriver(): AgentDriver {
  return createDriver({
    name: 'gemini',
    tagVariable: RUN_TAG,
    answer,
    launch(mockUrl, { home, projectDir, prompt }) {
      prepareHome(home, projectDir);
      return {
        args: ['--prompt', prompt, '--output-format', 'json', '--approval-mode', 'yolo'],
        env: {
          ...homeEnv(home),
          GEMINI_API_KEY: GEMINI_DUMMY_API_KEY,
          GOOGLE_GEMINI_BASE_URL: mockUrl,
          // The launcher would start a second node with this set (to raise the heap limit); saves a start-up.
          GEMINI_CLI_NO_RELAUNCH: 'true',
        },
      };
    },
  });
}
