// Autohand docs, "JSON-RPC 2.0 Hook Notifications": through `hookpool serve --stdio`, each event
// is announced as its `autohand.hook.*` notification with exactly the params the docs list. The
// client here is one written from the docs alone: it validates every message it gets (a JSON-RPC
// 2.0 envelope; each autohand.hook.* params against a strict schema of the docs' TypeScript
// shapes) and reads the fields the docs' VS Code extension example reads.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRpcPeer, type RpcPeer } from '../../serve/rpc-peer.js';
import { createServeProject, type ServeProject } from '../../serve/serve-harness.js';

const timestamp = z.iso.datetime();
const record = z.record(z.string(), z.unknown());

// The docs' "Notification Parameters", one strict schema each: no field more, none missing.
const PARAMS = {
  'autohand.hook.preTool': z.strictObject({ toolId: z.string(), toolName: z.string(), args: record, timestamp }),
  'autohand.hook.postTool': z.strictObject({ toolId: z.string(), toolName: z.string(), success: z.boolean(), duration: z.number(), output: z.string().optional(), timestamp }),
  'autohand.hook.fileModified': z.strictObject({ filePath: z.string(), changeType: z.enum(['create', 'modify', 'delete']), toolId: z.string(), timestamp }),
  'autohand.hook.prePrompt': z.strictObject({ instruction: z.string(), mentionedFiles: z.array(z.string()), timestamp }),
  'autohand.hook.stop': z.strictObject({ tokensUsed: z.number(), toolCallsCount: z.number(), duration: z.number(), timestamp }),
  'autohand.hook.postResponse': z.strictObject({ tokensUsed: z.number(), toolCallsCount: z.number(), duration: z.number(), timestamp }),
  'autohand.hook.sessionStart': z.strictObject({ sessionType: z.enum(['startup', 'resume', 'clear']), timestamp }),
  'autohand.hook.sessionEnd': z.strictObject({ reason: z.enum(['quit', 'clear', 'exit', 'error']), duration: z.number(), timestamp }),
  'autohand.hook.sessionError': z.strictObject({ error: z.string(), code: z.string().optional(), context: record.optional(), timestamp }),
  'autohand.hook.subagentStop': z.strictObject({ subagentId: z.string(), subagentName: z.string(), subagentType: z.string(), success: z.boolean(), duration: z.number(), error: z.string().optional(), timestamp }),
  'autohand.hook.permissionRequest': z.strictObject({ tool: z.string(), path: z.string().optional(), command: z.string().optional(), args: record.optional(), timestamp }),
  'autohand.hook.notification': z.strictObject({ notificationType: z.string(), message: z.string(), timestamp }),
} as const;
type Method = keyof typeof PARAMS;

const envelope = z.union([
  z.strictObject({ jsonrpc: z.literal('2.0'), method: z.string(), params: z.unknown().optional() }),
  z.strictObject({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number(), z.null()]), result: z.unknown() }),
  z.strictObject({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number(), z.null()]), error: z.object({ code: z.number(), message: z.string() }) }),
]);

/** Every message checked as the docs' client would; the Autohand notifications heard, in order. */
function validate(peer: RpcPeer): { method: Method; params: Record<string, unknown> }[] {
  const heard: { method: Method; params: Record<string, unknown> }[] = [];
  for (const message of peer.messages) {
    envelope.parse(message);
    const method = message.method;
    if (method === undefined || !method.startsWith('autohand.hook.')) continue;
    expect(Object.keys(PARAMS), `${method} is not in the docs' table`).toContain(method);
    heard.push({ method: method as Method, params: PARAMS[method as Method].parse(message.params) as Record<string, unknown> });
  }
  return heard;
}

