// issue 9: configuration hookpool cannot load never silently removes a guard. A broken entry or a
// broken file (whose hooks are unknown) keeps refusing the events whose guards fail closed, with
// its problem as the reason; elsewhere it is reported; an untrusted file has no effect at all.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, loadHooksConfig, type HookEngine } from '../../src/index.js';
import { HOSTS } from '../helpers/hosts.js';

const roots: string[] = [];
afterAll(async () => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

async function project(files: Record<string, string>): Promise<{ cwd: string; home: string }> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'hookpool-broken-')));
  roots.push(root);
  const cwd = join(root, 'project');
  const home = join(root, 'home');
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, path);
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, text, { mode: 0o600 });
  }
  await mkdir(cwd, { recursive: true });
  return { cwd, home };
}

const bash = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };

describe.each(HOSTS)('broken configuration on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => engine?.close());

  it('a user hooks file that is not valid JSON refuses every guard event, and nothing else', async () => {
    const dirs = await project({ 'home/.config/hookpool/hooks.json': '{"hooks": [{"event": "PreToolUse", "command": "./guard.sh"},,]}' });
    const config = await loadHooksConfig(dirs);
    expect(config.brokenFiles).toMatchObject([{ scope: 'user', reason: expect.stringMatching(/not valid JSON|Unexpected token/) }]);
    engine = createHookEngine({ ...config, cwd: dirs.cwd, host });

    for (const [event, payload] of [['PreToolUse', bash], ['PermissionRequest', bash], ['UserPromptSubmit', { prompt: 'hi' }]] as const) {
      const result = await engine.fire(event, payload);
      expect(result, event).toMatchObject({ blocked: true, reason: expect.stringContaining('could not be loaded'), failures: [{ id: `broken:hooks.json@${event}`, onError: 'closed' }] });
    }
    expect(await engine.fire('Stop', {})).toMatchObject({ blocked: false, hooks: [] });
  });

  // issue 21: a hooks file that holds no hooks document at all may have held guards.
  it.each(['null', '[]', '{"hooks": null}', '"hooks"'])('a user hooks.json holding %s is a problem line and refuses every guard event, and nothing else', async (text) => {
    const dirs = await project({ 'home/.config/hookpool/hooks.json': text });
    const config = await loadHooksConfig(dirs);
    const file = join(dirs.home, '.config', 'hookpool', 'hooks.json');
    expect(config.problems).toEqual([expect.stringMatching(new RegExp(`^${file}: cannot be read as hooks \\(.*expected`))]);
    expect(config.brokenFiles).toMatchObject([{ path: file, scope: 'user', reason: expect.stringContaining('cannot be read as hooks') }]);
    engine = createHookEngine({ ...config, cwd: dirs.cwd, host });
    for (const [event, payload] of [['PreToolUse', bash], ['PermissionRequest', bash], ['UserPromptSubmit', { prompt: 'hi' }]] as const) {
      expect(await engine.fire(event, payload), event).toMatchObject({ blocked: true, failures: [{ id: `broken:hooks.json@${event}`, onError: 'closed' }] });
    }
    expect(await engine.fire('Stop', {})).toMatchObject({ blocked: false, hooks: [] });
  });

  it('a Claude settings file holding "hooks": null is a broken file too; an empty file ({}) and "hooks": [] are no hooks', async () => {
    const broken = await project({ 'home/.claude/settings.json': '{"hooks": null}' });
    const config = await loadHooksConfig(broken);
    expect(config.brokenFiles).toMatchObject([{ path: join(broken.home, '.claude', 'settings.json'), reason: expect.stringContaining('cannot be read as hooks') }]);
    for (const text of ['{}', '{"hooks": []}']) {
      const empty = await loadHooksConfig(await project({ 'home/.config/hookpool/hooks.json': text }));
      expect(empty, text).toMatchObject({ problems: [], brokenFiles: [], hooks: [] });
    }
  });

  it('a broken guard entry refuses only the calls its valid matcher selects, and the file\'s other hooks run', async () => {
    const dirs = await project({
      'home/.claude/settings.json': JSON.stringify({ hooks: { PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: 'true', timeout: 'soon' }] },
        { matcher: 'Read', hooks: [{ type: 'command', command: 'echo read-ok' }] },
      ] } }),
    });
    const config = await loadHooksConfig(dirs);
    expect(config.brokenHooks).toMatchObject([{ event: 'PreToolUse', matcher: 'Bash', reason: expect.stringContaining('hooks.PreToolUse[0].hooks[0].timeout') }]);
    engine = createHookEngine({ ...config, cwd: dirs.cwd, host });

    expect(await engine.fire('PreToolUse', bash)).toMatchObject({ blocked: true, decision: 'deny' });
    expect(await engine.fire('PreToolUse', { tool_name: 'Read', tool_input: {} })).toMatchObject({ blocked: false, hooks: [{ stdout: 'read-ok\n' }] });
  });

  it('an untrusted project file has no effect: neither its broken entries nor its disableAllHooks', async () => {
    const dirs = await project({
      'project/.claude/settings.json': JSON.stringify({ disableAllHooks: true, hooks: { PreToolUse: [{ matcher: 'x(', hooks: [{ type: 'command', command: 'true' }] }] } }),
      'home/.config/hookpool/hooks.json': JSON.stringify({ hooks: [{ id: 'user-guard', event: 'PreToolUse', command: 'echo no >&2; exit 2' }] }),
    });
    const config = await loadHooksConfig(dirs);
    expect(config.untrusted).toHaveLength(1);
    expect(config.brokenHooks).toEqual([]);
    engine = createHookEngine({ ...config, cwd: dirs.cwd, host });

    expect(await engine.fire('PreToolUse', bash)).toMatchObject({ blocked: true, reason: 'no', hooks: [{ id: 'user-guard' }] });
  });
});
