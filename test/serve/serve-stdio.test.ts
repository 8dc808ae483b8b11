// `hookpool serve --stdio`: JSON-RPC 2.0 over a real child's stdin/stdout.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectGone, expectNoneAlive, livingProcesses, uniqueSleep } from '../helpers/processes.js';
import { MAX_MESSAGE_BYTES } from '../../src/serve/json-rpc-framing.js';
import { createRpcPeer, type RpcPeer } from './rpc-peer.js';
import { createServeProject, type ServeProject } from './serve-harness.js';

const GUARD = { id: 'no-rm', event: 'PreToolUse', matcher: 'Bash', command: 'echo "no rm here" >&2; exit 2' };
const BASH_RM = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };

describe('hookpool serve --stdio', () => {
  let project: ServeProject;
  let server: ReturnType<ServeProject['serve']>;
  let peer: RpcPeer;

  beforeEach(async () => {
    project = await createServeProject();
    await project.write('.hookpool/hooks.json', { hooks: [GUARD] });
    await project.cli(['trust']);
    server = project.serve(['--stdio'], { stdin: 'pipe' });
    peer = createRpcPeer(server);
  });

  afterEach(async () => {
    server.stdin!.end();
    await server;
    await project.remove();
  });

  it('fires an event and notifies the event and each hook: started, finished with status, duration and decision; Autohand names too', async () => {
    const answer = await peer.call('fire', { event: 'pre-tool', payload: BASH_RM });
    expect(answer.result).toMatchObject({ event: 'PreToolUse', blocked: true, decision: 'deny', reason: 'no rm here' });
    const autohand = await peer.waitFor((message) => message.method === 'autohand.hook.preTool');
    expect(autohand.params).toEqual({ toolId: '', toolName: 'Bash', args: BASH_RM.tool_input, timestamp: expect.any(String) });
    const methods = peer.messages.filter((message) => message.method !== undefined).map((message) => message.method);
    expect(methods).toEqual(['hookpool.event.started', 'hookpool.hook.started', 'hookpool.hook.finished', 'hookpool.event.finished', 'autohand.hook.preTool']);
    const finished = peer.messages.find((message) => message.method === 'hookpool.hook.finished')!;
    expect(finished.params).toMatchObject({ event: 'PreToolUse', hookId: 'no-rm', status: 'exit_nonzero', exitCode: 2, background: false });
    expect(typeof finished.params!.durationMs).toBe('number');
    const eventFinished = peer.messages.find((message) => message.method === 'hookpool.event.finished')!;
    expect(eventFinished.params).toMatchObject({ event: 'PreToolUse', firedAs: 'pre-tool', decision: 'deny', blocked: true });
  });

  it("writes a fire's closing notifications and its answer together, in order, in one write", async () => {
    const chunks: string[] = [];
    server.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    const answer = await peer.call('fire', { event: 'PreToolUse', payload: BASH_RM });
    const last = chunks.find((chunk) => chunk.includes(`"id":${String(answer.id)},`))!;
    const methods = last.trim().split('\n').map((line) => (JSON.parse(line) as { method?: string }).method ?? 'answer');
    // A slow reader may find the earlier write (the started notifications) still in the pipe, in the same read.
    expect(methods.slice(-4)).toEqual(['hookpool.hook.finished', 'hookpool.event.finished', 'autohand.hook.preTool', 'answer']);
    expect(methods.slice(0, -4).every((method) => method.endsWith('.started'))).toBe(true);
  });

  it('answers every bad message with a JSON-RPC error and a one-line message, and keeps serving', async () => {
    peer.sendRaw('{not json');
    const parse = await peer.waitFor((message) => message.error?.code === -32700);
    expect(parse.id).toBeNull();
    peer.sendRaw('[{"jsonrpc":"2.0","id":9,"method":"list"}]');
    await peer.waitFor((message) => message.error?.code === -32600);
    peer.sendRaw('{"jsonrpc":"2.0","id":{"not":"an id"},"method":"list"}');
    expect(await peer.waitFor((message) => message.error?.message === '"id" must be a string, a number or null')).toMatchObject({ id: null, error: { code: -32600 } });
    expect((await peer.call('frobnicate')).error).toMatchObject({ code: -32601 });
    expect((await peer.call('fire', { payload: {} })).error).toMatchObject({ code: -32602, message: '"event" must be a non-empty string' });
    expect((await peer.call('fire', { event: 'PreToolUse', payload: [1] })).error).toMatchObject({ code: -32602 });
    const unknown = await peer.call('fire', { event: 'PreTooolUse' });
    expect(unknown.error).toMatchObject({ code: -32000, data: { code: 'ERR_HOOKPOOL_UNKNOWN_EVENT' } });
    expect(unknown.error!.message).not.toContain('\n');
    expect((await peer.call('disable', { id: 'no-such-hook' })).error).toMatchObject({ data: { code: 'ERR_HOOKPOOL_HOOK_NOT_FOUND' } });
    expect((await peer.call('fire', { event: 'PreToolUse', payload: BASH_RM })).result).toMatchObject({ blocked: true });
  });

  it('lists and validates the hooks; disable and enable take effect on the next fire', async () => {
    expect((await peer.call('list')).result).toEqual([expect.objectContaining({ id: 'no-rm', event: 'PreToolUse', enabled: true, trusted: true })]);
    expect((await peer.call('validate')).result).toEqual({ valid: true, problems: [], hookCount: 1 });
    expect((await peer.call('disable', { id: 'no-rm' })).result).toMatchObject({ id: 'no-rm', enabled: false, changed: true });
    expect((await peer.call('fire', { event: 'PreToolUse', payload: BASH_RM })).result).toMatchObject({ blocked: false, hooks: [] });
    await peer.call('enable', { id: 'no-rm' });
    expect((await peer.call('fire', { event: 'PreToolUse', payload: BASH_RM })).result).toMatchObject({ blocked: true });
  });

  it('validate fails on what `hookpool validate` fails on, such as a script that is missing', async () => {
    await project.write('.hookpool/hooks.json', { hooks: [GUARD, { ...GUARD, id: 'script', command: './hooks/missing.sh' }] });
    // Read fresh per call: no wait for the file watcher.
    const answer = await peer.call('validate');
    expect(answer.error).toBeUndefined();
    expect(answer.result).toMatchObject({ valid: false, problems: expect.arrayContaining([expect.stringContaining('missing.sh: script not found')]) });
    const cli = await project.cli(['validate']);
    expect(cli.exitCode).toBe(1);
  });

  it('picks up an edited config without a restart; the changed project file runs only once trusted again', async () => {
    // Answered once the first configuration is loaded and watched.
    await peer.call('validate');
    await project.write('.hookpool/hooks.json', { hooks: [{ ...GUARD, command: 'echo "edited guard" >&2; exit 2' }] });
    const reloaded = await peer.waitFor((message) => message.method === 'hookpool.config.reloaded');
    expect(reloaded.params).toMatchObject({ untrusted: [`${project.dir}/.hookpool/hooks.json`] });
    const untrusted = (await peer.call('fire', { event: 'PreToolUse', payload: BASH_RM })).result as { hooks: unknown[]; reason: string | null };
    expect(untrusted.hooks).toEqual([]);
    const before = peer.messages.length;
    await project.cli(['trust']);
    await peer.waitFor((message) => message.method === 'hookpool.config.reloaded' && peer.messages.indexOf(message) >= before && (message.params as { untrusted: unknown[] }).untrusted.length === 0);
    expect((await peer.call('fire', { event: 'PreToolUse', payload: BASH_RM })).result).toMatchObject({ blocked: true, reason: 'edited guard' });
    expect((await peer.call('reload')).result).toMatchObject({ hookCount: 1, untrusted: [] });
  });

  it('stops on "close" once it has answered, and exits', async () => {
    expect((await peer.call('close')).result).toEqual({});
    await server;
    await expectGone(server.pid!);
  });
});

