// Worker threads run compiled JavaScript. From the build the worker sits beside this file's
// folder; from source (tests run the .ts files) it is taken from the build, which `npm test` makes first.
export function workerFileUrl(): URL {
  const fromBuild = new URL('../../workers/spawn-hook.js', import.meta.url);
  return import.meta.url.endsWith('.ts') ? new URL('../../dist/workers/spawn-hook.js', import.meta.url) : fromBuild;
}
