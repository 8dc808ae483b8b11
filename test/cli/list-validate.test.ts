import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempProject, EXAMPLES, nativeConfig, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

const ESC = '\u001b[';

describe('hookpool list', () => {
  it('groups hooks by canonical event with enabled counts, timeout unit, mode and source', async () => {
    await project.write('hooks.json', nativeConfig([
      { id: 'guard', event: 'tool.pre', matcher: 'Bash', command: 'true', timeout: 2500 },
      { id: 'off', event: 'PreToolUse', command: 'true', enabled: false },
      { id: 'ping', event: 'Notification', command: 'true', background: true },
    ]));

    const { exitCode, stdout } = await project.cli(['list', '--config', 'hooks.json']);

    expect(exitCode).toBe(0);
    expect(stdout).toContain('PreToolUse (1/2 enabled)');
    expect(stdout).toContain('Notification (1/1 enabled)');
    expect(stdout).toMatch(/on\s+guard\s+Bash\s+2500 ms\s+foreground\s+config\s+hooks\.json hooks\[0\]/);
    expect(stdout).toMatch(/off\s+off\s+\*\s+10000 ms\s+foreground\s+config\s+hooks\.json hooks\[1\]/);
    expect(stdout).toMatch(/ping\s+\*\s+10000 ms\s+background/);
    expect(stdout).toContain('3 hooks (2 enabled) from 1 file: hooks.json (native, explicit)');
    expect(stdout).not.toContain(ESC);
  });

  it('prints the listing as JSON with --json', async () => {
    const { exitCode, stdout } = await project.cli(['list', '--json', '--config', `${EXAMPLES}hookpool.json`]);

    expect(exitCode).toBe(0);
    const listing = JSON.parse(stdout);
    expect(listing.events.map((group: { event: string }) => group.event)).toEqual(['PreToolUse', 'PostToolUse', 'Notification', 'Stop']);
    expect(listing.events[0]).toMatchObject({ event: 'PreToolUse', enabled: 2, total: 2 });
    expect(listing.events[0].hooks[0]).toEqual({
      id: 'block-rm', matcher: 'Bash', type: 'command', command: '.hookpool/hooks/block-rm.sh', origin: 'config', priority: 0, timeoutMs: 5000, background: false, enabled: true, enforce: true, trusted: true,
      description: 'refuse rm -rf before it runs', source: { file: `${EXAMPLES}hookpool.json`, jsonPath: 'hooks[0]', format: 'native' },
    });
    expect(listing.problems).toEqual([]);
  });

  it('colours only when asked to: FORCE_COLOR on, NO_COLOR off', async () => {
    const forced = await project.cli(['list', '--config', `${EXAMPLES}hookpool.json`], { env: { FORCE_COLOR: '1' } });
    const both = await project.cli(['list', '--config', `${EXAMPLES}hookpool.json`], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } });

    expect(forced.stdout).toContain(ESC);
    expect(both.stdout).not.toContain(ESC);
  });

  it('lists untrusted project hooks as such and says how to trust them', async () => {
    await project.installExamples();

    const { stdout } = await project.cli(['list']);

    expect(stdout).toMatch(/untrusted\s+block-rm/);
    expect(stdout).toContain('.hookpool/hooks.json: 5 hooks not run until you trust the file: review it, then run hookpool trust');
  });

  it('lists everything else when one discovered file is broken or an untrusted one is not even a file', async () => {
    await project.write('hooks.json', nativeConfig([{ id: 'mine', event: 'Stop', command: 'true' }]));
    const userFile = join(project.home, '.config/hookpool/hooks.json');
    await mkdir(dirname(userFile), { recursive: true });
    await writeFile(userFile, '{"hooks": [');
    await mkdir(join(project.dir, '.hookpool/hooks.json'), { recursive: true });
    await project.write('.claude/settings.json', { disableAllHooks: true });

    const { exitCode, stdout, stderr } = await project.cli(['list', '--config', 'hooks.json', '--claude-settings', `${EXAMPLES}claude-settings.json`]);
    const discovered = await project.cli(['list', '--json']);

    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/on\s+mine/);
    expect(stderr).toBe('');
    expect(discovered.exitCode).toBe(0);
    const listing = JSON.parse(discovered.stdout);
    expect(listing.disableAllHooks).toBe(false);
    expect(listing.problems).toEqual([
      expect.stringMatching(new RegExp(`^${userFile}:1:12: Unexpected end of input`)),
      `${join(project.dir, '.hookpool/hooks.json')}: is a directory`,
      `${join(project.dir, '.claude/settings.json')}: "disableAllHooks": true not applied: not trusted yet; review it, then run \`hookpool trust\``,
    ]);
  });

  it('refuses a user hooks file others can write, with one warning line saying how to fix it', async () => {
    const userFile = join(project.home, '.config/hookpool/hooks.json');
    await mkdir(dirname(userFile), { recursive: true });
    await writeFile(userFile, JSON.stringify(nativeConfig([{ id: 'mine', event: 'Stop', command: 'true' }])));
    await chmod(userFile, 0o666);

    const { exitCode, stdout, stderr } = await project.cli(['list']);

    expect(exitCode).toBe(0);
    expect(stdout).not.toContain('mine');
    expect(stderr).toBe(`hookpool: warning: ${userFile}: refused: writable by others (mode 0666); run chmod go-w ${userFile}\n`);
  });

  it('says where it looked when nothing is configured', async () => {
    const { exitCode, stdout } = await project.cli(['list']);

    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/^no hooks configured \(looked in ~\/\.config\/hookpool\/hooks\.json, ~\/\.claude\/settings\.json, ~\/\.config\/opta\/config\.json, ~\/\.autohand\/config\.json, ~\/\.openclaw\/openclaw\.json, \.hookpool\/hooks\.json, \.claude\/settings\.json, \.opta\/config\.json/);
  });
});