describe('hookpool serve --stdio framing and lifetime', () => {
  it('speaks LSP Content-Length framing when the agent does', async () => {
    const project = await createServeProject();
    try {
      await project.write('.hookpool/hooks.json', { hooks: [GUARD] });
      await project.cli(['trust']);
      const server = project.serve(['--stdio'], { stdin: 'pipe' });
      const peer = createRpcPeer(server, 'content-length');
      expect((await peer.call('fire', { event: 'PreToolUse', payload: BASH_RM })).result).toMatchObject({ blocked: true });
      expect((await peer.call('shutdown')).result).toEqual({});
      await server;
    } finally {
      await project.remove();
    }
  });

  it('does not go idle while a request is in flight: a fire longer than --idle-timeout is answered, then the server stops idle', async () => {
    const project = await createServeProject();
    try {
      await project.write('.hookpool/hooks.json', { hooks: [{ id: 'slow', event: 'PreToolUse', command: 'sleep 2' }] });
      await project.cli(['trust']);
      const server = project.serve(['--stdio', '--idle-timeout', '0.5'], { stdin: 'pipe' });
      const peer = createRpcPeer(server);
      const answer = await peer.call('fire', { event: 'PreToolUse', payload: BASH_RM });
      expect(answer.result).toMatchObject({ blocked: false, hooks: [{ id: 'slow', status: 'ok' }] });
      const result = await server;
      expect(result.stderr).toContain('stopping (idle for 500 ms)');
    } finally {
      await project.remove();
    }
  });

  it('answers a message over the size limit with a parse error and reads the next one', async () => {
    const project = await createServeProject();
    try {
      await project.write('.hookpool/hooks.json', { hooks: [GUARD] });
      await project.cli(['trust']);
      const server = project.serve(['--stdio'], { stdin: 'pipe' });
      const peer = createRpcPeer(server);
      server.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id: 'big', method: 'fire', params: { event: 'PreToolUse', payload: { text: 'x'.repeat(MAX_MESSAGE_BYTES) } } })}\n`);
      const error = await peer.waitFor((message) => message.error !== undefined);
      expect(error).toMatchObject({ id: null, error: { code: -32700 } });
      expect(error.error!.message).toMatch(/over \d+ bytes/);
      expect((await peer.call('fire', { event: 'PreToolUse', payload: BASH_RM })).result).toMatchObject({ blocked: true });
      server.stdin!.end();
      await server;
    } finally {
      await project.remove();
    }
  });

  it('when stdin closes (its agent went) kills the hooks it runs and exits', async () => {
    const project = await createServeProject();
    try {
      const foreground = uniqueSleep();
      const background = uniqueSleep();
      await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', command: `sleep ${foreground}` }, { event: 'Stop', background: true, timeout: 2000, command: `sleep ${background}` }] });
      await project.cli(['trust']);
      const server = project.serve(['--stdio'], { stdin: 'pipe' });
      const peer = createRpcPeer(server);
      await peer.call('fire', { event: 'Stop', payload: {} });
      void peer.call('fire', { event: 'PreToolUse', payload: BASH_RM }).catch(() => undefined);
      const running = () => livingProcesses(`sleep ${foreground}`).length > 0 && livingProcesses(`sleep ${background}`).length > 0;
      const deadline = Date.now() + 20_000;
      while (!running() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(running()).toBe(true);
      server.stdin!.end();
      await server;
      await expectNoneAlive(`sleep ${foreground}`);
      await expectNoneAlive(`sleep ${background}`);
      await expectGone(server.pid!);
    } finally {
      await project.remove();
    }
  });
});
