// Where each built-in's module is, and which built-ins run on the agent's thread. Apart from the
// catalog (which loads zod schemas), so the engine that runs hooks can tell without loading them.
import { fileURLToPath } from 'node:url';

/**
 * A built-in's module. Modules run compiled: from the build they sit in this file's folder (found
 * from a bundle in dist/src/cli/ too); from source (tests run the .ts files) they come from the
 * build, which `npm test` makes first.
 */
export function builtinModulePath(name: string): string {
  const folder = import.meta.url.endsWith('.ts') ? '../../dist/src/builtins/' : '../builtins/';
  return fileURLToPath(new URL(`${folder}${name}.js`, import.meta.url));
}

/** A built-in's module as the agent's thread loads it. */
export type BuiltinModuleLoader = () => Promise<Readonly<Record<string, unknown>>>;

/**
 * The built-ins that run on the agent's thread instead of in a pool worker: they ask the engine's
 * prompt evaluator, a function of the agent's, which cannot cross into a worker (smart-commit, for
 * its commit message). Only hookpool's own code runs there, and it only waits on its processes.
 * Each is loaded by a static import() on its first run (bundled, so the run engine's bundle holds
 * no import() and loads the module's dependencies only then).
 */
const AGENT_THREAD_BUILTINS: Readonly<Record<string, BuiltinModuleLoader>> = {
  'smart-commit': () => import('./smart-commit.js'),
};

/** The loaders of those built-ins, by their module's path as the catalog names it. */
export const AGENT_THREAD_MODULES: ReadonlyMap<string, BuiltinModuleLoader> = new Map(Object.entries(AGENT_THREAD_BUILTINS).map(([name, load]) => [builtinModulePath(name), load]));
