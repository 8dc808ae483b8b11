// issue 9: every way the adversary made a guard fail open, through the real engine and real hook
// processes on both hosts. Each case answered "allow" (or failed every hook) before the fix.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, loadHooksConfig, type HookEngine } from '../../src/index.js';
import { HOSTS } from '../helpers/hosts.js';

const dir = mkdtempSync(join(tmpdir(), 'hookpool-bypass-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const denyJson = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'guarded' } });

describe.each(HOSTS)('guards that failed open, on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => engine?.close());

  it('NUL bytes in tool_name, tool_response and error no longer fail every hook of the fire', async () => {
    engine = createHookEngine({ host, hooks: [
      // OPTA_* are given to hooks of Opta's protocol (docs/designs.md).
      { id: 'guard', event: 'PostToolUseFailure', command: 'printf "%s|" "$HOOKPOOL_TOOL_NAME" "$OPTA_ERROR"; cat >/dev/null', protocol: 'opta' },
      { id: 'other', event: 'PostToolUseFailure', command: 'echo ran' },
    ] });
    const result = await engine.fire('PostToolUseFailure', { tool_name: 'Ba\0sh', tool_input: {}, tool_response: 'x\0', error: 'bad\0' });
    expect(result.hooks.map((hook) => [hook.id, hook.status])).toEqual([['guard', 'ok'], ['other', 'ok']]);
    expect(result.hooks[0]!.stdout).toBe('Ba\\u0000sh|bad\\u0000|');
  });

  it('a decision behind a byte-order mark or a no-break space is read', async () => {
    engine = createHookEngine({ host, hooks: [
      { id: 'bom', event: 'PreToolUse', matcher: 'Bash', command: `printf '\\357\\273\\277%s' '${denyJson}'` },
      { id: 'nbsp', event: 'PreToolUse', matcher: 'Read', command: `printf '\\302\\240%s\\n' '${denyJson}'` },
    ] });
    for (const tool_name of ['Bash', 'Read']) {
      expect(await engine.fire('PreToolUse', { tool_name, tool_input: {} }), tool_name).toMatchObject({ blocked: true, decision: 'deny', reason: 'guarded' });
    }
  });

  it("a template value cannot close the author's quotes and run a command", async () => {
    const pwned = join(dir, `pwned-${host}`);
    engine = createHookEngine({ host, hooks: [{ id: 'tpl', event: 'PostToolUse', template: true, command: 'printf "[%s]" "{{tool_input.file_path}}"' }] });
    const path = `a"; touch ${pwned}; echo "`;
    const [outcome] = (await engine.fire('PostToolUse', { tool_name: 'Edit', tool_input: { file_path: path } })).hooks;
    expect(outcome).toMatchObject({ status: 'ok', stdout: `[${path}]` });
    expect(existsSync(pwned)).toBe(false);
  });

  it("a command over the system's argument limit refuses the tool call instead of letting it through", async () => {
    engine = createHookEngine({ host, hooks: [{ id: 'argv', event: 'PreToolUse', template: true, args: ['printf', '%s', '{{tool_input.content}}'] }] });
    const result = await engine.fire('PreToolUse', { tool_name: 'Write', tool_input: { content: 'x'.repeat(3 * 1024 * 1024) } });
    expect(result).toMatchObject({ blocked: true, failures: [{ id: 'argv', status: 'spawn_failed', message: expect.stringContaining('E2BIG') }] });
  });

  it('a guard reading the cut OPTA_TOOL_ARGS can tell it does not see everything, and stdin has it whole', async () => {
    const guard = 'if [ -n "$HOOKPOOL_CUT_VARIABLES" ]; then grep -q "rm -rf" && { echo "rm -rf in a long command" >&2; exit 2; }; fi; case "$OPTA_TOOL_ARGS" in *"rm -rf"*) exit 2;; esac';
    engine = createHookEngine({ host, hooks: [{ id: 'opta-guard', event: 'tool.pre', command: guard, protocol: 'opta' }] });
    const padded = `${'#'.repeat(70 * 1024)}\nrm -rf /`;
    expect(await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: padded } })).toMatchObject({ blocked: true, reason: 'rm -rf in a long command' });
    expect(await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } })).toMatchObject({ blocked: false });
  });

  it('two hooks with the same id in two files keep their own environments', async () => {
    const home = join(dir, `home-${host}`);
    const cwd = join(dir, `project-${host}`);
    const userFile = join(home, '.config', 'hookpool', 'hooks.json');
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(join(home, '.config', 'hookpool'), { recursive: true, mode: 0o700 });
    await mkdir(cwd, { recursive: true });
    await writeFile(userFile, JSON.stringify({ hooks: [{ id: 'twin', event: 'Stop', command: 'echo "user:${GITHUB_TOKEN:-hidden}"', env: { inherit: 'none' } }] }), { mode: 0o600 });
    const projectFile = join(cwd, 'hooks.json');
    await writeFile(projectFile, JSON.stringify({ hooks: [{ id: 'twin', event: 'Stop', command: 'echo "explicit:${GITHUB_TOKEN:-hidden}"', env: { inherit: 'all' } }] }));
    const config = await loadHooksConfig({ cwd, home, files: [projectFile], discover: true });
    expect(config.problems).toEqual([expect.stringContaining('duplicate id "twin"')]);
    engine = createHookEngine({ ...config, cwd, host, env: { PATH: process.env.PATH, GITHUB_TOKEN: 'ghp_x' } });
    const outputs = (await engine.fire('Stop', {})).hooks.map((hook) => [hook.id, hook.stdout]);
    expect(outputs).toEqual([['twin', 'user:hidden\n'], ['twin-2', 'explicit:ghp_x\n']]);
  });
});
