// Bundles the two executables, `hookpool` (src/cli/main.ts) and `hookpool-client`
// (src/client/main.ts), each into one CommonJS file beside its compiled entry. Agents start them
// once per tool call, and most of a short run used to go to Node's ES module loader (a resolve,
// read and link per file: ~40 files before the first byte of work) and to the ESM entry itself;
// one CommonJS file is read and compiled once.
// A bundle holds only what a run that matches no hook needs: the modules in LOADED_FROM_BUILD
// (the engine, the config loader, the other verbs) are imported from the tsc build when a run
// needs them, and the build fails when a bundle would pull in an npm dependency, so the fast
// path stays small.
import { build } from 'esbuild';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const EXECUTABLES = [
  { entry: 'src/cli/main.ts', outfile: 'dist/src/cli/hookpool.cjs' },
  { entry: 'src/client/main.ts', outfile: 'dist/src/client/hookpool-client.cjs' },
];

/** Source modules imported (dynamically) from the tsc build instead of being bundled. */
const LOADED_FROM_BUILD = new Set([
  'src/cli/program.ts',
  'src/cli/create-cli-engine.ts',
  'src/cli/load-cli-config.ts',
  'src/plan/planner.ts',
  'src/config/broken-hooks.ts',
].map((file) => join(ROOT, file)));

// A dynamic import of one of those becomes an import() of its compiled file, relative to the bundle.
function loadFromBuild(outfile) {
  return {
    name: 'load-from-build',
    setup(bundler) {
      bundler.onResolve({ filter: /^\.\.?\// }, ({ path, resolveDir, kind }) => {
        const source = resolve(resolveDir, path).replace(/\.js$/, '.ts');
        if (!LOADED_FROM_BUILD.has(source)) return undefined;
        if (kind !== 'dynamic-import') throw new Error(`${relative(ROOT, source)} must be imported dynamically to stay out of the bundle`);
        const compiled = join(ROOT, 'dist', relative(ROOT, source)).replace(/\.ts$/, '.js');
        return { path: `./${relative(dirname(outfile), compiled)}`, external: true };
      });
    },
  };
}

for (const { entry, outfile } of EXECUTABLES) {
  const target = join(ROOT, outfile);
  const result = await build({
    entryPoints: [join(ROOT, entry)],
    outfile: target,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // import() stays import(): the modules left out are ES modules.
    supported: { 'dynamic-import': true },
    // The bundled modules find files beside them (the workers, the package root) from their URL.
    define: { 'import.meta.url': 'bundleUrl' },
    banner: { js: "const bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [loadFromBuild(target)],
    metafile: true,
    logLevel: 'warning',
  });
  const dependencies = Object.keys(result.metafile.inputs).filter((input) => input.includes('node_modules/'));
  if (dependencies.length > 0) {
    console.error(`bundle-cli: ${outfile} would include npm dependencies (${dependencies.join(', ')}): import them from a module in LOADED_FROM_BUILD`);
    process.exit(1);
  }
}
