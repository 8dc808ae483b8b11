// `run`'s compiled config cache (issue 11, "A fast CLI"): reused while nothing it came from
// changed, and never the reason an untrusted or changed file runs.
import { chmod, mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, type CliResult, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

const bashPayload = '{"tool_name":"Bash","tool_input":{"command":"ls"}}';
const cacheDir = () => join(project.home, '.cache/hookpool/run-config');
const cacheFiles = async () => (existsSync(cacheDir()) ? (await readdir(cacheDir())).filter((name) => name.endsWith('.json')) : []);
const withoutDurations = (result: CliResult) => ({ ...result, stdout: result.stdout.replace(/[\d.]+ ms/g, 'N ms') });
const runBash = (env: Record<string, string> = {}) => project.cli(['run', 'PreToolUse', '--input', bashPayload], { env });

// A trusted project guard that runs a project script; the script leaves a marker with its text.
async function trustedScriptGuard(): Promise<string> {
  const script = await project.write('.hookpool/guard.sh', 'echo first > "$CLAUDE_PROJECT_DIR/ran"\nexit 2\n');
  await chmod(script, 0o755);
  await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: 'sh "$CLAUDE_PROJECT_DIR/.hookpool/guard.sh"' }] });
  expect((await project.cli(['trust'])).exitCode).toBe(0);
  return script;
}

describe('run: the config cache', () => {
  it('is written 0600 in a 0700 folder under ~/.cache/hookpool and gives the same answer as a load', async () => {
    await project.write('.claude/settings.local.json', {});
    await mkdir(join(project.home, '.config/hookpool'), { recursive: true });
    await writeFile(join(project.home, '.config/hookpool/hooks.json'), JSON.stringify({ hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: 'echo "{\\"decision\\":\\"block\\",\\"reason\\":\\"no\\"}"' }] }));

    const loaded = await runBash();
    const files = await cacheFiles();
    const cached = await runBash();
    const uncached = await runBash({ HOOKPOOL_CONFIG_CACHE: '0' });

    expect(files).toHaveLength(1);
    expect((await stat(join(cacheDir(), files[0]!))).mode & 0o777).toBe(0o600);
    expect((await stat(cacheDir())).mode & 0o777).toBe(0o700);
    expect(loaded.exitCode).toBe(2);
    expect(withoutDurations(cached)).toEqual(withoutDurations(loaded));
    expect(withoutDurations(uncached)).toEqual(withoutDurations(loaded));
  });

  it('notices a script changed after caching exactly as without the cache: the file is untrusted and the script does not run', async () => {
    const script = await trustedScriptGuard();
    const trusted = await runBash();
    const again = await runBash();
    await writeFile(script, 'echo second > "$CLAUDE_PROJECT_DIR/ran"\nexit 2\n');
    await writeFile(join(project.dir, 'ran'), '');

    const changed = await runBash();
    const uncached = await runBash({ HOOKPOOL_CONFIG_CACHE: '0' });

    expect(trusted.exitCode).toBe(2);
    expect(again.exitCode).toBe(2);
    expect(changed.exitCode).toBe(0);
    expect(changed.stderr).toContain('changed since you trusted it (script .hookpool/guard.sh changed)');
    expect(changed).toEqual(uncached);
    expect(await project.read('ran')).toBe('');
  });

  it('notices a project file edited after caching: its new hooks do not run untrusted', async () => {
    await trustedScriptGuard();
    expect((await runBash()).exitCode).toBe(2);
    await project.write('.hookpool/hooks.json', { hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: 'echo edited > "$CLAUDE_PROJECT_DIR/edited"' }] });

    const changed = await runBash();

    expect(changed.exitCode).toBe(0);
    expect(changed.stderr).toContain('changed since you trusted it');
    expect(existsSync(join(project.dir, 'edited'))).toBe(false);
  });

  it('follows the trust store: a revoked file stops running at once', async () => {
    await trustedScriptGuard();
    expect((await runBash()).exitCode).toBe(2);
    expect((await project.cli(['trust', '--revoke'])).exitCode).toBe(0);

    const revoked = await runBash();

    expect(revoked.exitCode).toBe(0);
    expect(revoked.stderr).toContain('not trusted yet');
  });

  it('picks up a user hook file that appears after caching, and a skill folder that appears', async () => {
    expect((await runBash()).exitCode).toBe(0);
    await mkdir(join(project.home, '.config/hookpool'), { recursive: true });
    await writeFile(join(project.home, '.config/hookpool/hooks.json'), JSON.stringify({ hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: 'exit 2' }] }));
    const withUserHook = await runBash();
    const skill = join(project.home, '.claude/skills/guard/SKILL.md');
    await mkdir(join(project.home, '.claude/skills/guard'), { recursive: true });
    await writeFile(skill, '---\nname: guard\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: "true"\n---\n');
    const listed = await project.cli(['run', 'Stop', '--json', '--input', '{}']);
    const uncached = await project.cli(['run', 'Stop', '--json', '--input', '{}'], { env: { HOOKPOOL_CONFIG_CACHE: '0' } });

    expect(withUserHook.exitCode).toBe(2);
    expect(listed).toEqual(uncached);
  });

  it('ignores a cache file others could have written, and a corrupt one, and loads again', async () => {
    await trustedScriptGuard();
    expect((await runBash()).exitCode).toBe(2);
    const [file] = await cacheFiles();
    const path = join(cacheDir(), file!);
    // Someone else's cache would decide what runs: a planted one that drops the guard is refused.
    const planted = JSON.parse(await readFile(path, 'utf8')) as { config: { hooks: unknown[] } };
    planted.config.hooks = [];
    await writeFile(path, JSON.stringify(planted));
    await chmod(path, 0o666);
    const refused = await runBash();
    await writeFile(path, '{"format": 1, "key": ');
    await chmod(path, 0o600);
    const corrupt = await runBash();

    expect(refused.exitCode).toBe(2);
    expect(corrupt.exitCode).toBe(2);
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ format: 2 });
  });

  it('is neither read nor written with HOOKPOOL_CONFIG_CACHE=0', async () => {
    const result = await runBash({ HOOKPOOL_CONFIG_CACHE: '0' });

    expect(result.exitCode).toBe(0);
    expect(await cacheFiles()).toEqual([]);
  });

  it('sweeps cache files left untouched for a month when it saves one', async () => {
    await mkdir(cacheDir(), { recursive: true });
    const old = join(cacheDir(), 'old.json');
    const recent = join(cacheDir(), 'recent.json');
    await writeFile(old, '{}');
    await writeFile(recent, '{}');
    const monthsAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    await utimes(old, monthsAgo, monthsAgo);

    expect((await runBash()).exitCode).toBe(0);

    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });

  it("makes a plugin's data folder again when it was removed after caching", async () => {
    await project.write('plugin/hooks/hooks.json', { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'test -d "$CLAUDE_PLUGIN_DATA"' }] }] } });
    const run = () => project.cli(['run', 'Stop', '--json', '--plugin', join(project.dir, 'plugin'), '--input', '{}']);
    expect((await run()).exitCode).toBe(0);
    await rm(join(project.home, '.claude/plugins/data'), { recursive: true, force: true });

    const again = await run();

    expect(JSON.parse(again.stdout)).toMatchObject({ hooks: [{ status: 'ok', exitCode: 0 }] });
  });
});
