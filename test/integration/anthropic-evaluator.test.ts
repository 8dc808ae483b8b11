// createAnthropicEvaluator through the real engine against a local server on 127.0.0.1 that
// speaks the Messages API's request and response shapes: what the official SDK sends (model,
// system prompt, the filled-in prompt, the API key) and how the model's reply decides the hook.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicEvaluator, createHookEngine, DEFAULT_ANTHROPIC_MODEL, type HookEngine } from '../../src/index.js';
import { sendJson, startLocalServer, type LocalServer } from '../helpers/local-server.js';

/** A Messages API response whose one text block is `text`. */
function messageResponse(model: string, text: string) {
  return {
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  };
}

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    if (request.path !== '/v1/messages') return sendJson(response, 404, { type: 'error', error: { type: 'not_found_error', message: 'no such route' } });
    const body = JSON.parse(request.body) as { model: string; messages: { content: string }[] };
    if (body.model === 'overloaded-model') return sendJson(response, 529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    const prompt = body.messages[0]!.content;
    const reply = prompt.includes('rm -rf') ? 'Here is my verdict:\n{"ok": false, "reason": "deletes the disk"}' : '{"ok": true}';
    sendJson(response, 200, messageResponse(body.model, reply));
  });
});
afterAll(async () => {
  await server.close();
});

describe('createAnthropicEvaluator', () => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it('asks the Messages API with the model, a system prompt and the filled-in prompt; ok: false denies', async () => {
    const evaluator = createAnthropicEvaluator({ apiKey: 'sk-test-key', baseURL: server.url, model: 'claude-test' });
    engine = createHookEngine({ host: 'thread', evaluators: { prompt: evaluator }, hooks: [{ event: 'PreToolUse', type: 'prompt', prompt: 'Safe? $ARGUMENTS' }] });
    const before = server.requests.length;
    const denied = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    expect(denied).toMatchObject({ blocked: true, decision: 'deny', reason: 'deletes the disk' });
    const request = server.requests[before]!;
    expect(request.method).toBe('POST');
    // The SDK sends the key as x-api-key or (1.x) as a bearer token.
    expect(request.headers['x-api-key'] ?? request.headers.authorization).toMatch(/sk-test-key$/);
    const body = JSON.parse(request.body) as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'claude-test', max_tokens: 1024, messages: [{ role: 'user', content: expect.stringMatching(/^Safe\? \{.*rm -rf/) }] });
    expect(body.system).toContain('{"ok": false, "reason": "..."}');
    expect(await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } })).toMatchObject({ blocked: false, failures: [] });
  });

  it("a hook's model wins over the evaluator's; without either the default model is asked", async () => {
    engine = createHookEngine({
      host: 'thread',
      evaluators: { prompt: createAnthropicEvaluator({ apiKey: 'k', baseURL: server.url }), agent: createAnthropicEvaluator({ apiKey: 'k', baseURL: server.url }) },
      hooks: [{ event: 'PostToolUse', type: 'prompt', prompt: 'a', model: 'hook-model' }, { event: 'PostToolUse', type: 'agent', prompt: 'b' }],
    });
    const before = server.requests.length;
    await engine.fire('PostToolUse', { tool_name: 'Bash', tool_input: {}, tool_response: {} });
    const models = server.requests.slice(before).map((request) => (JSON.parse(request.body) as { model: string }).model).sort();
    expect(models).toEqual([DEFAULT_ANTHROPIC_MODEL, 'hook-model'].sort());
  });

  it('an API error is a failed hook, with the status in its message', async () => {
    engine = createHookEngine({
      host: 'thread',
      evaluators: { prompt: createAnthropicEvaluator({ apiKey: 'k', baseURL: server.url, model: 'overloaded-model' }) },
      hooks: [{ id: 'judge', event: 'PreToolUse', type: 'prompt', prompt: 'x' }],
    });
    const result = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(result).toMatchObject({ blocked: true, failures: [{ id: 'judge', status: 'crashed', onError: 'closed' }] });
    expect(result.failures[0]!.message).toContain('529');
  });
});
