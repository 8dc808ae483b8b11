// Installing hookpool from its packed tarball (issue 11, "Install"): into a project and globally,
// then the installed CLI and library run hooks. Dependencies come from npm's cache when it has
// them (--prefer-offline), else from the registry.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmEnv, packTarball, REPO } from '../helpers/packed-install.js';

const INSTALL_TIMEOUT_MS = 300_000;
const npmFlags = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

let root: string;
let tarball: string;
let packedFiles: readonly string[];
let version: string;

interface Manifest {
  scripts?: Record<string, string>;
  types?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** The scripts npm runs when the package is installed (`prepare` too, from a git URL). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

/**
 * The npm packages that `files` (of the checkout's build, which the tarball holds) name: `loaded`
 * all of them, `eager` those named in an import declaration or a require() outside a try block, whose
 * failure the code cannot answer (an import() can fail and be answered).
 */
async function packagesNamedIn(files: readonly string[]): Promise<{ eager: Set<string>; loaded: Set<string> }> {
  const found = { eager: new Set<string>(), loaded: new Set<string>() };
  const specifier = /\b(from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)(['"])([^'"\s]+)\2/g;
  for (const file of files) {
    const text = await readFile(join(REPO, file), 'utf8');
    for (const { 1: how, 3: spec, index } of text.matchAll(specifier)) {
      const name = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*/.exec(spec!)?.[0];
      if (name === undefined || spec!.startsWith('node:') || builtinModules.includes(name)) continue;
      found.loaded.add(name);
      // A require() that opens a try block is answered when it fails, as an import() is.
      const answered = /^import\s*\(/.test(how!) || (/^require/.test(how!) && /try\s*\{\s*(\w+\s*=\s*)?$/.test(text.slice(Math.max(0, index - 80), index)));
      if (!answered) found.eager.add(name);
    }
  }
  return found;
}

/** The declaration files a TypeScript program reaches from the package's `types` entry (relative imports, followed). */
async function reachableDeclarations(entry: string): Promise<string[]> {
  const seen = new Set<string>([entry]);
  for (const file of seen) {
    const text = await readFile(join(REPO, file), 'utf8');
    for (const [, spec] of text.matchAll(/\bfrom\s*['"](\.{1,2}\/[^'"]+)\.js['"]/g)) seen.add(posix.join(posix.dirname(file), `${spec!}.d.ts`));
  }
  return [...seen];
}

// A user whose only configuration is one guard that refuses every Bash call.
async function writeHome(home: string): Promise<void> {
  await mkdir(join(home, '.config/hookpool'), { recursive: true });
  await writeFile(join(home, '.config/hookpool/hooks.json'), JSON.stringify({ hooks: [{ id: 'no-bash', event: 'PreToolUse', matcher: 'Bash', command: 'echo no bash >&2; exit 2' }] }));
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'hookpool-package-'));
  version = (JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
  ({ tarball, files: packedFiles } = await packTarball(root));
}, INSTALL_TIMEOUT_MS);

afterAll(async () => rm(root, { recursive: true, force: true }));

describe('the packed tarball', () => {
  it('ships the build, the schema and the examples, and nothing else', () => {
    expect(packedFiles).toEqual(expect.arrayContaining(['package.json', 'README.md', 'schema.json', 'examples/hookpool.json', 'examples/opta/.opta/config.json', 'examples/opta/.opta/hooks/block-rm.sh', 'dist/src/cli/main.js', 'dist/src/cli/hookpool.cjs', 'dist/src/cli/hookpool-run.cjs', 'dist/src/cli/hookpool-run-engine.cjs', 'dist/src/cli/hookpool-config-loader.cjs', 'dist/src/client/hookpool-client.cjs', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/workers/slot-worker-entry.cjs', 'dist/workers/sandbox-process.js']));
    const unexpected = packedFiles.filter((path) => !/^(package\.json|README\.md|schema\.json|examples\/.+|dist\/(src|workers)\/.+\.(js|cjs|d\.ts|d\.cts))$/.test(path));
    expect(unexpected).toEqual([]);
    expect(packedFiles.filter((path) => path.endsWith('.map') || path.includes('/test/'))).toEqual([]);
  });

  it('runs nothing at install, and depends on exactly the packages its code loads (optional peers only through import())', async () => {
    const manifest = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as Manifest;
    const optionalPeers = Object.keys(manifest.peerDependencies ?? {}).filter((name) => manifest.peerDependenciesMeta?.[name]?.optional === true);
    const code = await packagesNamedIn(packedFiles.filter((path) => /\.c?js$/.test(path)));
    // What the package's types reach: internal files may name an optional peer (its types), which a program never sees.
    const declarations = await packagesNamedIn(await reachableDeclarations(manifest.types!));

    expect(Object.keys(manifest.scripts ?? {}).filter((name) => INSTALL_SCRIPTS.includes(name))).toEqual([]);
    const optionalDependencies = Object.keys(manifest.optionalDependencies ?? {});
    const mayBeMissing = [...optionalPeers, ...optionalDependencies];
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual([...code.loaded].filter((name) => !mayBeMissing.includes(name)).sort());
    expect(optionalDependencies.filter((name) => !code.loaded.has(name))).toEqual([]);
    // An optional peer may be missing: the code reaches it only through import(), which can fail and be answered.
    // (The optional dependencies are the OTLP exporter's SDK, which only the import()ed exporter setup loads.)
    expect([...code.eager].filter((name) => optionalPeers.includes(name))).toEqual([]);
    // The declarations too: a TypeScript program type-checks against them without the optional peers.
    expect([...declarations.loaded].filter((name) => !(name in (manifest.dependencies ?? {})))).toEqual([]);
  });

  it('installs into a project: the CLI answers --version, runs an event, and lists hooks through npx', async () => {
    const project = join(root, 'project');
    const home = join(root, 'home-project');
    await mkdir(project);
    await writeHome(home);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'some-agent', private: true }));
    await execa('npm', ['install', tarball, ...npmFlags], { cwd: project, env: npmEnv(root), extendEnv: false });
    const env = { ...npmEnv(root), HOME: home, XDG_CACHE_HOME: undefined };
    const bin = join(project, 'node_modules/.bin/hookpool');

    const shown = await execa(bin, ['--version'], { cwd: project, env, extendEnv: false });
    const ran = await execa(bin, ['run', 'PreToolUse', '--json', '--input', '{"tool_name":"Bash","tool_input":{"command":"ls"}}'], { cwd: project, env, extendEnv: false, reject: false });
    const listed = await execa('npx', ['--no', 'hookpool', 'list'], { cwd: project, env, extendEnv: false });
    const library = await execa('node', ['--input-type=module', '-e', `
      import { createHookEngine } from 'hookpool';
      for (const host of ['process', 'thread']) {
        const engine = createHookEngine({ host, hooks: [{ event: 'Stop', command: 'echo ok' }] });
        const { hooks } = await engine.fire('Stop', {});
        await engine.close();
        console.log(host, hooks[0].status, hooks[0].stdout.trim());
      }`], { cwd: project, env, extendEnv: false });

    expect(shown.stdout.trim()).toBe(version);
    expect(ran.exitCode).toBe(2);
    expect(JSON.parse(ran.stdout)).toMatchObject({ blocked: true, decision: 'deny' });
    expect(listed.stdout).toContain('no-bash');
    expect(library.stdout).toBe('process ok ok\nthread ok ok');
  }, INSTALL_TIMEOUT_MS);

  it('installs globally (npm install -g --prefix): hookpool is on the prefix bin path, runs, and init wires agents by that name', async () => {
    const prefix = join(root, 'global');
    const home = join(root, 'home-global');
    const project = join(root, 'wired-project');
    await writeHome(home);
    await mkdir(project);
    await execa('npm', ['install', '-g', '--prefix', prefix, tarball, ...npmFlags], { cwd: root, env: npmEnv(root), extendEnv: false });
    const env = { ...npmEnv(root), HOME: home, XDG_CACHE_HOME: undefined, PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? ''}` };

    const shown = await execa('hookpool', ['--version'], { cwd: home, env, extendEnv: false });
    const ran = await execa('hookpool', ['run', 'PreToolUse', '--input', '{"tool_name":"Read"}'], { cwd: home, env, extendEnv: false });
    await execa('hookpool', ['init', '--example', 'block-rm', '--agent', 'gemini'], { cwd: project, env, extendEnv: false });
    await execa('hookpool', ['init', '--agent', 'claude', '--transport', 'command'], { cwd: project, env, extendEnv: false });
    await execa('hookpool', ['trust'], { cwd: project, env, extendEnv: false });
    const gemini = JSON.parse(await readFile(join(project, '.gemini', 'settings.json'), 'utf8')).hooks.BeforeTool[0].hooks[0].command as string;
    const claude = JSON.parse(await readFile(join(project, '.claude', 'settings.json'), 'utf8')).hooks.PreToolUse[0].hooks[0].command as string;
    // The wired command, as Gemini CLI runs it, with the prefix's bin on PATH (not npx --no, which fails here).
    const wired = await execa('/bin/sh', ['-c', gemini], { cwd: project, env, extendEnv: false, reject: false, input: JSON.stringify({ session_id: 's1', cwd: project, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } }) });

    expect(shown.stdout.trim()).toBe(version);
    expect(ran.stdout).toContain('PreToolUse: proceed');
    expect(gemini.startsWith('hookpool run --format gemini BeforeTool')).toBe(true);
    expect(claude.startsWith('hookpool-client --format claude')).toBe(true);
    expect(JSON.parse(wired.stdout)).toMatchObject({ decision: 'deny' });
  }, INSTALL_TIMEOUT_MS);
});
