// OpenClaw's plan: "PostToolUse receives sanitized results (truncated, no binary)". Binary bytes
// are replaced, never handed to the hook; long text is cut at OpenClaw's 100,000 characters.
import { mkdir, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { HOSTS } from '../kit.js';
import { command, openclawProject, RESPOND } from './openclaw-kit.js';

describe.each(HOSTS)('OpenClaw PostToolUse sanitised result, %s host', (host) => {
  it('control bytes, byte buffers and base64 image data are replaced; a long text is cut', async () => {
    const { ws, engine } = await openclawProject(host, (root) => ({
      // One file per run: the three run side by side in the background.
      PostToolUse: [{ matcher: '*', hooks: [command(['sh', '-c', `cat > "$(mktemp ${root}/inputs/in.XXXXXX)"`], 60)] }],
    }), { closeTimeout: 60_000 }); // close() waits for the three background runs, however loaded the machine

    await mkdir(ws.path('inputs'));
    await engine.fire('PostToolUse', { tool_name: 'Read', tool_input: {}, tool_response: 'PNG\u0000\u0001\u0002header\tok\n' });
    await engine.fire('PostToolUse', {
      tool_name: 'Screenshot',
      tool_input: {},
      tool_response: { content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUg==' } }, { type: 'text', text: 'a screenshot' }], raw: { type: 'Buffer', data: [1, 2, 3, 4] } },
    });
    await engine.fire('PostToolUse', { tool_name: 'Bash', tool_input: {}, tool_response: 'x'.repeat(100_005) });
    await engine.close();

    const files = await readdir(ws.path('inputs'));
    const results = await Promise.all(files.map(async (name) => (JSON.parse((await ws.read(`inputs/${name}`))!) as { tool_result: unknown }).tool_result));
    expect(results).toHaveLength(3);
    expect(results).toContainEqual('PNG\ufffd\ufffd\ufffdheader\tok\n');
    expect(results).toContainEqual({
      content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: '[binary data: 18 bytes, base64]' } }, { type: 'text', text: 'a screenshot' }],
      raw: '[binary data: 4 bytes]',
    });
    expect(results).toContainEqual(`${'x'.repeat(100_000)}... [truncated]`);
  });
});
