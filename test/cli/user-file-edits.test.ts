// How hookpool changes a user's own files (add, remove, enable, disable, init --agent): whole or
// not at all, never losing an edit made at the same time, keeping the file's mode, its symlink
// and its line breaks. Real processes on real files.
import { chmod, lstat, mkdir, mkdtemp, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => project.remove());

describe("edits of a user's files", () => {
  it('six hookpool add at once: every hook is there afterwards', async () => {
    await project.cli(['init']);
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];

    const results = await Promise.all(ids.map((id) => project.cli(['add', '--event', 'Stop', '--command', `echo ${id}`, '--id', id])));
    const hooks = JSON.parse(await project.read('.hookpool/hooks.json')).hooks as { id: string }[];

    expect(results.map((result) => result.exitCode)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(hooks.map((hook) => hook.id).sort()).toEqual(ids);
  });

  it("keeps a settings file's mode, its symlink and its CRLF line breaks", async () => {
    const target = await project.write('shared/gemini-settings.json', '{\r\n  "theme": "GitHub"\r\n}\r\n');
    await chmod(target, 0o600);
    await mkdir(join(project.dir, '.gemini'));
    await symlink(target, join(project.dir, '.gemini', 'settings.json'));

    await project.cli(['init', '--example', 'block-rm', '--agent', 'gemini']);
    const text = await project.read('shared/gemini-settings.json');

    expect((await lstat(join(project.dir, '.gemini', 'settings.json'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(project.dir, '.gemini', 'settings.json'))).toBe(target);
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    expect(text).toContain('"BeforeTool"');
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
  });

  it('leaves the file as it was, and says so in one line, when it cannot be written whole', async () => {
    // Run as a user who may not write the folder (root may write anything): nobody, when the test runs as root.
    const asRoot = process.getuid?.() === 0;
    const root = await mkdtemp(join(asRoot ? '/tmp' : tmpdir(), 'hp-readonly-'));
    try {
      const dir = join(root, 'project');
      const original = '{\n  "theme": "GitHub"\n}\n';
      await mkdir(join(dir, '.gemini'), { recursive: true });
      await mkdir(join(root, 'home'));
      await writeFile(join(dir, '.gemini', 'settings.json'), original);
      if (asRoot) await execa('chown', ['-R', '65534:65534', root]);
      await chmod(join(dir, '.gemini'), 0o555);

      const result = await execa('node', [CLI, 'init', '--agent', 'gemini'], { cwd: dir, env: { HOME: join(root, 'home'), PATH: process.env.PATH }, extendEnv: false, reject: false, ...(asRoot ? { uid: 65534, gid: 65534 } : {}) });

      expect(await readFile(join(dir, '.gemini', 'settings.json'), 'utf8')).toBe(original);
      expect(result.exitCode).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^hookpool: \.gemini\/settings\.json: cannot be written \(.*\); the file is unchanged$/)]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
