// prompt, agent and mcp_tool hooks through the real engine: the evaluators and the MCP caller
// the agent injects, `$ARGUMENTS` and `{{metadata.x}}` in the prompt, Claude Code's {ok, reason}
// read as exit 2 would be, Wundr's results for Wundr hooks, timeouts that abandon a call, and a
// hook with no evaluator that fails (refusing a guard) instead of vanishing.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, loadHooksConfig, type EvaluationRequest, type HookEngine, type HookEngineOptions } from '../../src/index.js';
import { HOSTS } from '../helpers/hosts.js';
import { tempDir } from '../helpers/temp-dirs.js';

const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command } });

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
  return { logger, warnings: () => lines.filter((line) => line.level === 40).map((line) => line.msg) };
}

describe('prompt and agent hooks', () => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });
  const start = (options: HookEngineOptions) => (engine = createHookEngine({ host: 'thread', pool: { threads: 1 }, ...options }));

  it('asks the prompt evaluator with $ARGUMENTS filled in; ok: false denies a tool call with the reason', async () => {
    const asked: EvaluationRequest[] = [];
    start({
      evaluators: { prompt: (request) => (asked.push(request), request.prompt.includes('rm -rf') ? '```json\n{"ok": false, "reason": "destructive"}\n```' : { ok: true }) },
      hooks: [{ id: 'judge', event: 'PreToolUse', type: 'prompt', prompt: 'Is this safe? $ARGUMENTS (costs \\$0)', model: 'fast-model' }],
    });
    const denied = await engine!.fire('PreToolUse', bash('rm -rf /'));
    expect(denied).toMatchObject({ blocked: true, decision: 'deny', reason: 'destructive', decidedBy: [{ id: 'judge', via: 'exitCode' }] });
    const request = asked[0]!;
    expect(request).toMatchObject({ kind: 'prompt', model: 'fast-model', expects: 'okReason', event: 'PreToolUse', hookId: 'judge', timeoutMs: 30_000 });
    expect(request.prompt).toMatch(/^Is this safe\? \{.*"tool_name":"Bash".*\} \(costs \$0\)$/);
    expect(request.input).toMatchObject({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    const allowed = await engine!.fire('PreToolUse', bash('ls'));
    expect(allowed).toMatchObject({ blocked: false, decision: null, failures: [] });
  });

  it('appends the input JSON to a prompt without $ARGUMENTS; ok: false on Stop keeps the agent going', async () => {
    const prompts: string[] = [];
    start({
      evaluators: { prompt: ({ prompt }) => (prompts.push(prompt), '{"ok": false, "reason": "tests still fail"}') },
      hooks: [{ event: 'Stop', type: 'prompt', prompt: 'Is the task done?' }],
    });
    const result = await engine!.fire('Stop', { last_assistant_message: 'done' });
    expect(result).toMatchObject({ blocked: true, decision: 'block', reason: 'tests still fail' });
    expect(prompts[0]).toMatch(/^Is the task done\?\n\n\{.*"hook_event_name":"Stop"/);
  });

  it('runs an agent hook through the agent evaluator with its 60 s default', async () => {
    const asked: EvaluationRequest[] = [];
    start({
      evaluators: { agent: (request) => (asked.push(request), { ok: true }) },
      hooks: [{ event: 'PostToolUse', type: 'agent', prompt: 'Verify $ARGUMENTS' }],
    });
    const result = await engine!.fire('PostToolUse', { ...bash('ls'), tool_response: {} });
    expect(result.hooks).toMatchObject([{ status: 'ok' }]);
    expect(asked[0]).toMatchObject({ kind: 'agent', timeoutMs: 60_000 });
  });

  it('a reply that is not {ok, reason} is no answer', async () => {
    start({ evaluators: { prompt: () => 'I think it is fine' }, hooks: [{ id: 'vague', event: 'UserPromptSubmit', onError: 'open', type: 'prompt', prompt: 'check' }] });
    const result = await engine!.fire('UserPromptSubmit', { prompt: 'hi' });
    expect(result.blocked).toBe(false);
    expect(result.failures[0]!.message).toContain('is not {"ok": true|false, "reason": "..."}: I think it is fine');
  });

  it('an evaluator that never answers is abandoned at the timeout, its signal aborted', async () => {
    let signal: AbortSignal | undefined;
    start({
      evaluators: { prompt: (request) => ((signal = request.signal), new Promise(() => {})) },
      hooks: [{ id: 'stuck', event: 'PreToolUse', timeout: 200, type: 'prompt', prompt: 'x' }],
    });
    const result = await engine!.fire('PreToolUse', bash('ls'));
    expect(result).toMatchObject({ blocked: true, hooks: [{ id: 'stuck', status: 'timed_out' }], decidedBy: [{ via: 'failure' }] });
    expect(signal?.aborted).toBe(true);
  });

  it('an evaluator that throws is a failed hook', async () => {
    start({ evaluators: { prompt: () => { throw new Error('rate limited'); } }, hooks: [{ event: 'PostToolUse', type: 'prompt', prompt: 'x' }] });
    const result = await engine!.fire('PostToolUse', { ...bash('ls'), tool_response: {} });
    expect(result.failures).toMatchObject([{ status: 'crashed', message: 'crashed: rate limited' }]);
  });

  it('close() aborts a running call: it settles as aborted', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    start({ evaluators: { prompt: () => (started(), new Promise(() => {})) }, closeTimeout: 50, hooks: [{ event: 'PostToolUse', type: 'prompt', prompt: 'x' }] });
    const fired = engine!.fire('PostToolUse', { ...bash('ls'), tool_response: {} });
    await running;
    await engine!.close();
    expect((await fired).hooks).toMatchObject([{ status: 'aborted' }]);
  });

  it('with no evaluator: a problem line when the engine starts; the guard fails (refused) on every fire, never skipped', async () => {
    const { logger, warnings } = recordingLogger();
    start({ logger, hooks: [{ id: 'judge', event: 'PreToolUse', type: 'prompt', prompt: 'x' }, { id: 'note', event: 'PostToolUse', type: 'agent', prompt: 'y' }] });
    expect(warnings()).toEqual([
      expect.stringContaining('hook "judge" on PreToolUse cannot run: a prompt hook needs a prompt evaluator'),
      expect.stringContaining('hook "note" on PostToolUse cannot run: a agent hook needs a agent evaluator'),
    ]);
    const guard = await engine!.fire('PreToolUse', bash('ls'));
    expect(guard).toMatchObject({ blocked: true, decision: 'deny', hooks: [{ id: 'judge', status: 'spawn_failed' }] });
    expect(guard.reason).toContain('evaluators: { prompt }');
    const post = await engine!.fire('PostToolUse', { ...bash('ls'), tool_response: {} });
    expect(post).toMatchObject({ blocked: false, failures: [{ id: 'note', onError: 'open' }] });
  });

  it("a Wundr prompt hook: {{metadata.x}} filled in, its reply read as Wundr's result", async () => {
    const dir = tempDir('wundr-prompt');
    const file = join(dir, 'hooks.config.json');
    await writeFile(file, JSON.stringify({ hooks: [{ id: 'guard', event: 'PreToolUse', type: 'prompt', promptTemplate: 'May {{metadata.toolName}} run "{{metadata.toolInput.command}}"?', priority: 5 }] }));
    const config = await loadHooksConfig({ cwd: dir, home: dir, files: [file], trust: 'all' });
    expect(config.problems).toEqual([]);
    const asked: EvaluationRequest[] = [];
    start({ ...config, evaluators: { prompt: (request) => (asked.push(request), '{"block": true, "blockReason": "no deploys today"}') } });
    const result = await engine!.fire('PreToolUse', bash('make deploy'));
    expect(result).toMatchObject({ blocked: true, decision: 'deny', reason: 'no deploys today' });
    expect(asked[0]).toMatchObject({ prompt: 'May Bash run "make deploy"?\n\n' + asked[0]!.prompt.split('\n\n')[1], expects: 'hookResult', timeoutMs: 30_000 });
    expect(JSON.parse(asked[0]!.prompt.split('\n\n')[1]!)).toMatchObject({ toolName: 'Bash' });
  });

  it("loads Claude Code's prompt, agent and mcp_tool entries, with their default timeouts; an unknown field and continueOnBlock: true are ignored with a note", async () => {
    const dir = tempDir('claude-remote');
    const file = join(dir, 'settings.json');
    const hooks = [
      { type: 'prompt', prompt: 'Safe? $ARGUMENTS', model: 'haiku', continueOnBlock: false },
      { type: 'agent', prompt: 'Verify', timeout: 90 },
      { type: 'mcp_tool', server: 'memory', tool: 'check', input: { path: '${tool_input.file_path}' } },
      { type: 'prompt', prompt: 'x', temperature: 0 },
      { type: 'prompt', prompt: 'y', continueOnBlock: true },
    ];
    await writeFile(file, JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Edit', hooks }] } }));
    const config = await loadHooksConfig({ cwd: dir, home: dir, claudeSettings: [file], trust: 'all' });
    expect(config.hooks).toMatchObject([
      { timeout: 30_000, type: 'prompt', prompt: 'Safe? $ARGUMENTS', model: 'haiku' },
      { timeout: 90_000, type: 'agent', prompt: 'Verify' },
      { timeout: 600_000, type: 'mcp_tool', server: 'memory', tool: 'check', input: { path: '${tool_input.file_path}' } },
      { type: 'prompt', prompt: 'x' },
      { type: 'prompt', prompt: 'y' },
    ]);
    expect(config.problems).toEqual([
      expect.stringContaining('"temperature" is not a field of a Claude Code hook: ignored, as Claude Code ignores it'),
      expect.stringContaining('hookpool reads ok: false as exit 2 whatever continueOnBlock says: ignored'),
    ]);
    expect(config.brokenHooks).toHaveLength(0);
  });
});

describe('mcp_tool hooks', () => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it('calls the tool with ${path} filled from the input and reads its text as the hook output', async () => {
    const calls: unknown[][] = [];
    engine = createHookEngine({
      host: 'thread',
      mcp: {
        callTool: (server, tool, args) => {
          calls.push([server, tool, args]);
          return { content: [{ type: 'text', text: JSON.stringify({ decision: 'block', reason: 'file is locked' }) }] };
        },
      },
      hooks: [{ id: 'lock', event: 'PostToolUse', type: 'mcp_tool', server: 'locks', tool: 'check', input: { file: '${tool_input.file_path}', note: 'edit of ${tool_input.file_path}', whole: '${tool_input}' } }],
    });
    const result = await engine.fire('PostToolUse', { tool_name: 'Edit', tool_input: { file_path: '/src/a.ts' }, tool_response: {} });
    expect(calls).toEqual([['locks', 'check', { file: '/src/a.ts', note: 'edit of /src/a.ts', whole: { file_path: '/src/a.ts' } }]]);
    expect(result).toMatchObject({ decision: 'block', reason: 'file is locked' });
  });

  it('isError is a non-blocking error; a call that throws (server not connected) is a failure', async () => {
    engine = createHookEngine({
      host: 'thread',
      mcp: { callTool: (server) => (server === 'down' ? Promise.reject(new Error('server "down" is not connected')) : { isError: true, content: [{ type: 'text', text: 'bad input' }] }) },
      hooks: [
        { id: 'erring', event: 'PostToolUse', type: 'mcp_tool', server: 'up', tool: 't' },
        { id: 'down', event: 'PostToolUse', type: 'mcp_tool', server: 'down', tool: 't' },
      ],
    });
    const result = await engine.fire('PostToolUse', { ...bash('ls'), tool_response: {} });
    expect(result.hookErrors).toMatchObject([{ id: 'erring' }]);
    expect(result.hookErrors[0]!.message).toContain('reported an error: bad input');
    expect(result.failures).toMatchObject([{ id: 'down', status: 'crashed', message: 'crashed: server "down" is not connected' }]);
  });

  it.each(HOSTS)('with no MCP caller a guard refuses (%s host)', async (host) => {
    engine = createHookEngine({ host, logger: pino({ level: 'silent' }), hooks: [{ id: 'm', event: 'PreToolUse', type: 'mcp_tool', server: 's', tool: 't' }, { id: 'c', event: 'PreToolUse', command: 'true' }] });
    const result = await engine.fire('PreToolUse', bash('ls'));
    expect(result).toMatchObject({ blocked: true, hooks: [{ id: 'm', status: 'spawn_failed' }, { id: 'c', status: 'ok' }] });
    expect(result.reason).toContain('mcp: { callTool }');
  });
});