describe('Autohand RPC hook notifications through hookpool serve --stdio', () => {
  let project: ServeProject;
  let server: ReturnType<ServeProject['serve']>;
  let peer: RpcPeer;

  beforeAll(async () => {
    project = await createServeProject();
    await mkdir(join(project.home, '.autohand'), { recursive: true });
    await writeFile(join(project.home, '.autohand', 'config.json'), JSON.stringify({ hooks: { enabled: true, hooks: [
      { event: 'pre-tool', command: 'echo "Running tool: $HOOK_TOOL" >> hooks.log', description: 'Log all tool executions' },
    ] } }));
    server = project.serve(['--stdio'], { stdin: 'pipe' });
    peer = createRpcPeer(server);
  });

  afterAll(async () => {
    server.stdin!.end();
    await server;
    await project.remove();
  });

  it('each event of the docs\' table is announced with exactly its documented params, which the docs\' VS Code example reads', async () => {
    const fires: [event: string, payload: Record<string, unknown>][] = [
      ['session-start', { source: 'startup' }],
      ['pre-prompt', { prompt: 'Fix it', mentioned_files: ['README.md'] }],
      ['pre-tool', { tool_name: 'read_file', tool_use_id: 'tool-1', tool_input: { path: 'README.md' } }],
      ['permission-request', { tool_name: 'write_file', tool_input: { path: 'README.md', content: 'next' }, permission_type: 'tool_approval' }],
      ['post-tool', { tool_name: 'read_file', tool_use_id: 'tool-1', tool_input: { path: 'README.md' }, tool_response: 'ok', duration_ms: 12 }],
      ['PostToolUseFailure', { tool_name: 'run_command', tool_use_id: 'tool-2', tool_input: { command: 'npm test' }, error: 'exit 1', duration_ms: 30 }],
      ['file-modified', { file_path: '/workspace/README.md', change_type: 'modify', tool_use_id: 'tool-3' }],
      ['stop', { tokens_used: 34, tool_calls_count: 2, turn_duration: 56 }],
      ['session-error', { error: 'boom', error_code: 'E_BOOM' }],
      ['subagent-stop', { agent_id: 'sub-1', subagent_name: 'reviewer', agent_type: 'review', subagent_success: false, subagent_duration: 90, subagent_error: 'failed' }],
      ['notification', { notification_type: 'question', message: 'Need input' }],
      ['session-end', { reason: 'exit', duration_ms: 78 }],
    ];
    for (const [event, payload] of fires) expect((await peer.call('fire', { event, payload })).error).toBeUndefined();
    await peer.waitFor((message) => message.method === 'autohand.hook.sessionEnd');

    const heard = validate(peer);
    const params = (method: Method) => heard.filter((notification) => notification.method === method).map((notification) => notification.params);

    expect(new Set(heard.map((notification) => notification.method))).toEqual(new Set(Object.keys(PARAMS)));
    // What the docs' example extension reads.
    expect(params('autohand.hook.preTool')[0]).toMatchObject({ toolId: 'tool-1', toolName: 'read_file', args: { path: 'README.md' } });
    expect(params('autohand.hook.postTool')).toEqual([
      { toolId: 'tool-1', toolName: 'read_file', success: true, duration: 12, output: 'ok', timestamp: expect.any(String) },
      { toolId: 'tool-2', toolName: 'run_command', success: false, duration: 30, output: 'exit 1', timestamp: expect.any(String) },
    ]);
    expect(params('autohand.hook.stop')[0]).toMatchObject({ tokensUsed: 34, toolCallsCount: 2, duration: 56 });
    expect(params('autohand.hook.postResponse')[0]).toMatchObject({ tokensUsed: 34, toolCallsCount: 2, duration: 56 });
    expect(params('autohand.hook.sessionStart')[0]).toMatchObject({ sessionType: 'startup' });
    expect(params('autohand.hook.sessionEnd')[0]).toMatchObject({ reason: 'exit', duration: 78 });
    expect(params('autohand.hook.subagentStop')[0]).toMatchObject({ subagentId: 'sub-1', subagentName: 'reviewer', subagentType: 'review', success: false, duration: 90, error: 'failed' });
    expect(params('autohand.hook.fileModified')[0]).toMatchObject({ filePath: '/workspace/README.md', changeType: 'modify', toolId: 'tool-3' });
    expect(params('autohand.hook.prePrompt')[0]).toMatchObject({ instruction: 'Fix it', mentionedFiles: ['README.md'] });
    expect(params('autohand.hook.sessionError')[0]).toMatchObject({ error: 'boom', code: 'E_BOOM' });
    expect(params('autohand.hook.permissionRequest')[0]).toMatchObject({ tool: 'write_file', path: 'README.md', args: { path: 'README.md', content: 'next' } });
    expect(params('autohand.hook.notification')[0]).toMatchObject({ notificationType: 'question', message: 'Need input' });
  });

  it('a session type outside the docs\' three (Claude Code\'s "compact") is not announced, rather than announced wrongly; every message still validates', async () => {
    const before = peer.messages.length;
    await peer.call('fire', { event: 'SessionStart', payload: { source: 'compact' } });
    await peer.call('fire', { event: 'SessionStart', payload: { source: 'resume' } });
    await peer.waitFor((message) => peer.messages.indexOf(message) >= before && message.method === 'autohand.hook.sessionStart');

    const heard = validate(peer).slice(-1);
    expect(peer.messages.slice(before).filter((message) => message.method === 'autohand.hook.sessionStart').map((message) => message.params!.sessionType)).toEqual(['resume']);
    expect(heard[0]!.params.sessionType).toBe('resume');
  });
});
