// Wundr's "Config file (wundr.config.ts or hooks.config.ts)" (lifecycle hooks analysis, 5.1), with
// its example written as TypeScript: discovered in the project, run (through jiti) only once its
// exact bytes are trusted, like any project file; `.mjs` and `.js` load the same way.
import { describe, expect, it } from 'vitest';
import { engineFor, HOSTS, workspace } from '../kit.js';

// The document's example, as a project would write it: typed, and the daemon config holding it under `hooks`.
const WUNDR_CONFIG_TS = (marker: string) => `import { writeFileSync } from 'node:fs';

interface HooksConfig { enabled: boolean; defaultTimeoutMs: number; hooks: Array<Record<string, unknown>> }

writeFileSync(${JSON.stringify(marker)}, 'evaluated');

const hooksConfig: HooksConfig = {
  enabled: true,
  defaultTimeoutMs: 15000,
  hooks: [
    {
      id: 'log-all-tools',
      event: 'PostToolUse',
      type: 'command',
      command: 'echo "{{metadata.toolName}} completed in {{metadata.durationMs}}ms" >> /dev/null',
    },
    {
      id: 'block-dangerous-writes',
      event: 'PermissionRequest',
      type: 'command',
      matcher: { minRiskLevel: 'high' },
      command: 'echo \\'{"decision":"deny","reason":"Blocked by policy"}\\'',
    },
  ],
};

export default { port: 8787, hooks: hooksConfig };
`;

describe.each(HOSTS)('Wundr code configuration files, %s host', (host) => {
  it('wundr.config.ts is discovered, not run until trusted, then loads the example and acts on it', async () => {
    const ws = await workspace();
    const file = await ws.write('wundr.config.ts', WUNDR_CONFIG_TS(ws.path('evaluated.txt')));

    const untrusted = await ws.load({ trust: 'prompt' });
    expect(untrusted.hooks).toEqual([]);
    expect(untrusted.untrusted).toEqual([expect.objectContaining({ path: file, reason: 'not trusted yet; review it, then run `hookpool trust`' })]);
    expect(await ws.read('evaluated.txt')).toBeNull();

    const asked: string[] = [];
    const trusted = await ws.load({ trust: 'prompt', confirmTrust: (request) => (asked.push(request.path), true) });
    expect(asked).toEqual([file]);
    expect(trusted.problems).toEqual([]);
    expect(trusted.files).toEqual([expect.objectContaining({ path: file, format: 'wundr', scope: 'project', hookCount: 2 })]);
    expect(trusted.hooks.map((hook) => [hook.id, hook.protocol, hook.timeout])).toEqual([['log-all-tools', 'wundr', 15000], ['block-dangerous-writes', 'wundr', 15000]]);

    const result = await engineFor(host, ws, trusted).fire('PermissionRequest', { tool_name: 'Write', tool_input: {}, risk_level: 'high' });
    expect(result).toMatchObject({ blocked: true, decision: 'deny', reason: 'Blocked by policy' });

    // Recorded: the next load runs it without asking; an edit untrusts it before it runs again.
    expect((await ws.load({ trust: 'prompt' })).hooks).toHaveLength(2);
    await ws.write('wundr.config.ts', WUNDR_CONFIG_TS(ws.path('evaluated-again.txt')));
    const edited = await ws.load({ trust: 'prompt' });
    expect(edited.hooks).toEqual([]);
    expect(edited.untrusted[0]!.reason).toContain('the file itself changed');
    expect(await ws.read('evaluated-again.txt')).toBeNull();
  });

  it('hooks.config.mjs exporting the hooks config itself, wundr.config.js in CommonJS; a file that throws is one problem line naming it, and a broken file', async () => {
    const ws = await workspace();
    const good = await ws.write('a/hooks.config.mjs', "export default { hooks: [{ id: 'guard', event: 'PreToolUse', type: 'command', command: `echo '{\"block\":true,\"blockReason\":\"no\"}'` }] };\n");
    const commonJs = await ws.write('c/wundr.config.js', "module.exports = { hooks: { hooks: [{ id: 'notify', event: 'Notification', type: 'command', command: 'true' }] } };\n");
    const bad = await ws.write('b/hooks.config.js', "throw new Error('missing API key');\n");

    const loaded = await ws.load({ files: [good, commonJs, bad] });
    const goodOnly = await ws.load({ files: [good] });

    expect(loaded.hooks.map((hook) => [hook.id, hook.protocol])).toEqual([['guard', 'wundr'], ['notify', 'wundr']]);
    expect(loaded.problems).toEqual([`${bad}: cannot be loaded: missing API key`]);
    // It may have held guards: as any file that cannot be loaded, it refuses them.
    expect(loaded.brokenFiles).toEqual([{ path: bad, scope: 'explicit', reason: 'missing API key' }]);
    expect(await engineFor(host, ws, goodOnly).fire('PreToolUse', { tool_name: 'Bash', tool_input: {} })).toMatchObject({ blocked: true, reason: 'no' });
  });
});