describe('hookpool validate', () => {
  it('exits 0 with a count of hooks and files', async () => {
    // The examples' scripts where their commands expect them: validate checks that they exist.
    await project.installExamples();
    const { exitCode, stdout } = await project.cli(['validate', '--config', `${EXAMPLES}hookpool.json`, '--claude-settings', `${EXAMPLES}claude-settings.json`]);

    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/^10 hooks OK in 2 files: /);
  });

  it('exits 1 with one line per problem: file, JSON path, what is wrong, what is allowed', async () => {
    await project.write('hooks.json', nativeConfig([
      { event: 'PreToolUs', command: 'true' },
      { event: 'Stop', matcher: 'Bash(', command: 'true' },
      { event: 'Stop', command: 'true', timeout: -5 },
      { id: 'twin', event: 'Stop', command: 'a' },
      { id: 'twin', event: 'Stop', command: 'b' },
    ]));

    const { exitCode, stdout, stderr } = await project.cli(['validate', '--config', 'hooks.json']);

    expect(exitCode).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines.slice(0, -1)).toEqual([
      'hooks.json: hooks[0].event: unknown event "PreToolUs" (did you mean "PreToolUse"?)',
      expect.stringMatching(/^hooks\.json: hooks\[1\]\.matcher: invalid matcher regex "Bash\(": .*Unterminated group/),
      expect.stringMatching(/^hooks\.json: hooks\[2\]\.timeout: /),
      'hooks.json: hooks[4].id: duplicate id "twin" (first used at hooks.json hooks[3]); this hook runs as "twin-2"; give each hook a unique id',
    ]);
    expect(lines.at(-1)).toMatch(/^4 problems in 1 file/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('prints {ok, hooks, files, problems} with --json', async () => {
    await project.write('hooks.json', nativeConfig([{ event: 'Nope', command: 'true' }]));

    const { exitCode, stdout } = await project.cli(['validate', '--json', '--config', 'hooks.json']);

    expect(exitCode).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ ok: false, hooks: 0, problems: [expect.stringContaining('unknown event "Nope"')] });
  });
});
