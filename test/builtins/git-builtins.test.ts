// git auto-stage and smart commit in a real repository in a temp folder.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import gitAutoStage from '../../src/builtins/git-auto-stage.js';
import smartCommit from '../../src/builtins/smart-commit.js';
import { tempDir } from '../helpers/temp-dirs.js';
import { builtinContext } from './builtin-context.js';

function createRepository(): { dir: string; env: Record<string, string>; git: (...args: string[]) => string } {
  const dir = tempDir('builtin-git');
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Hook Test', GIT_AUTHOR_EMAIL: 'hook@test.invalid', GIT_COMMITTER_NAME: 'Hook Test', GIT_COMMITTER_EMAIL: 'hook@test.invalid' };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' });
  git('init', '--quiet', '--initial-branch=main');
  writeFileSync(join(dir, 'README.md'), '# demo\n');
  git('add', 'README.md');
  git('commit', '--quiet', '-m', 'initial');
  return { dir, env, git };
}

function write(dir: string, path: string, text: string): string {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
  return join(dir, path);
}

describe('git-auto-stage', () => {
  it('stages a file a Write call created (PostToolUse) and one a FileModified names', async () => {
    const { dir, env, git } = createRepository();
    const created = write(dir, 'src/app.ts', 'export const a = 1;\n');
    await gitAutoStage({ tool_name: 'Write', tool_input: { file_path: created, content: '...' }, cwd: dir }, builtinContext('PostToolUse', { projectDir: dir, env }));
    write(dir, 'README.md', '# demo, edited\n');
    await gitAutoStage({ file_path: 'README.md', change_type: 'modify', cwd: dir }, builtinContext('FileModified', { projectDir: dir, env }));
    expect(git('diff', '--cached', '--name-only').trim().split('\n').sort()).toEqual(['README.md', 'src/app.ts']);
  });

  it('never stages what its skip list names', async () => {
    const { dir, env, git } = createRepository();
    for (const path of ['.env.local', 'debug.log', 'dist/bundle.js', 'node_modules/x/index.js', 'notes.swp', 'coverage/lcov.info']) {
      const file = write(dir, path, 'x\n');
      await gitAutoStage({ tool_name: 'Write', tool_input: { file_path: file } }, builtinContext('PostToolUse', { projectDir: dir, env }));
    }
    expect(git('diff', '--cached', '--name-only').trim()).toBe('');
  });

  it('does nothing outside a repository or for a file that is gone', async () => {
    const dir = tempDir('builtin-nogit');
    const file = write(dir, 'a.ts', 'x\n');
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, GIT_CEILING_DIRECTORIES: dir.slice(0, dir.lastIndexOf('/')) };
    expect(await gitAutoStage({ tool_name: 'Write', tool_input: { file_path: file } }, builtinContext('PostToolUse', { projectDir: dir, env }))).toBeUndefined();
    const { dir: repo, env: repoEnv, git } = createRepository();
    expect(await gitAutoStage({ tool_name: 'Write', tool_input: { file_path: join(repo, 'missing.ts') } }, builtinContext('PostToolUse', { projectDir: repo, env: repoEnv }))).toBeUndefined();
    expect(git('diff', '--cached', '--name-only').trim()).toBe('');
  });
});

describe('smart-commit', () => {
  it('does nothing unless SMART_COMMIT_HOOK or its option says so', async () => {
    const { dir, env, git } = createRepository();
    write(dir, 'a.ts', 'x\n');
    git('add', 'a.ts');
    expect(await smartCommit({ session_id: 's' }, builtinContext('Stop', { projectDir: dir, env }))).toBeUndefined();
    expect(git('rev-list', '--count', 'HEAD').trim()).toBe('1');
  });

  it('commits the staged changes with a message written from them, leaving unstaged ones', async () => {
    const { dir, env, git } = createRepository();
    write(dir, 'src/a.ts', 'a\n');
    write(dir, 'src/b.ts', 'b\n');
    write(dir, 'scratch.txt', 'not staged\n');
    git('add', 'src/a.ts', 'src/b.ts');
    const answer = await smartCommit({ session_id: 's' }, builtinContext('Stop', { projectDir: dir, env: { ...env, SMART_COMMIT_HOOK: '1' } }));
    expect(answer).toEqual({ systemMessage: expect.stringMatching(/^smart commit: [0-9a-f]+ Add src\/a\.ts, src\/b\.ts$/) });
    expect(git('log', '-1', '--format=%s').trim()).toBe('Add src/a.ts, src/b.ts');
    expect(git('log', '-1', '--format=%b')).toContain('A src/b.ts');
    expect(git('status', '--porcelain').trim()).toBe('?? scratch.txt');
  });

  it('with nothing staged, or switched on by option in a folder with no repository, it does nothing', async () => {
    const { dir, env, git } = createRepository();
    expect(await smartCommit({}, builtinContext('Stop', { projectDir: dir, env, options: { enabled: true } }))).toBeUndefined();
    expect(git('rev-list', '--count', 'HEAD').trim()).toBe('1');
    const plain = tempDir('builtin-nogit');
    const plainEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: plain, GIT_CEILING_DIRECTORIES: plain.slice(0, plain.lastIndexOf('/')) };
    expect(await smartCommit({}, builtinContext('Stop', { projectDir: plain, env: plainEnv, options: { enabled: true } }))).toBeUndefined();
  });
});
