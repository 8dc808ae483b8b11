// Wundr's registry keys its hooks by id: two hooks with different ids are two hooks, even when they
// run the same command, and both run (each with its own WUNDR_HOOK_ID).
import { describe, expect, it } from 'vitest';
import { engineFor, HOSTS, workspace } from '../kit.js';

describe.each(HOSTS)('Wundr hooks with the same command, %s host', (host) => {
  it('two hooks with different ids and the same command both run, each with its own WUNDR_HOOK_ID', async () => {
    const ws = await workspace();
    const command = 'echo "$WUNDR_HOOK_ID" >> ran.log';
    const file = await ws.write('wundr.hooks.json', { enabled: true, defaultTimeoutMs: 10_000, hooks: [
      { id: 'notify-a', event: 'Stop', type: 'command', command },
      { id: 'notify-b', event: 'Stop', type: 'command', command },
    ] });
    const config = await ws.load({ files: [file] });
    expect(config.problems).toEqual([]);
    expect(config.files.map((loaded) => loaded.format)).toEqual(['wundr']);
    const engine = engineFor(host, ws, config);

    const result = await engine.fire('Stop', {});

    expect(result.hooks.map((hook) => hook.id)).toEqual(['notify-a', 'notify-b']);
    expect((await ws.lines('ran.log')).sort()).toEqual(['notify-a', 'notify-b']);
  });
});
