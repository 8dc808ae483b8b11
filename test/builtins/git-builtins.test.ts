// git auto-stage and smart commit in a real repository in a temp folder.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    expect(answer).toEqual({ systemMessage: expect.stringMatching(/^smart commit: [0-9a-f]+ Add src\/a\.ts, src\/b\.ts \(no lint script, not run; no test script, not run; message written from the changes: no prompt evaluator\)$/) });
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

  it("runs the project's lint, then its tests (package.json scripts), and commits only when both pass", async () => {
    const { dir, env, git } = createRepository();
    write(dir, 'package.json', JSON.stringify({ name: 'demo', scripts: { lint: 'echo lint >> checks.log', test: 'echo test >> checks.log' } }));
    write(dir, '.gitignore', 'checks.log\n');
    git('add', 'package.json', '.gitignore');

    const answer = await smartCommit({}, builtinContext('Stop', { projectDir: dir, env, options: { enabled: true } }));

    expect(answer).toEqual({ systemMessage: expect.stringMatching(/^smart commit: [0-9a-f]+ Add \.gitignore, package\.json \(message written from the changes: no prompt evaluator\)$/) });
    expect(readFileSync(join(dir, 'checks.log'), 'utf8')).toBe('lint\ntest\n');
    expect(git('rev-list', '--count', 'HEAD').trim()).toBe('2');
  });

  it('a failing lint commits nothing and runs no tests; a failing test commits nothing; each note says which and its last line', async () => {
    const { dir, env, git } = createRepository();
    write(dir, 'a.ts', 'x\n');
    git('add', 'a.ts');
    const record = (name: string, code: number) => ['sh', '-c', `echo ${name} >> checks.log; echo "${name}: 2 problems" >&2; exit ${code}`];

    const lintFails = await smartCommit({}, builtinContext('Stop', { projectDir: dir, env, options: { enabled: true, lint: record('lint', 1), test: record('test', 0) } }));
    const testFails = await smartCommit({}, builtinContext('Stop', { projectDir: dir, env, options: { enabled: true, lint: record('lint', 0), test: record('test', 3) } }));

    expect(lintFails).toEqual({ systemMessage: `smart commit: nothing committed: lint failed (sh -c ${record('lint', 1)[2]}): lint: 2 problems` });
    expect(testFails).toEqual({ systemMessage: `smart commit: nothing committed: test failed (sh -c ${record('test', 3)[2]}): test: 2 problems` });
    expect(readFileSync(join(dir, 'checks.log'), 'utf8')).toBe('lint\nlint\ntest\n');
    expect(git('rev-list', '--count', 'HEAD').trim()).toBe('1');
    expect(git('diff', '--cached', '--name-only').trim()).toBe('a.ts');
  });

  it('with a prompt evaluator the message is its reply (subject, then body), asked with the staged files and diff', async () => {
    const { dir, env, git } = createRepository();
    write(dir, 'src/a.ts', 'export const answer = 42;\n');
    git('add', 'src/a.ts');
    const prompts: string[] = [];
    const evaluate = async (prompt: string) => {
      prompts.push(prompt);
      return '```\nAdd the answer constant\n\nsrc/a.ts exports answer, which the report needs.\n```';
    };

    const answer = await smartCommit({}, { ...builtinContext('Stop', { projectDir: dir, env, options: { enabled: true, lint: false, test: false } }), evaluate });

    expect(answer).toEqual({ systemMessage: expect.stringMatching(/^smart commit: [0-9a-f]+ Add the answer constant \(message from the prompt evaluator\)$/) });
    expect(git('log', '-1', '--format=%s%n%n%b').trim()).toBe('Add the answer constant\n\nsrc/a.ts exports answer, which the report needs.');
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain('A\tsrc/a.ts');
    expect(prompts[0]).toContain('+export const answer = 42;');
  });

  it('an evaluator that throws or replies nothing usable: the message is written from the changes, and the note says why', async () => {
    const { dir, env, git } = createRepository();
    const options = { enabled: true, lint: false, test: false };
    const commitWith = async (evaluate: (prompt: string) => Promise<unknown>) => {
      write(dir, 'a.ts', `${Math.random()}\n`);
      git('add', 'a.ts');
      return smartCommit({}, { ...builtinContext('Stop', { projectDir: dir, env, options }), evaluate });
    };

    const thrown = await commitWith(async () => {
      throw new Error('model unreachable');
    });
    const empty = await commitWith(async () => '  \n');
    const notText = await commitWith(async () => ({ ok: true }));

    expect(thrown).toEqual({ systemMessage: expect.stringMatching(/ Add a\.ts \(message written from the changes: the prompt evaluator failed: model unreachable\)$/) });
    expect(empty).toEqual({ systemMessage: expect.stringMatching(/ Update a\.ts \(message written from the changes: the evaluator's reply is empty\)$/) });
    expect(notText).toEqual({ systemMessage: expect.stringMatching(/ Update a\.ts \(message written from the changes: the evaluator's reply is not text \(object\)\)$/) });
    expect(git('rev-list', '--count', 'HEAD').trim()).toBe('4');
  });
});
