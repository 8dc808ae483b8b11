// Bundles the executables and what `hookpool run` loads into CommonJS files beside the tsc
// build. Agents start `hookpool` once per tool call, and most of a short run used to go to Node's
// ES module loader (a resolve, read and link per file: ~40 files before the first byte of work,
// ~150 with the engine); a CommonJS file is read and compiled once.
// - `hookpool` (src/cli/bin.ts) and `hookpool-client` (src/client/main.ts): no npm dependency (the
//   build fails otherwise); the CLI's verbs other than `run` are imported from the tsc build.
// - `run` (src/cli/fast-run.ts: what a run that matches no hook needs), the run engine
//   (src/project/engine-bundle.ts: the planner and the engine) and the configuration loader (a cache
//   miss): loaded through the V8 code cache (src/cli/load-bundle.ts), each on first use, so none
//   may hold an import() (checked). `run` requires no npm dependency; the engine holds
//   signal-exit (every hook's run uses it; ~2 ms to require) and reaches the rest only on first
//   use (src/plan/lazy-packages.ts) or behind an import() (the configuration loader, a module
//   hook's pool): the build fails if it reaches one without.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = (file) => join(ROOT, file);

const RUN = { entry: source('src/cli/fast-run.ts'), outfile: source('dist/src/cli/hookpool-run.cjs') };
const RUN_ENGINE = { entry: source('src/project/engine-bundle.ts'), outfile: source('dist/src/cli/hookpool-run-engine.cjs') };
const CONFIG_LOADER = { entry: source('src/project/load-project.ts'), outfile: source('dist/src/cli/hookpool-config-loader.cjs') };
// Loaded through the code cache (src/cli/load-bundle.ts: a vm script, which has no import()).
const CACHED = [RUN, RUN_ENGINE, CONFIG_LOADER];
const PROGRAM = source('src/cli/program.ts');

const LOAD_BUNDLE = source('src/cli/load-bundle.ts');
const EXECUTABLES = [
  { entry: source('src/cli/bin.ts'), outfile: source('dist/src/cli/hookpool.cjs') },
  { entry: source('src/client/main.ts'), outfile: source('dist/src/client/hookpool-client.cjs') },
];

const COMMON = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // import() of an npm dependency or of the tsc build stays import(): those are ES modules.
  supported: { 'dynamic-import': true },
  // The bundled modules find files beside them (the workers, the built-ins, the package root) from their URL.
  define: { 'import.meta.url': 'bundleUrl' },
  banner: { js: "const bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  metafile: true,
  logLevel: 'warning',
};

// The packages of `names` that the entry reaches through static imports only, each with the chain that reaches it.
function eagerRequires(metafile, entry, names) {
  const via = new Map([[entry, null]]);
  const queue = [entry];
  const found = [];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const { path, kind } of metafile.inputs[file]?.imports ?? []) {
      if (kind === 'dynamic-import' || via.has(path)) continue;
      via.set(path, file);
      if (names.includes(path)) found.push(chainTo(via, path).join(' -> '));
      else queue.push(path);
    }
  }
  return found;
}

function chainTo(via, path) {
  const chain = [];
  for (let at = path; at !== null; at = via.get(at)) chain.unshift(at);
  return chain;
}

function resolvedSource(path, resolveDir) {
  return resolve(resolveDir, path).replace(/\.js$/, '.ts');
}

// An import of another bundle's entry becomes a load of that bundle (src/cli/load-bundle.ts: a
// require() with a V8 code cache), evaluated where the import is (an import() of a CommonJS file
// would go through the ES module loader, ~35 ms).
function requireBundles(outfile, bundles) {
  return {
    name: 'require-bundles',
    setup(bundler) {
      bundler.onResolve({ filter: /^\.\.?\// }, ({ path, resolveDir }) => {
        const bundle = bundles.find(({ entry }) => entry === resolvedSource(path, resolveDir));
        return bundle === undefined ? undefined : { path: bundle.outfile, namespace: 'bundle' };
      });
      bundler.onLoad({ filter: /.*/, namespace: 'bundle' }, ({ path }) => ({
        contents: `module.exports = require(${JSON.stringify(LOAD_BUNDLE)}).loadBundle(require('node:path').join(__dirname, ${JSON.stringify(relative(dirname(outfile), path))}));`,
        loader: 'js',
        resolveDir: ROOT,
      }));
      bundler.onResolve({ filter: /\.cjs$/, namespace: 'bundle' }, ({ path }) => ({ path, external: true }));
    },
  };
}

// In an executable, the verbs come from the tsc build.
function programFromTscBuild(outfile) {
  return {
    name: 'program-from-tsc-build',
    setup(bundler) {
      bundler.onResolve({ filter: /^\.\.?\// }, ({ path, resolveDir, kind }) => {
        if (resolvedSource(path, resolveDir) !== PROGRAM) return undefined;
        if (kind !== 'dynamic-import') throw new Error('src/cli/program.ts must be imported dynamically to stay out of the bundle');
        return { path: `./${relative(dirname(outfile), join(ROOT, 'dist/src/cli/program.js'))}`, external: true };
      });
    },
  };
}

const BUNDLED_IN_RUN_ENGINE = ['signal-exit'];
const { dependencies, optionalDependencies, peerDependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
// The OpenTelemetry packages (optional: the API a peer, the SDK optional dependencies) stay external too, required on first use.
const required = Object.keys({ ...dependencies, ...optionalDependencies, ...peerDependencies }).filter((name) => !BUNDLED_IN_RUN_ENGINE.includes(name));

await build({ ...COMMON, entryPoints: [CONFIG_LOADER.entry], outfile: CONFIG_LOADER.outfile, external: required });
const engine = await build({ ...COMMON, entryPoints: [RUN_ENGINE.entry], outfile: RUN_ENGINE.outfile, external: required, plugins: [requireBundles(RUN_ENGINE.outfile, [CONFIG_LOADER])] });
const eager = eagerRequires(engine.metafile, relative(ROOT, RUN_ENGINE.entry), [...required, `bundle:${CONFIG_LOADER.outfile}`]);
if (eager.length > 0) {
  console.error(`bundle-cli: the run engine loads ${eager.join('; ')} without an import(): a run would load them for every hook`);
  process.exit(1);
}

for (const { entry, outfile } of [RUN, ...EXECUTABLES]) {
  const result = await build({ ...COMMON, entryPoints: [entry], outfile, plugins: [requireBundles(outfile, [RUN_ENGINE]), programFromTscBuild(outfile)] });
  const dependencies = Object.keys(result.metafile.inputs).filter((input) => input.includes('node_modules/'));
  if (dependencies.length > 0) {
    console.error(`bundle-cli: ${relative(ROOT, outfile)} would include npm dependencies (${dependencies.join(', ')}): reach them through src/project/engine-bundle.ts or program.ts`);
    process.exit(1);
  }
}

for (const { outfile } of CACHED) {
  if (/\bimport\(/.test(readFileSync(outfile, 'utf8'))) {
    console.error(`bundle-cli: ${relative(ROOT, outfile)} holds an import(), which a bundle loaded through the code cache cannot run`);
    process.exit(1);
  }
}