// issue 21: a caller or an evaluator that answers something that is not a result gave no answer:
// a guard that fails closed refuses, instead of reading it as "proceed".
describe.each(HOSTS)('non-results, %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });
  const NON_RESULTS: Record<string, unknown> = { 'a number': 42, 'an empty object': {}, null: null, 'a list': [], 'nothing': undefined, 'an object with no content': { isError: false } };

  it.each(Object.keys(NON_RESULTS))('an MCP caller that answers %s refuses a guard', async (name) => {
    engine = createHookEngine({ host, mcp: { callTool: () => NON_RESULTS[name] as string }, hooks: [{ id: 'mcp', event: 'PreToolUse', type: 'mcp_tool', server: 's', tool: 't' }] });
    const result = await engine.fire('PreToolUse', bash('rm -rf /'));
    expect(result).toMatchObject({ blocked: true, decision: 'deny', failures: [{ id: 'mcp', status: 'crashed', onError: 'closed' }] });
    expect(result.failures[0]!.message).toContain('answered something that is not a tool result');
  });

  it('an MCP result with content, even empty, is an answer', async () => {
    engine = createHookEngine({ host, mcp: { callTool: () => ({ content: [] }) }, hooks: [{ id: 'mcp', event: 'PreToolUse', type: 'mcp_tool', server: 's', tool: 't' }] });
    expect(await engine.fire('PreToolUse', bash('ls'))).toMatchObject({ blocked: false, failures: [] });
  });

  it.each(['42', '{}', 'fine by me', '{"ok": true}', 'nothing'])('a Wundr prompt hook (catchErrors: false) whose evaluator answers %s refuses a guard', async (reply) => {
    const dir = tempDir('wundr-non-result');
    const file = join(dir, 'hooks.config.json');
    await writeFile(file, JSON.stringify({ hooks: [{ id: 'judge', event: 'PreToolUse', type: 'prompt', catchErrors: false, promptTemplate: 'May {{metadata.toolName}} run?' }] }));
    const config = await loadHooksConfig({ cwd: dir, home: dir, files: [file], trust: 'all' });
    expect(config.problems).toEqual([]);
    const answer = reply === 'nothing' ? undefined : reply === '42' ? 42 : reply;
    engine = createHookEngine({ host, ...config, evaluators: { prompt: () => answer } });
    const result = await engine.fire('PreToolUse', bash('rm -rf /'));
    expect(result).toMatchObject({ blocked: true, failures: [{ id: 'judge', status: 'crashed', onError: 'closed' }] });
    expect(result.failures[0]!.message).toContain('is not a Wundr hook result');
  });

  it('a Claude Code prompt hook whose evaluator answers {} or a number refuses a guard', async () => {
    for (const answer of [{}, 7]) {
      engine = createHookEngine({ host, evaluators: { prompt: () => answer }, hooks: [{ id: 'judge', event: 'PreToolUse', type: 'prompt', prompt: 'Safe?' }] });
      expect(await engine.fire('PreToolUse', bash('rm -rf /'))).toMatchObject({ blocked: true, failures: [{ id: 'judge', status: 'crashed' }] });
      await engine.close();
    }
  });
});
