// Each format's own default for a hook that cannot answer (docs/security-model.md, "When a hook cannot answer"):
// hookpool's own file fails a guard closed; Autohand ("hook failures do not crash the agent; errors
// are logged but execution continues") lets it through. Either way the failure is reported.
import { describe, expect, it } from 'vitest';
import { engineFor, HOSTS, workspace } from './kit.js';

describe.each(HOSTS)('failure defaults by format, %s host', (host) => {
  it('the same failing PreToolUse guard: refused from a hookpool file, let through (and reported) from an Autohand file', async () => {
    const ws = await workspace();
    const native = await ws.write('native.json', { hooks: [{ id: 'guard', event: 'PreToolUse', command: 'exit 127' }] });
    const autohand = await ws.write('autohand.json', { hooks: { enabled: true, hooks: [{ event: 'pre-tool', command: 'exit 127' }] } });

    const fromNative = await engineFor(host, ws, await ws.load({ files: [native] })).fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    const fromAutohand = await engineFor(host, ws, await ws.load({ files: [autohand] })).fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });

    expect(fromNative).toMatchObject({ blocked: true, decision: 'deny' });
    expect(fromNative.failures).toEqual([expect.objectContaining({ id: 'guard', onError: 'closed' })]);
    expect(fromAutohand).toMatchObject({ blocked: false, decision: null });
    expect(fromAutohand.failures).toEqual([expect.objectContaining({ exitCode: 127, onError: 'open' })]);
  });
});
