// Opta V3's config schema (`HookDefinitionSchema`): `timeout: z.number().min(100).max(60000)`, so a
// timeout outside 100-60000 ms does not load (a problem line; the rest of the file loads); and its
// V4 names `prompt.pre` for Claude Code's UserPromptSubmit, which hookpool accepts in an Opta file.
import { describe, expect, it } from 'vitest';
import { engineFor, HOSTS, parseEnv, workspace } from '../kit.js';
import { optaProject } from './opta-kit.js';

describe.each(HOSTS)("Opta's schema, %s host", (host) => {
  it('a timeout outside 100-60000 ms is a problem line naming the entry; 100 and 60000 load', async () => {
    const ws = await workspace();
    const file = await ws.write('.opta/config.json', {
      hooks: [
        { event: 'tool.post', command: 'true', timeout: 50 },
        { event: 'tool.post', command: 'true', timeout: 90_000 },
        { event: 'tool.post', command: 'true', timeout: 100 },
        { event: 'tool.post', command: 'true', timeout: 60_000 },
      ],
    });

    const config = await ws.load({ trust: 'all' });

    expect(config.problems).toEqual([
      `${file}: hooks[0].timeout: expected 100 to 60000 milliseconds (Opta's range)`,
      `${file}: hooks[1].timeout: expected 100 to 60000 milliseconds (Opta's range)`,
    ].map((line) => expect.stringContaining(line)));
    expect(config.hooks.map((hook) => hook.timeout)).toEqual([100, 60_000]);
  });

  it('a tool.pre guard whose timeout is out of range refuses its tool calls, saying why, until it is fixed', async () => {
    const ws = await workspace();
    await ws.write('.opta/config.json', { hooks: [{ event: 'tool.pre', matcher: 'run_command', command: 'true', timeout: 120_000 }] });
    const engine = engineFor(host, ws, await ws.load({ trust: 'all' }));

    const result = await engine.fire('tool.pre', { tool_name: 'run_command', tool_input: {} });

    expect(result).toMatchObject({ blocked: true, decision: 'deny' });
    expect(result.reason).toContain('expected 100 to 60000 milliseconds');
  });

  it('prompt.pre runs before the prompt is processed, with OPTA_EVENT=prompt.pre and the prompt in the JSON on stdin', async () => {
    const { ws, engine } = await optaProject(host, [{ event: 'prompt.pre', command: 'env > "$OPTA_CWD/env.txt"; cat > "$OPTA_CWD/stdin.json"' }]);

    const result = await engine.fire('UserPromptSubmit', { prompt: 'add tests' });

    expect(result.hooks).toEqual([expect.objectContaining({ status: 'ok' })]);
    expect(parseEnv((await ws.read('env.txt'))!).OPTA_EVENT).toBe('prompt.pre');
    expect(JSON.parse((await ws.read('stdin.json'))!)).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'add tests' });
  });
});
