// Bundles the two executables, `hookpool` (src/cli/main.ts) and `hookpool-client`
// (src/client/main.ts), each into one CommonJS file beside its compiled entry. Agents start them
// once per tool call, and most of a short run used to go to Node's ES module loader (a resolve,
// read and link per file: ~40 files before the first byte of work, ~150 with the engine) and to
// the ESM entry itself; a CommonJS file is read and compiled once.
// The executables hold only what a run that matches no hook needs, and no npm dependency (the
// build fails otherwise). What `run` needs beyond that (src/cli/run-engine.ts: the config loader,
// the planner, the engine) is a second bundle, required on first use, with the dependencies
// required from node_modules; the other verbs (src/cli/program.ts) are imported from the tsc build.
import { build } from 'esbuild';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = (file) => join(ROOT, file);

const RUN_ENGINE = { entry: source('src/cli/run-engine.ts'), outfile: source('dist/src/cli/hookpool-run-engine.cjs') };
const PROGRAM = source('src/cli/program.ts');

const EXECUTABLES = [
  { entry: source('src/cli/main.ts'), outfile: source('dist/src/cli/hookpool.cjs') },
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

function resolvedSource(path, resolveDir) {
  return resolve(resolveDir, path).replace(/\.js$/, '.ts');
}

// In an executable: the verbs come from the tsc build; run-engine.ts is a module that requires
// the engine bundle, so that its first import costs one require (an import() of a CommonJS file
// would go through the ES module loader, ~35 ms).
function splitExecutable(outfile) {
  return {
    name: 'split-executable',
    setup(bundler) {
      bundler.onResolve({ filter: /^\.\.?\// }, ({ path, resolveDir, kind }) => {
        const file = resolvedSource(path, resolveDir);
        if (file === RUN_ENGINE.entry) return { path: file, namespace: 'run-engine' };
        if (file !== PROGRAM) return undefined;
        if (kind !== 'dynamic-import') throw new Error('src/cli/program.ts must be imported dynamically to stay out of the bundle');
        return { path: `./${relative(dirname(outfile), join(ROOT, 'dist/src/cli/program.js'))}`, external: true };
      });
      bundler.onLoad({ filter: /.*/, namespace: 'run-engine' }, () => ({
        contents: `module.exports = require('./${relative(dirname(outfile), RUN_ENGINE.outfile)}');`,
        loader: 'js',
      }));
      bundler.onResolve({ filter: /\.cjs$/, namespace: 'run-engine' }, ({ path }) => ({ path, external: true }));
    },
  };
}

const engine = await build({ ...COMMON, entryPoints: [RUN_ENGINE.entry], outfile: RUN_ENGINE.outfile, packages: 'external' });
if (Object.keys(engine.metafile.inputs).some((input) => input.includes('node_modules/'))) throw new Error('bundle-cli: the run engine bundle must require its dependencies');

for (const { entry, outfile } of EXECUTABLES) {
  const result = await build({ ...COMMON, entryPoints: [entry], outfile, plugins: [splitExecutable(outfile)] });
  const dependencies = Object.keys(result.metafile.inputs).filter((input) => input.includes('node_modules/'));
  if (dependencies.length > 0) {
    console.error(`bundle-cli: ${relative(ROOT, outfile)} would include npm dependencies (${dependencies.join(', ')}): reach them through src/cli/run-engine.ts or program.ts`);
    process.exit(1);
  }
}
