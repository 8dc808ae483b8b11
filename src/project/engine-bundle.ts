// What `hookpool run` needs beyond a run that matches no hook: the planner and the engine, and on
// a cache miss the configuration loader. The published executable gets it as a second CommonJS
// bundle (scripts/bundle-cli.js), required only when one of these is needed: a run matching
// nothing never compiles it, and one that runs a hook skips Node's ES module loader.
export { createCliEngine } from './one-shot-engine.js';
export { planEvents } from '../plan/planner.js';
export { brokenHookDefinitions } from '../config/broken-hooks.js';
export { startDetachedBackground } from './detached-background.js';
export { startPlannedExport } from '../telemetry/cli-exporter.js';

/** The configuration loader, loaded on first use (a cache miss): its readers and yaml are needed only then. */
export function importConfigLoader(): Promise<typeof import('./load-project.js')> {
  return import('./load-project.js');
}
