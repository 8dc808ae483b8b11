// The published executables are CommonJS bundles (scripts/bundle-cli.js): what they load on the
// hot path, stdin read without process.stdin (and with it, when fd 0 is non-blocking), and the
// unbundled ES module entry still answering the same.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, cliEnvironment, createTempProject, nativeConfig, type TempProject } from './cli-harness.js';

const DIST = fileURLToPath(new URL('../../dist/src/', import.meta.url));
const CLIENT = join(DIST, 'client/hookpool-client.cjs');
const UNBUNDLED_CLI = join(DIST, 'cli/main.js');
const RUN = join(DIST, 'cli/hookpool-run.cjs');
const RUN_ENGINE = join(DIST, 'cli/hookpool-run-engine.cjs');
const CONFIG_LOADER = join(DIST, 'cli/hookpool-config-loader.cjs');

function specifiers(file: string, call: 'require' | 'import'): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(new RegExp(`\\b${call}\\("([^"]+)"\\)`, 'g'))].map((match) => match[1] as string);
}

describe('the executable bundles', () => {
  it('require only node: built-ins (the CLI loads its bundles through the code cache); the CLI imports only its other verbs from the build', () => {
    for (const file of [CLIENT, CLI, RUN]) expect(specifiers(file, 'require').filter((name) => !name.startsWith('node:'))).toEqual([]);
    expect(specifiers(CLIENT, 'import').filter((name) => !name.startsWith('node:'))).toEqual([]);
    expect(specifiers(CLI, 'import')).toEqual(['./program.js']);
    expect(specifiers(RUN, 'import')).toEqual([]);
    expect(readFileSync(CLI, 'utf8')).toContain('hookpool-run.cjs');
    expect(readFileSync(RUN, 'utf8')).toContain('hookpool-run-engine.cjs');
  });

  it('the run engine bundle requires only piscina (for module hooks) and zod (for smart-commit, which runs on the agent\'s thread), each on first use, and loads the configuration loader, which requires the rest', () => {
    expect(specifiers(RUN_ENGINE, 'require').filter((name) => !name.startsWith('node:')).sort()).toEqual(['piscina', 'zod']);
    expect(readFileSync(RUN_ENGINE, 'utf8')).toContain('hookpool-config-loader.cjs');
    const loaderRequires = specifiers(CONFIG_LOADER, 'require').filter((name) => !name.startsWith('node:'));
    expect(loaderRequires).toEqual(expect.arrayContaining(['zod', 'yaml']));
    expect(loaderRequires.filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe('hookpool run from the bundle', () => {
  let project: TempProject;
  const bashCall = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } });

  beforeEach(async () => {
    project = await createTempProject();
    await project.write('.hookpool/hooks.json', nativeConfig([{ id: 'no-bash', event: 'PreToolUse', matcher: 'Bash', command: 'echo no bash >&2; exit 2' }]));
    expect((await project.cli(['trust'])).exitCode).toBe(0);
  });
  afterEach(() => project.remove());

  it('imports nothing from the build or node_modules when no hook matches (config cached)', async () => {
    const readCall = JSON.stringify({ tool_name: 'Read', tool_input: {} });
    expect((await project.cli(['run', 'PreToolUse'], { input: readCall })).exitCode).toBe(0); // fills the cache
    const log = join(project.root, 'loaded.log');
    writeFileSync(log, '');
    const loader = `import { appendFileSync } from 'node:fs'; export async function resolve(specifier, context, next) { const resolved = await next(specifier, context); appendFileSync(${JSON.stringify(log)}, resolved.url + '\\n'); return resolved; }`;
    const register = join(project.root, 'register.mjs');
    writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(loader)}`)});\n`);
    const result = await execa('node', ['--import', register, CLI, 'run', 'PreToolUse'], { cwd: project.dir, env: cliEnvironment(project), extendEnv: false, reject: false, input: readCall });
    expect(result.stdout).toContain('no foreground hook matched');
    const loaded = readFileSync(log, 'utf8').trim().split('\n').filter((url) => url !== '' && !url.startsWith('node:'));
    expect(loaded.map((url) => url.replace(/^.*\/dist\//, 'dist/'))).toEqual(['dist/src/cli/hookpool.cjs']);
  });

  it('reads the payload from a non-blocking stdin that is empty at first (EAGAIN: process.stdin reads the rest)', async () => {
    // perl (Debian's perl-base) sets O_NONBLOCK on the pipe, then becomes node; the payload comes 300 ms later.
    const script = `(sleep 0.3; printf '%s' '${bashCall}') | perl -MFcntl -e 'fcntl(STDIN, F_SETFL, fcntl(STDIN, F_GETFL, 0) | O_NONBLOCK) or die; exec @ARGV' node '${CLI}' run PreToolUse`;
    const result = await execa('sh', ['-c', script], { cwd: project.dir, env: cliEnvironment(project), extendEnv: false, reject: false });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toContain('no-bash');
  });

  it('writes a large answer whole to a non-blocking stdout that fills up (EAGAIN: process.stdout writes the rest)', async () => {
    // The reader starts a second after the hook is done: the answer (400 kB) meets a full 64 kB pipe.
    await project.write('.hookpool/hooks.json', nativeConfig([{ id: 'chatty', event: 'PreToolUse', matcher: 'Bash', command: "head -c 400000 /dev/zero | tr '\\0' x; touch hook-done" }]));
    expect((await project.cli(['trust'])).exitCode).toBe(0);
    const script = `printf '%s' '${bashCall}' | perl -MFcntl -e 'fcntl(STDOUT, F_SETFL, fcntl(STDOUT, F_GETFL, 0) | O_NONBLOCK) or die; exec @ARGV' node '${CLI}' run --json PreToolUse | (while [ ! -e hook-done ]; do sleep 0.05; done; sleep 1; cat)`;
    const result = await execa('sh', ['-c', script], { cwd: project.dir, env: cliEnvironment(project), extendEnv: false, reject: false, maxBuffer: 10_000_000 });
    const answer = JSON.parse(result.stdout) as { hooks: { id: string; stdout: string }[] };
    expect(answer.hooks.map((hook) => hook.id)).toEqual(['chatty']);
    expect(answer.hooks[0]!.stdout).toHaveLength(400_000);
  });

  it('reads a payload larger than one read, from a pipe and from a file', async () => {
    const big = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls', padding: 'x'.repeat(300_000) } });
    const file = await project.write('payload.json', big);
    const piped = await project.cli(['run', 'PreToolUse'], { input: big });
    const fromFile = await execa('sh', ['-c', `node '${CLI}' run PreToolUse < '${file}'`], { cwd: project.dir, env: cliEnvironment(project), extendEnv: false, reject: false });
    for (const result of [piped, fromFile]) {
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toContain('no-bash');
    }
  });

  it('the unbundled ES module entry (dist/src/cli/main.js) answers as the bundle does', async () => {
    const bundled = await project.cli(['run', '--json', 'PreToolUse'], { input: bashCall });
    const unbundled = await execa('node', [UNBUNDLED_CLI, 'run', '--json', 'PreToolUse'], { cwd: project.dir, env: cliEnvironment(project), extendEnv: false, reject: false, input: bashCall });
    expect(unbundled.exitCode).toBe(bundled.exitCode);
    const withoutTimes = (text: string) => JSON.stringify(JSON.parse(text), (key, value: unknown) => (key === 'durationMs' ? 0 : value));
    expect(withoutTimes(unbundled.stdout)).toBe(withoutTimes(bundled.stdout));
  });
});
